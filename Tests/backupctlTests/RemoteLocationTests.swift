import Foundation
import TestSupport
import Testing

/// `s3://bucket/prefix` locations end to end: the built backupctl against moto's S3 server on
/// 127.0.0.1 (which checks every signature), through a fault-injecting proxy where a test needs
/// faults.
@Suite struct RemoteLocationTests {
    let workspace: CommandWorkspace
    let moto: MotoServer
    let bucket: String

    init() throws {
        workspace = try CommandWorkspace()
        moto = try MotoServer.shared()
        bucket = try moto.newBucket("cli")
    }

    func environment(_ proxy: FaultProxy? = nil, _ extra: [String: String] = [:]) -> [String: String] {
        var variables = moto.environment(endpoint: proxy?.endpoint)
        variables["AWS_MAX_ATTEMPTS"] = "3"
        for (name, value) in extra { variables[name] = value }
        return variables
    }

    func backupNames(_ prefix: String) throws -> [String] {
        try moto.objects(in: bucket, prefix: prefix).map(\.key).filter { $0.hasSuffix(".ddbackup") }
    }

    @Test func backsUpListsPrunesAndRestoresOverAPrefix() throws {
        let store = try workspace.sampleStore()
        // In the order they were made: runs in the same second are numbered (`…Z-2.ddbackup`),
        // which sorts before `…Z.ddbackup` in a listing by key.
        var created: [String] = []
        for _ in 0..<3 {
            let backup = try workspace.backupctl(
                "backup", "--dir", "s3://\(bucket)/daily", "--store", store, "--keep-last", "2",
                environment: environment())
            #expect(backup.status == 0, "\(backup.stderrText)")
            created += try backupNames("daily/").filter { !created.contains($0) }
        }
        let names = Array(created.suffix(2))
        #expect(try Set(backupNames("daily/")) == Set(names))
        #expect(try moto.objects(in: bucket).map(\.key).allSatisfy { $0.hasPrefix("daily/domaindig-") })

        let list = try workspace.backupctl(
            "list", "--dir", "s3://\(bucket)/daily", "--verify", "--json", environment: environment())
        #expect(list.status == 0, "\(list.stderrText)")
        let listed = try list.jsonObject()["backups"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["name"] as? String } == names.map { String($0.dropFirst("daily/".count)) })
        #expect(listed.allSatisfy { $0["health"] as? String == "good" })

        let prune = try workspace.backupctl(
            "prune", "--dir", "s3://\(bucket)/daily", "--keep-last", "1", environment: environment())
        #expect(prune.status == 0, "\(prune.stderrText)")
        #expect(try backupNames("daily/") == [names.last!])

