import Foundation
import TestSupport
import Testing

/// What cannot be undone asks first over `s3://` as it does locally (ConfirmationTests): a
/// replace without a safety snapshot from an object (downloaded before the question), and a
/// prune of a prefix. A no exits 2 with nothing changed, here or in the bucket.
extension RemoteLocationTests {
    @Test func aReplaceFromAnObjectWithoutASafetySnapshotAsksAndANoChangesNothing() throws {
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let other = try workspace.sampleStore("other.sqlite", seed: 2)
        let object = "s3://\(bucket)/other.ddbackup"
        let export = try workspace.backupctl("export", "--store", other, "-o", object, environment: environment())
        try #require(export.status == 0, "\(export.stderrText)")
        let before = try workspace.storeContents(store)
        let arguments = ["import", object, "--store", store, "--mode", "replace", "--no-safety-snapshot"]

        let no = try workspace.backupctlOnTerminal(arguments: arguments, typed: "n\n", environment: environment())
        #expect(no.status == 2, "\(no.stdoutText)")
        let screen = no.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(screen.contains("with those of \(object), without a safety snapshot, cannot be undone: "), "\(screen)")
        #expect(screen.contains("Replace them? [y/N] "))
        #expect(screen.contains("error: Nothing was imported: the question was not answered yes.\n"))
        #expect(try workspace.storeContents(store) == before)
        #expect(try workspace.safetySnapshots(of: "store.sqlite").isEmpty)

        let yes = try workspace.backupctlOnTerminal(arguments: arguments, typed: "y\n", environment: environment())
        #expect(yes.status == 0, "\(yes.stdoutText)")
        #expect(try workspace.storeContents(store) != before)
    }

    @Test func pruningAPrefixAsksAndANoRemovesNothing() throws {
        let store = try workspace.sampleStore()
        for _ in 0..<2 {
            let backup = try workspace.backupctl(
                "backup", "--dir", "s3://\(bucket)/asked", "--store", store, environment: environment())
            try #require(backup.status == 0, "\(backup.stderrText)")
        }
        let names = try backupNames("asked/")
        try #require(names.count == 2)
        let arguments = ["prune", "--dir", "s3://\(bucket)/asked", "--keep-last", "1"]

        let no = try workspace.backupctlOnTerminal(arguments: arguments, typed: "n\n", environment: environment())
        #expect(no.status == 2, "\(no.stdoutText)")
        let screen = no.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(
            screen.contains("Pruning s3://\(bucket)/asked removes 1 backup, which cannot be undone:\n"), "\(screen)")
        #expect(screen.contains("Remove it? [y/N] "))
        #expect(try Set(backupNames("asked/")) == Set(names))
        #expect(try moto.objects(in: bucket, prefix: "asked/.backupctl.lock").isEmpty, "the lock is released")

        let yes = try workspace.backupctlOnTerminal(arguments: arguments, typed: "y\n", environment: environment())
        #expect(yes.status == 0, "\(yes.stdoutText)")
        #expect(try backupNames("asked/").count == 1)
    }
}
