import Foundation
import TestSupport
import Testing

/// Encrypted backups' outputs go through the one envelope: whether a backup is encrypted, and
/// to whom, in export, backup, upgrade, inspect, validate and list; how backup read its new
/// file back; the key warnings; and exit 77 as `permission`.
extension JSONOutputTests {
    @Test func encryptedBackupsAndKeyRefusalsAreInTheEnvelope() throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        var documents: [Data] = []
        func document(_ status: Int32, _ arguments: String...) throws -> [String: Any] {
            let run = try workspace.backupctl(arguments: arguments + ["--json"])
            #expect(run.status == status, "\(arguments): \(run.stderrText)")
            documents.append(Data(run.stdout.split(separator: UInt8(ascii: "\n")).joined()))
            let document = try run.jsonObject()
            // (Export lists the store's problems in its report rather than as warning: lines.)
            for warning in document["warnings"] as? [[String: Any]] ?? [] where arguments[0] != "export" {
                let message = try #require(warning["message"] as? String)
                #expect(run.stderrText.contains("warning: \(message)\n"), "every warning is a warning: line too")
            }
            return document
        }

        let export = try document(
            0, "export", "--store", "store.sqlite", "-o", "again.ddbackup", "--recipients-file", "recipients.txt")
        #expect(export["encrypted"] as? Bool == true)
        let encryption = try #require(export["encryption"] as? [String: Any])
        #expect(encryption["method"] as? String == "recipients" && encryption["recipients"] as? Int == 1)
        let plain = try document(0, "export", "--store", "store.sqlite", "-o", "plain.ddbackup")
        #expect(plain["encrypted"] as? Bool == false && plain["encryption"] == nil)

        let toKey = try document(
            0, "backup", "--dir", "fresh", "--store", "store.sqlite", "--recipients-file", "recipients.txt")
        #expect(toKey["readBack"] as? String == "without-key")
        #expect(toKey["findings"] == nil && toKey["findingCounts"] == nil, "nothing was validated")
        let withPassphrase = try document(
            0, "backup", "--dir", "fresh", "--store", "store.sqlite", "--passphrase-file", "passphrase.txt")
        #expect(withPassphrase["readBack"] as? String == "full")
        #expect(withPassphrase["encryption"] as? [String: String] == ["method": "passphrase"])
        #expect(withPassphrase["findingCounts"] is [String: Int])

        let quick = try document(0, "list", "--dir", "encrypted")
        let listed = try #require(quick["backups"] as? [[String: Any]])
        #expect(listed.count == 2)
        #expect(listed.allSatisfy { $0["encrypted"] as? Bool == true && $0["contentsChecked"] as? Bool == false })
        let verified = try document(0, "list", "--dir", "encrypted", "--verify", "--identity", "key.txt")
        #expect(
            (verified["backups"] as? [[String: Any]])?.allSatisfy { $0["contentsChecked"] as? Bool == true } == true)
        let unopened = try document(77, "list", "--dir", "encrypted", "--verify", "--identity", "stranger.txt")
        #expect(unopened["status"] as? String == "permission")
        #expect((unopened["error"] as? String)?.contains("do not open 2 encrypted backups in ") == true)
        #expect((unopened["backups"] as? [Any])?.count == 2, "the failure carries the listing")

        let validated = try document(0, "validate", "encrypted.ddbackup", "--identity", "open-key.txt")
        #expect(validated["encrypted"] as? Bool == true)
        let keyWarning = try #require((validated["warnings"] as? [[String: Any]])?.first)
        #expect(keyWarning["code"] as? String == "key.accessible-to-others")
        #expect(keyWarning["file"] as? String == "open-key.txt")

        let inspected = try document(0, "inspect", "encrypted.ddbackup", "--identity", "key.txt")
        #expect(inspected["encrypted"] as? Bool == true)

        let rotated = try document(
            0, "upgrade", "encrypted.ddbackup", "-o", "rotated.ddbackup", "--identity", "key.txt",
            "--recipients-file", "stranger-recipients.txt")
        #expect(rotated["encrypted"] as? Bool == true)
        #expect(rotated["outcome"] as? String == "re-encrypted")
        let decrypted = try document(
            0, "upgrade", "encrypted.ddbackup", "-o", "clear.ddbackup", "--identity", "key.txt", "--decrypt")
        #expect(decrypted["encrypted"] as? Bool == false)
        #expect(decrypted["outcome"] as? String == "decrypted")
        #expect((decrypted["warnings"] as? [[String: Any]])?.first?["code"] as? String == "upgrade.unencrypted-output")

        for arguments in [
            ["import", "encrypted.ddbackup", "--store", "new.sqlite"],
            ["validate", "encrypted.ddbackup"],
            ["restore", "--dir", "encrypted", "--store", "new.sqlite"],
        ] {
            let run = try workspace.backupctl(arguments: arguments + ["--json"])
            #expect(run.status == 77, "\(arguments): \(run.stderrText)")
            let refused = try run.jsonObject()
            #expect(refused["exitCode"] as? Int == 77 && refused["status"] as? String == "permission")
            #expect((refused["hint"] as? String)?.contains("--identity FILE") == true)
            documents.append(Data(run.stdout.split(separator: UInt8(ascii: "\n")).joined()))
        }
        #expect(try !workspace.names().contains("new.sqlite"), "a refused import makes no store")

        #expect(try Self.schemaProblems(documents) == [])
    }
}
