import BackupFormat
import DataStore
import DataValidation

/// Puts back, at the end of an import, what a version 4 backup carries besides its
/// sections' records: the store keys this build does not read, and the stored values it could
/// not read as a whole. (Unreadable elements of a collection go back with their section:
/// `verbatimElements(stored:key:)`.)
///
/// - merge: a key the store lacks is added; a key it holds keeps the store's value (a note
///   says so when the backup's differs). A whole value counts as held when its key was in the
///   store when the import began — the sections may have written defaults under it since.
/// - replace: the backup's value is written.
extension SectionImporter {
    /// Applies `carried`, adding the notes of values kept to `remarks` and setting `changed`
    /// when it writes anything.
    /// - Returns: the counts, the unreadable elements put back with their sections included.
    /// - Throws: `StoreError` when a carried array or dictionary does not read as one, or the
    ///   store cannot be written.
    func applyCarried(_ carried: CarriedContents, changed: inout Bool) throws -> ImportSummary.CarriedCounts {
        var counts = ImportSummary.CarriedCounts()
        (counts.unreadableRestored, counts.unreadableUnchanged) = (restoredElements, unchangedElements)
        enum Outcome { case added, replaced, unchanged, kept }
        func put(_ value: StoreValue, at key: String, held: Bool) throws -> Outcome {
            let current = try transaction.value(forKey: key)
            if current == value { return .unchanged }
            if held && mode == .merge { return .kept }
            try transaction.set(value, forKey: key)
            changed = true
            return current == nil ? .added : .replaced
        }
        for entry in carried.storeKeys {
            let incoming = try StoreValue(carried: entry.value, source: "the carried store key \(entry.key)")
            switch try put(incoming, at: entry.key, held: try transaction.value(forKey: entry.key) != nil) {
            case .added: counts.storeKeysAdded += 1
            case .replaced: counts.storeKeysReplaced += 1
            case .unchanged: counts.storeKeysUnchanged += 1
            case .kept:
                counts.storeKeysKept += 1
                remarks.append(
                    Finding(
                        .note, .keptStoreValue, section: CarriedEntry.storeKeys.rawValue, location: entry.key,
                        message:
                            "the store already holds \(entry.key), with another value than the backup's; a merge keeps the store's."
                    ))
            }
        }
        for (storeKey, value) in carried.unreadableValues {
            let incoming = try StoreValue(carried: value, source: "the carried value of \(storeKey)")
            switch try put(incoming, at: storeKey, held: storeKeys.contains(storeKey)) {
            case .added, .replaced: counts.unreadableRestored += 1
            case .unchanged: counts.unreadableUnchanged += 1
            case .kept:
                counts.unreadableKept += 1
                remarks.append(
                    Finding(
                        .note, .keptStoreValue, section: CarriedEntry.unreadableRecords.rawValue, location: storeKey,
                        message:
                            "the backup carries a value of \(storeKey) that cannot be read; the store holds \(storeKey), so a merge keeps the store's."
                    ))
            }
        }
        return counts
    }
}
