import Foundation
import TestSupport
import Testing

/// Every output over `s3://` goes through the one JSON envelope (JSONOutputTests): each
/// command's success under a prefix, encrypted backups included, and its failures — credentials
/// refused and a key that opens nothing, both 77 (`permission`), a missing bucket or object
/// (66), the lock object held (75) — validated against
/// Docs/json-output.schema.json with Python's `jsonschema`.
extension RemoteLocationTests {
    @Test func everyRemoteOutcomeIsOneDocumentTheSchemaAccepts() throws {
        let store = try workspace.sampleStore()
        let dir = "s3://\(bucket)/json"
        let key = try workspace.ageKey()
        let stranger = try workspace.ageKey("stranger.txt")
        let passphrase = try workspace.passphraseFile("over object storage")
        let (keyFile, strangerFile) = (key.identityFile.path, stranger.identityFile.path)
        let (sealed, object) = ("\(dir)-age", "s3://\(bucket)/age.ddbackup")
        let refused = environment(nil, ["AWS_SECRET_ACCESS_KEY": "Wr0ngSecret/\(UUID().uuidString)"])
        let missingBucket = "s3://no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())/x"
        var runs: [(arguments: [String], status: Int32, environment: [String: String])] = [
            (["backup", "--dir", dir, "--store", store], 0, environment()),
            (["backup", "--dir", dir, "--store", store, "--keep-last", "1"], 0, environment()),
            (["backup", "--dir", dir, "--store", store], 77, refused),
            (["backup", "--dir", missingBucket, "--store", store], 66, environment()),
            (["list", "--dir", dir, "--verify"], 0, environment()),
            (["list", "--dir", dir], 77, refused),
            (["prune", "--dir", dir, "--keep-last", "1", "--dry-run"], 0, environment()),
            (["prune", "--dir", dir, "--keep-last", "1"], 0, environment()),
            (["restore", "--dir", dir, "--store", workspace.path("restored.sqlite")], 0, environment()),
            (["restore", "--dir", dir, "--store", workspace.path("refused.sqlite")], 77, refused),
            (["export", "--store", store, "-o", "s3://\(bucket)/one.ddbackup"], 0, environment()),
            (["export", "--store", store, "-o", "s3://\(bucket)/one.ddbackup"], 77, refused),
            (["validate", "s3://\(bucket)/one.ddbackup"], 0, environment()),
            (["inspect", "s3://\(bucket)/one.ddbackup"], 0, environment()),
            (["import", "s3://\(bucket)/one.ddbackup", "--store", workspace.path("copy.sqlite")], 0, environment()),
            (["import", "s3://\(bucket)/none.ddbackup", "--store", workspace.path("none.sqlite")], 66, environment()),
            (["upgrade", "s3://\(bucket)/one.ddbackup", "-o", workspace.path("upgraded.ddbackup")], 0, environment()),
            // Encrypted: to a key, and with a passphrase (read back in full).
            (["backup", "--dir", sealed, "--store", store, "--recipient", key.recipient], 0, environment()),
            (["backup", "--dir", sealed, "--store", store, "--passphrase-file", passphrase], 0, environment()),
            (["list", "--dir", sealed], 0, environment()),
            (["list", "--dir", sealed, "--verify", "--identity", strangerFile], 77, environment()),
            (["export", "--store", store, "-o", object, "--recipient", key.recipient], 0, environment()),
            (["validate", object, "--identity", keyFile], 0, environment()),
            (["inspect", object, "--identity", keyFile], 0, environment()),
            (["import", object, "--store", workspace.path("age.sqlite")], 77, environment()),
            (["import", object, "--store", workspace.path("age.sqlite"), "--identity", keyFile], 0, environment()),
            (
                ["upgrade", object, "-o", workspace.path("age-upgraded.ddbackup"), "--identity", strangerFile], 77,
                environment()
            ),
            // A restore from encrypted backups: the newest (the passphrase's) needs its key.
            (["restore", "--dir", sealed, "--store", workspace.path("sealed-none.sqlite")], 77, environment()),
            (
                [
                    "restore", "--dir", sealed, "--store", workspace.path("sealed.sqlite"), "--passphrase-file",
                    passphrase,
                ],
                0, environment()
            ),
        ]
        var documents: [Data] = []
        var byRun: [[String: Any]] = []
        func run(_ arguments: [String], _ status: Int32, _ variables: [String: String]) throws {
            let output = try workspace.backupctl(arguments: arguments + ["--json"], environment: variables)
            #expect(output.status == status, "\(arguments): \(output.stderrText)")
            let lines = output.stdout.split(separator: UInt8(ascii: "\n"))
            #expect(lines.count == 1, "\(arguments): one document, on one line")
            let line = try #require(lines.last, "\(arguments): no document")
            let document = try ProcessOutput.jsonObject(from: Data(line))
            #expect(document["command"] as? String == arguments[0], "\(arguments)")
            #expect(document["ok"] as? Bool == (status == 0), "\(arguments)")
            if status != 0 {
                #expect(document["exitCode"] as? Int == Int(status), "\(arguments)")
                let error = try #require(document["error"] as? String)
                #expect(output.stderrText.contains("error: \(error)\n"), "\(arguments)")
            }
            if status == 77 { #expect(document["status"] as? String == "permission", "\(arguments)") }
            documents.append(Data(line))
            byRun.append(document)
        }
        for (arguments, status, variables) in runs { try run(arguments, status, variables) }
        #expect(!FileManager.default.fileExists(atPath: workspace.path("refused.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("age-upgraded.ddbackup")))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("sealed-none.sqlite")))

        // The envelope's names hold s3:// locations; the encryption fields are those of a local backup.
        #expect((byRun[0]["output"] as? String)?.hasPrefix("s3://\(bucket)/json/domaindig-") == true)
        #expect(byRun[4]["directory"] as? String == dir)
        let listedEncrypted = try #require(byRun[19]["backups"] as? [[String: Any]])
        #expect(listedEncrypted.count == 2 && listedEncrypted.allSatisfy { $0["encrypted"] as? Bool == true })
        #expect(byRun[17]["readBack"] as? String == "without-key")
        #expect(byRun[18]["readBack"] as? String == "full")
        #expect(byRun[18]["encryption"] as? [String: String] == ["method": "passphrase"])
        #expect(byRun[21]["encrypted"] as? Bool == true)
        #expect(byRun[23]["encrypted"] as? Bool == true)

        // The lock object held by another run: busy (75) for backup and prune alike.
        let expires = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
        try moto.put(
            #"{"token":"other-run","host":"elsewhere","pid":4242,"created":"\#(expires)","expires":"\#(expires)"}"#,
            at: "json/.backupctl.lock", in: bucket)
        runs = [
            (["backup", "--dir", dir, "--store", store], 75, environment()),
            (["prune", "--dir", dir, "--keep-last", "1"], 75, environment()),
        ]
        for (arguments, status, variables) in runs { try run(arguments, status, variables) }
        #expect(try JSONOutputTests.schemaProblems(documents) == [])
    }
}
