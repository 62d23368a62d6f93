import BackupFormat
import DataStore
import Synchronization

/// An export's progress in the store's bytes, for `BackupExporter.byteProgress`: each
/// section weighs what its store keys hold, and counts half once it has been read and
/// encoded (on any worker thread) and half once it has been written into the archive.
final class ExportProgress: Sendable {
    private let handler: ByteProgress.Handler
    private let sectionBytes: [BackupSection: Int64]
    private let total: Int64
    /// Twice the bytes done: each section adds its weight once read and once written.
    private let doubleCompleted = Atomic<Int64>(0)

    /// Weighs every section by its store keys' sizes, which backends measure without
    /// reading the values.
    /// - Throws: `StoreError` when the store cannot be read.
    init(store: any StoreReading, handler: @escaping ByteProgress.Handler) throws {
        self.handler = handler
        sectionBytes = try Dictionary(
            uniqueKeysWithValues: BackupSection.allCases.map { section in
                (section, try section.entry.storeKeys.reduce(0) { $0 + Int64(try store.byteCount(forKey: $1) ?? 0) })
            })
        total = sectionBytes.values.reduce(0, +)
        handler(ByteProgress(completed: 0, total: total))
    }

    /// Records that `section` has been read from the store and encoded, or that it has been
    /// written into the archive: each adds half its weight.
    func advance(_ section: BackupSection) {
        let doubled = doubleCompleted.wrappingAdd(sectionBytes[section] ?? 0, ordering: .relaxed).newValue
        handler(ByteProgress(completed: doubled / 2, total: total))
    }
}
