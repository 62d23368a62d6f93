import BackupFormat
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

extension BackupExporterTests {
    /// A store whose backend fails to read some keys.
    private final class FailingReads: StoreReading {
        private let base: any StoreReading
        private let failing: Set<String>

        init(_ base: any StoreReading, failing: Set<String>) {
            self.base = base
            self.failing = failing
        }

        var location: String { base.location }

        func value(forKey key: String) throws -> StoreValue? {
            guard !failing.contains(key) else { throw StoreError.corrupt(path: location, reason: "cannot read \(key)") }
            return try base.value(forKey: key)
        }

        func keys() throws -> [String] { try base.keys() }
    }

    /// Sections are read and encoded on every core; one that cannot be read fails the export
    /// with its error — of two such sections, the one first in archive order, whichever thread
    /// failed first — and nothing is left under the final name.
    @Test func aSectionThatCannotBeReadFailsTheExportWithTheFirstErrorInArchiveOrder() throws {
        let folder = try TemporaryDirectory()
        let store = FailingReads(
            try StoreUnderTest.memory.sampledStore(in: folder),
            failing: [StorageKey.lookupHistory.rawValue, StorageKey.monitoringLogs.rawValue])
        let url = folder.file("backup.ddbackup")
        for _ in 0..<5 {
            #expect(throws: StoreError.corrupt(path: store.location, reason: "cannot read lookupHistory")) {
                try BackupExporter().export(from: store, to: .file(url), storeSchemaVersion: 3)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