        let restored = workspace.path("restored.sqlite")
        let restore = try workspace.backupctl(
            "import", "s3://\(bucket)/\(names.last!)", "--store", restored, environment: environment())
        #expect(restore.status == 0, "\(restore.stderrText)")
        let status = try workspace.backupctl("status", "--store", restored, "--json")
        #expect(status.status == 0)
    }

    @Test func exportsAndImportsASingleObject() throws {
        let store = try workspace.sampleStore()
        let object = "s3://\(bucket)/exports/one.ddbackup"
        let export = try workspace.backupctl("export", "--store", store, "-o", object, environment: environment())
        #expect(export.status == 0, "\(export.stderrText)")
        for command in ["validate", "inspect"] {
            let output = try workspace.backupctl(command, object, environment: environment())
            #expect(output.status == 0, "\(command): \(output.stderrText)")
        }
        let imported = try workspace.backupctl(
            "import", object, "--store", workspace.path("copy.sqlite"), environment: environment())
        #expect(imported.status == 0, "\(imported.stderrText)")
        let upgraded = try workspace.backupctl(
            "upgrade", object, "-o", workspace.path("upgraded.ddbackup"), environment: environment())
        #expect(upgraded.status == 0, "\(upgraded.stderrText)")

        let missing = try workspace.backupctl(
            "import", "s3://\(bucket)/exports/none.ddbackup", "--store", workspace.path("none.sqlite"),
            environment: environment())
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: workspace.path("none.sqlite")))
    }

    /// Lossless backups (version 4) under a prefix exactly as in a directory: what the store
    /// holds beyond its records — a store key of a newer app, records this build cannot read —
    /// travels in the carried entries through backup, list, inspect and import, and restores the
    /// same keys, byte for byte, as the local backup of the same store.
    @Test func carriesWhatTheStoreHoldsBeyondItsRecordsAsALocalBackupDoes() throws {
        let store = try workspace.sampleStore()
        let local = workspace.path("local")
        #expect(try workspace.backupctl("backup", "--dir", local, "--store", store).status == 0)
        let remote = try workspace.backupctl(
            "backup", "--dir", "s3://\(bucket)/lossless", "--store", store, environment: environment())
        #expect(remote.status == 0, "\(remote.stderrText)")
        let localName = try #require(
            try FileManager.default.contentsOfDirectory(atPath: local).first { $0.hasSuffix(".ddbackup") })
        let remoteKey = try #require(try backupNames("lossless/").first)

        func listed(_ dir: String) throws -> [String: Any] {
            let list = try workspace.backupctl("list", "--dir", dir, "--verify", "--json", environment: environment())
            #expect(list.status == 0, "\(list.stderrText)")
            return try #require((try list.jsonObject()["backups"] as? [[String: Any]])?.first)
        }
        let listedLocally = try listed(local)
        let listedRemotely = try listed("s3://\(bucket)/lossless")
        #expect(listedRemotely["schemaVersion"] as? Int == 4)
        #expect(listedRemotely["records"] as? Int == listedLocally["records"] as? Int)
        #expect(listedRemotely["health"] as? String == "good")

        let inspected = try workspace.backupctl("inspect", "s3://\(bucket)/\(remoteKey)", environment: environment())
        #expect(inspected.status == 0, "\(inspected.stderrText)")
        #expect(inspected.stdoutText.contains("storeKeys"), "\(inspected.stdoutText)")
        #expect(inspected.stdoutText.contains("unreadableRecords"), "\(inspected.stdoutText)")

        func restore(_ backup: String, as name: String) throws -> (contents: String, carried: [String: Any]?) {
            let restored = workspace.path(name)
            let output = try workspace.backupctl(
                "import", backup, "--store", restored, "--json", environment: environment())
            #expect(output.status == 0, "\(output.stderrText)")
            // Every key but the journal, which records when the migrations ran.
            let contents = try workspace.storeContents(restored).split(separator: "\n")
                .filter { !$0.hasPrefix("data.migrationJournal ") }.joined(separator: "\n")
            return (contents, try output.jsonObject()["carried"] as? [String: Any])
        }
        let fromLocal = try restore(local + "/" + localName, as: "from-local.sqlite")
        let fromRemote = try restore("s3://\(bucket)/\(remoteKey)", as: "from-remote.sqlite")
        #expect(fromRemote.contents == fromLocal.contents)
        #expect(fromRemote.contents.contains("reminders.v2 data"), "the newer app's key is restored")
        let carried = try #require(fromRemote.carried)
        #expect((carried["storeKeys"] as? [String: Int])?["added"] == 1)
        #expect(((carried["unreadableRecords"] as? [String: Int])?["restored"] ?? 0) > 0)
        #expect(
            NSDictionary(dictionary: carried).isEqual(to: fromLocal.carried ?? [:]),
            "\(carried) \(fromLocal.carried ?? [:])")
    }

    @Test func uploadsALargeBackupInParts() throws {
        let proxy = try FaultProxy(upstreamPort: moto.port)
        let store = try workspace.sampleStore(size: "medium")
        let backup = try workspace.backupctl(
            "backup", "--dir", "s3://\(bucket)/big", "--store", store, "--compression", "none",
            environment: environment(proxy, ["BACKUPCTL_S3_PART_SIZE": String(5 << 20)]))
        #expect(backup.status == 0, "\(backup.stderrText)")
        let parts = try proxy.requests().filter { $0.method == "PUT" && $0.query.contains("partNumber") }
        #expect(parts.count >= 3)
        #expect(try proxy.requests().filter { $0.method == "POST" && $0.query.contains("uploadId") }.count == 1)
        let stored = try moto.objects(in: bucket, prefix: "big/").filter { $0.key.hasSuffix(".ddbackup") }
        #expect(stored.count == 1 && stored[0].size > 3 * (5 << 20))
        #expect(try moto.multipartUploads(in: bucket).isEmpty)
    }

    /// A fault on every attempt: exit 74 with the endpoint's words, exactly AWS_MAX_ATTEMPTS
    /// attempts, and nothing under a backup name, no multipart upload, no lock left behind.
    @Test(arguments: [
        (FaultProxy.Fault.status(503, code: "SlowDown"), "SlowDown"),
        (FaultProxy.Fault.status(500, code: "InternalError"), "InternalError"),
        (FaultProxy.Fault.dropRequest(afterBytes: 1000), "3 times"),
    ])
    func failsABackupWhoseUploadKeepsFailing(fault: FaultProxy.Fault, words: String) throws {
        let proxy = try FaultProxy(upstreamPort: moto.port)
        try proxy.inject(fault, method: "PUT", query: "partNumber")
        try proxy.inject(fault, method: "PUT", path: ".ddbackup")
        let store = try workspace.sampleStore(size: "medium")
        let backup = try workspace.backupctl(
            "backup", "--dir", "s3://\(bucket)/failing", "--store", store, "--compression", "none",
            environment: environment(proxy, ["BACKUPCTL_S3_PART_SIZE": String(5 << 20)]))
        #expect(backup.status == 74)
        #expect(backup.stderrText.contains(words), "\(backup.stderrText)")
        let attempts = try proxy.requests().filter { $0.method == "PUT" && $0.fault != nil }
        #expect(attempts.count == 3)
        #expect(try moto.objects(in: bucket, prefix: "failing/").isEmpty)
        #expect(try moto.multipartUploads(in: bucket).isEmpty)
    }

    @Test func retriesThrottlingAndSucceeds() throws {
        let proxy = try FaultProxy(upstreamPort: moto.port)
        try proxy.inject(.status(503, code: "SlowDown"), method: "PUT", path: ".ddbackup", times: 2)
        let store = try workspace.sampleStore()
        let backup = try workspace.backupctl(
            "backup", "--dir", "s3://\(bucket)/throttled", "--store", store, environment: environment(proxy))
        #expect(backup.status == 0, "\(backup.stderrText)")
        let puts = try proxy.requests().filter { $0.method == "PUT" && $0.path.hasSuffix(".ddbackup") }
        #expect(puts.map(\.status) == [503, 503, 200])
        #expect(try backupNames("throttled/").count == 1)
    }

    @Test func failsARestoreWhoseDownloadKeepsBreaking() throws {
        let store = try workspace.sampleStore()
        let object = "s3://\(bucket)/restore/one.ddbackup"
        #expect(
            try workspace.backupctl("export", "--store", store, "-o", object, environment: environment()).status == 0)
        let proxy = try FaultProxy(upstreamPort: moto.port)
        try proxy.inject(.dropResponse(afterBytes: 100), method: "GET")
        let restored = workspace.path("restored.sqlite")
        let restore = try workspace.backupctl("import", object, "--store", restored, environment: environment(proxy))
        #expect(restore.status == 74, "\(restore.stderrText)")
        #expect(try proxy.requests().filter { $0.method == "GET" }.count == 3)
        #expect(!FileManager.default.fileExists(atPath: restored))
    }

    @Test func refusesAWrongSecretWithoutPrintingIt() throws {
        let store = try workspace.sampleStore()
        let secret = "Wr0ngSecret/\(UUID().uuidString)"
        let variables = environment(nil, ["AWS_SECRET_ACCESS_KEY": secret])
        for arguments in [
            ["backup", "--dir", "s3://\(bucket)/denied", "--store", store],
            ["backup", "--dir", "s3://\(bucket)/denied", "--store", store, "--json"],
            ["list", "--dir", "s3://\(bucket)/denied", "--json"],
            ["export", "--store", store, "-o", "s3://\(bucket)/denied/x.ddbackup", "-v"],
            ["import", "s3://\(bucket)/denied/x.ddbackup", "--store", workspace.path("x.sqlite")],
        ] {
            let output = try workspace.backupctl(arguments: arguments, environment: variables)
            #expect(output.status == 77, "\(arguments): \(output.stderrText)")
            #expect(!output.stdoutText.contains(secret) && !output.stderrText.contains(secret))
            #expect((output.stderrText + output.stdoutText).contains("refused the credentials"))
        }
        #expect(try moto.objects(in: bucket).isEmpty)
    }

    @Test func reportsAMissingBucket() throws {
        let store = try workspace.sampleStore()
        let backup = try workspace.backupctl(
            "backup", "--dir", "s3://no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())/x", "--store", store,
            environment: environment())
        #expect(backup.status == 66, "\(backup.stderrText)")
        #expect(backup.stderrText.contains("NoSuchBucket"))
    }

    @Test func aSecondRunExitsBusyWhileTheLockIsHeldAndTakesOverAnExpiredOne() throws {
        let store = try workspace.sampleStore()
        func lock(expiring: Date) throws {
            let formatter = ISO8601DateFormatter()
            try moto.put(
                """
                {"token":"other-run","host":"elsewhere","pid":4242,"created":"\(formatter.string(from: expiring.addingTimeInterval(-60)))","expires":"\(formatter.string(from: expiring))"}
                """, at: "locked/.backupctl.lock", in: bucket)
        }
        try lock(expiring: Date().addingTimeInterval(3600))
        let busy = try workspace.backupctl(
            "backup", "--dir", "s3://\(bucket)/locked", "--store", store, environment: environment())
        #expect(busy.status == 75)
        #expect(busy.stderrText.contains("elsewhere, process 4242"))
        #expect(try backupNames("locked/").isEmpty)
        let prune = try workspace.backupctl(
            "prune", "--dir", "s3://\(bucket)/locked", "--keep-last", "1", environment: environment())
        #expect(prune.status == 75)

        try lock(expiring: Date().addingTimeInterval(-60))
        let takeover = try workspace.backupctl(
            "backup", "--dir", "s3://\(bucket)/locked", "--store", store, environment: environment())
        #expect(takeover.status == 0, "\(takeover.stderrText)")
        #expect(try backupNames("locked/").count == 1)
        #expect(try moto.objects(in: bucket, prefix: "locked/.backupctl.lock").isEmpty, "the lock is released")
    }

    @Test func refusesOtherSchemesInsteadOfMakingAFolder() throws {
        let store = try workspace.sampleStore()
        for arguments in [
            ["backup", "--dir", "gs://bucket/prefix", "--store", store],
            ["list", "--dir", "https://example.com/backups"],
            ["prune", "--dir", "ftp://host/backups", "--keep-last", "1"],
            ["export", "--store", store, "-o", "gs://bucket/x.ddbackup"],
            ["import", "gs://bucket/x.ddbackup", "--store", workspace.path("x.sqlite")],
            ["validate", "file:///tmp/x.ddbackup"],
            ["inspect", "gs://bucket/x.ddbackup"],
            ["upgrade", "gs://bucket/x.ddbackup", "-o", "out.ddbackup"],
            ["upgrade", store, "-o", "s3://bucket/out.ddbackup"],
        ] {
            let output = try workspace.backupctl(arguments: arguments, environment: environment())
            #expect(output.status == 64, "\(arguments): \(output.stderrText)")
            // No article to get wrong ("a https://", "a s3://"): the scheme's locations, plural.
            let location = try #require(arguments.first { $0.contains("://") })
            let scheme = String(location.prefix(upTo: try #require(location.range(of: "://")).lowerBound))
            let said =
                scheme == "s3"
                ? "-o takes a local path, not s3:// locations." : "backupctl cannot use \(scheme):// locations"
            #expect(output.stderrText.contains(said), "\(arguments): \(output.stderrText)")
            #expect(!output.stderrText.contains(" a \(scheme)://"), "\(arguments): \(output.stderrText)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path)
        #expect(left.allSatisfy { !$0.hasSuffix(":") }, "no folder named after a scheme: \(left)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("x.sqlite")))
    }
}
