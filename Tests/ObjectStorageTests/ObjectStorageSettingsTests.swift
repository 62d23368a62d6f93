import Foundation
import ObjectStorage
import TestSupport
import Testing

@Suite struct ObjectStorageSettingsTests {
    let directory: TemporaryDirectory
    let credentialsFile: URL
    let configFile: URL

    init() throws {
        directory = try TemporaryDirectory(prefix: "aws-settings")
        credentialsFile = directory.file("credentials")
        configFile = directory.file("config")
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": directory.path, "AWS_SHARED_CREDENTIALS_FILE": credentialsFile.path,
            "AWS_CONFIG_FILE": configFile.path,
        ]
        for (name, value) in extra { environment[name] = value }
        return environment
    }

    func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    /// Writes the shared files given (the others stay absent), then resolves the settings with
    /// `variables` added to the environment.
    func resolve(credentials: String? = nil, config: String? = nil, _ variables: [String: String] = [:]) throws
        -> ObjectStorageSettings
    {
        if let credentials { try write(credentials, to: credentialsFile) }
        if let config { try write(config, to: configFile) }
        return try ObjectStorageSettings.resolve(environment: environment(variables))
    }

    @Test func takesTheEnvironmentFirst() throws {
        let settings = try resolve(
            credentials: "[default]\naws_access_key_id = FROMFILE\naws_secret_access_key = file-secret\n",
            [
                "AWS_ACCESS_KEY_ID": "FROMENV", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_SESSION_TOKEN": "env-token",
                "AWS_REGION": "eu-west-3", "AWS_DEFAULT_REGION": "us-west-2",
            ])
        #expect(settings.credentials.accessKeyID == "FROMENV")
        #expect(settings.credentials.secretAccessKey == SecretString("env-secret"))
        #expect(settings.credentials.sessionToken == SecretString("env-token"))
        #expect(settings.region == "eu-west-3")
        #expect(settings.endpoint == S3Endpoint.aws(region: "eu-west-3"))
        #expect(settings.retry.maxAttempts == 5)
        #expect(settings.partSize == 8 << 20)
    }

    @Test func readsTheProfileFromTheSharedFiles() throws {
        try write(
            """
            # a comment
            [default]
            aws_access_key_id = DEFAULTKEY
            aws_secret_access_key = default-secret

            [offsite]
            aws_access_key_id = OFFSITEKEY
            aws_secret_access_key = offsite-secret
            aws_session_token = offsite-token
            """, to: credentialsFile)
        try write(
            """
            [default]
            region = us-west-1
            [profile offsite]
            region = auto
            endpoint_url = https://account.r2.cloudflarestorage.com
            max_attempts = 7
            s3 =
              addressing_style = virtual
            ca_bundle = /etc/ssl/certs/ca.pem
            """, to: configFile)
        let settings = try ObjectStorageSettings.resolve(environment: environment(["AWS_PROFILE": "offsite"]))
        #expect(settings.credentials.accessKeyID == "OFFSITEKEY")
        #expect(settings.credentials.sessionToken == SecretString("offsite-token"))
        #expect(settings.credentials.source.contains("profile offsite in \(credentialsFile.path)"))
        #expect(settings.region == "auto")
        #expect(settings.endpoint.host == "account.r2.cloudflarestorage.com")
        #expect(settings.endpoint.addressingStyle == .virtual)
        #expect(settings.retry.maxAttempts == 7)
        #expect(settings.http.certificateAuthorities == "/etc/ssl/certs/ca.pem")

        let fallback = try ObjectStorageSettings.resolve(environment: environment())
        #expect(fallback.credentials.accessKeyID == "DEFAULTKEY")
        #expect(fallback.region == "us-west-1")
        #expect(fallback.endpoint.addressingStyle == .auto)
    }

    @Test func takesCredentialsFromTheConfigFileWhenTheCredentialsFileHasNone() throws {
        let settings = try resolve(
            config: "[profile work]\naws_access_key_id = CONFIGKEY\naws_secret_access_key = config-secret\n",
            ["AWS_PROFILE": "work"])
        #expect(settings.credentials.accessKeyID == "CONFIGKEY")
    }

    @Test func prefersTheS3EndpointVariableAndReadsThePathStyleSetting() throws {
        let settings = try resolve(
            config: "[default]\ns3 =\n    addressing_style = path\n",
            [
                "AWS_ACCESS_KEY_ID": "K", "AWS_SECRET_ACCESS_KEY": "S", "AWS_ENDPOINT_URL": "http://other:1",
                "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000", "AWS_MAX_ATTEMPTS": "2",
                "BACKUPCTL_S3_PART_SIZE": String(5 << 20),
            ])
        #expect(settings.endpoint.description == "http://127.0.0.1:9000")
        #expect(settings.endpoint.addressingStyle == .path)
        #expect(settings.retry.maxAttempts == 2)
        #expect(settings.partSize == 5 << 20)
    }

    @Test(arguments: [
        (["AWS_ACCESS_KEY_ID": "K"], "AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not"),
        (["AWS_SECRET_ACCESS_KEY": "half-secret"], "AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not"),
        ([:], "none in the environment"),
    ])
    func refusesMissingOrHalfCredentials(variables: [String: String], _: String) throws {
        #expect {
            try ObjectStorageSettings.resolve(environment: environment(variables))
        } throws: { error in
            guard let error = error as? ObjectStorageError, case .missingCredentials = error else { return false }
            return error.category == .credentials && !"\(error)".contains("half-secret")
        }
    }

    @Test(arguments: [
        ["AWS_PROFILE": "nowhere"],
        ["AWS_MAX_ATTEMPTS": "0"],
        ["AWS_MAX_ATTEMPTS": "many"],
        ["BACKUPCTL_S3_PART_SIZE": "1024"],
        ["AWS_ENDPOINT_URL": "ftp://example.com"],
        ["AWS_ENDPOINT_URL": "not a url"],
    ])
    func refusesSettingsItCannotUse(variables: [String: String]) throws {
        var all = ["AWS_ACCESS_KEY_ID": "K", "AWS_SECRET_ACCESS_KEY": "S"]
        for (name, value) in variables { all[name] = value }
        #expect {
            try ObjectStorageSettings.resolve(environment: environment(all))
        } throws: { error in
            (error as? ObjectStorageError)?.category == .usage
        }
    }

    @Test func neverPrintsASecret() throws {
        let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
        let token = "session-token-example"
        let settings = try ObjectStorageSettings.resolve(
            environment: environment([
                "AWS_ACCESS_KEY_ID": "AKIAEXAMPLE", "AWS_SECRET_ACCESS_KEY": secret, "AWS_SESSION_TOKEN": token,
            ]))
        var dumped = ""
        dump(settings, to: &dumped)
        for text in [
            "\(settings)", String(describing: settings), String(reflecting: settings), dumped,
            "\(settings.credentials)", "\(settings.credentials.secretAccessKey)",
        ] {
            #expect(!text.contains(secret))
            #expect(!text.contains(token))
        }
        #expect("\(settings.credentials)".contains("AKIAEXAMPLE"))
        #expect("\(settings.credentials.secretAccessKey)" == "<redacted>")
    }

    @Test func parsesTheSharedFileFormat() {
        let file = AWSConfigFile(
            text: """
                ; comment
                [profile a]
                region=eu-north-1
                s3 =
                  addressing_style = path
                  endpoint_url = http://s3.local
                output = json
                  [not a section
                [b]
                """)
        #expect(file.sections["profile a"]?["region"] == "eu-north-1")
        #expect(file.sections["profile a"]?["s3.addressing_style"] == "path")
        #expect(file.sections["profile a"]?["s3.endpoint_url"] == "http://s3.local")
        #expect(file.sections["profile a"]?["output"] == "json")
        #expect(file.sections["b"] == [:])
    }
}
