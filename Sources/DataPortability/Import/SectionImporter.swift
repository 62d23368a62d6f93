import BackupFormat
import DataStore
import DataValidation
import DomainModel
import JSONCore

/// Merges or replaces one section of a backup into the store, inside the import's
/// transaction, through the deduplicating save paths — with the backup's unreadable elements
/// of that section back at the end of their arrays, and the store's own kept (merge).
///
/// What it finds it cannot do without losing data — merging into a stored value that cannot
/// be read at all — it does not do: the store's value is kept, and a remark says so.
final class SectionImporter {
    let transaction: any StoreTransaction
    let mode: ImportMode
    /// The keys the store held when the import began (after its migrations).
    let storeKeys: Set<String>
    /// What the backup carries; its unreadable elements go back with their sections.
    var carried = CarriedContents()
    /// The backup's unreadable elements put back (those the store did not hold already).
    private(set) var restoredElements = 0
    /// The backup's unreadable elements the store already held.
    private(set) var unchangedElements = 0
    /// What the import had to leave as it was, and why.
    var remarks: [Finding] = []

    init(transaction: any StoreTransaction, mode: ImportMode) throws {
        self.transaction = transaction
        self.mode = mode
        storeKeys = Set(try transaction.keys())
    }

    /// Notes that the store's value of `key` cannot be read and stays as it is: a merge has
    /// nothing to merge into, and overwriting it would lose it.
    func keepUnreadable(_ key: StorageKey, of section: BackupSection) {
        remarks.append(
            Finding(
                .warning, .keptUnreadable, section: section.rawValue, location: key.rawValue,
                message:
                    "the store's \(key.rawValue) cannot be read as a whole; a merge keeps it as it is, so the backup's \(section.rawValue) was not merged into it (import with --mode replace to take the backup's)."
            ))
    }

    /// The elements to write after the readable records, and counts what the backup's add:
    /// a merge keeps the store's unreadable elements and adds the backup's it lacks (as many
    /// times as the backup holds them); a replace writes the backup's.
    func verbatimElements(stored: [[UInt8]], key: StorageKey) -> [[UInt8]] {
        let incoming = carried.unreadableElements(of: key.rawValue)
        var remaining = stored
        var added: [[UInt8]] = []
        for element in incoming {
            if let index = remaining.firstIndex(of: element) {
                remaining.remove(at: index)
                unchangedElements += 1
            } else {
                added.append(element)
                restoredElements += 1
            }
        }
        return mode == .merge ? stored + added : incoming
    }

    /// A staging area for `section`'s records, of the section's record type, with the way they
    /// are applied: a collection the store does not hold yet is encoded as it is decoded
    /// (`EncodingStage`); one it holds is merged into by key (`MergingStage`); the rest — a
    /// replace, and every section when `source` is nil — are decoded (`RecordStage`).
    /// - Parameter options: the limits `source` is validated with.
    func makeStage(for section: BackupSection, source: [UInt8]?, options: JSONParseOptions) -> SectionStage {
        let entry = section.entry
        // The entry's record type, opened once for the section.
        func collection<Record: DeduplicatingRecord>(_: Record.Type) -> SectionStage {
            let key = CollectionKey<Record>(entry.storageKey)
            switch (source, storeKeys.contains(key.storageKey.rawValue), mode) {
            case (let source?, false, _):
                let stage = EncodingStage<Record>(source: source, options: options)
                return SectionStage(section: section, visitor: stage) { try self.applyEncoded(stage, key: key, &$0) }
            case (let source?, true, .merge):
                let stage = MergingStage<Record>(source: source, options: options)
                return SectionStage(section: section, visitor: stage) { try self.applyMerging(stage, key: key, &$0) }
            default:
                let stage = RecordStage<Record>()
                return SectionStage(section: section, visitor: stage) { try self.applyCollection(stage, key: key, &$0) }
            }
        }
        func object<Record: MergeableRecord>(_: Record) -> SectionStage { object(Record.self) }
        func object<Record: MergeableRecord>(_: Record.Type) -> SectionStage {
            let stage = RecordStage<Record>()
            return SectionStage(section: section, visitor: stage) {
                try self.applyObject(section, stage, key: ObjectKey<Record>(entry.storageKey), &$0)
            }
        }
        switch entry.records {
        case .array(let type): return collection(type)
        case .object(let defaults): return object(defaults)
        case .optionalObject(let type): return object(type)
        case .composite:
            let stage = RecordStage<AppSettings>()
            return SectionStage(section: section, visitor: stage) { try self.applyAppSettings(entry, stage, &$0) }
        }
    }

    /// Applies the records `stage` collected (the section's records that passed validation, in order).
    /// - Returns: the counts, and whether the store's data changed.
    func apply(_ stage: SectionStage, present: Bool) throws -> (ImportSummary.SectionCounts, Bool) {
        var counts = ImportSummary.SectionCounts(section: stage.section, present: present)
        guard present else { return (counts, false) }
        let changed = try stage.apply(&counts)
        return (counts, changed)
    }

    /// An object section: merged into the store's record, or replacing it. A stored value that
    /// cannot be read is kept by a merge, replaced (and counted removed) by a replace.
    private func applyObject<Record: MergeableRecord>(
        _ section: BackupSection, _ stage: RecordStage<Record>, key: ObjectKey<Record>,
        _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        let loaded = try RecordLoader(transaction).load(key)
        let incoming = records(stage, &counts).first
        if loaded.record == nil && !loaded.issues.isEmpty {
            guard mode == .replace else {
                keepUnreadable(key.storageKey, of: section)
                return false
            }
            counts.removed += 1
            if incoming != nil { counts.added += 1 }
            return try RecordSaver(transaction: transaction).save(incoming, to: key)
        }
        let result = combine(loaded.record, incoming, &counts)
        // A record the import does not change is not rewritten, so what the lenient loaders read
        // past (fields this build does not know, non-canonical spellings) stays as the app wrote it.
        if let result, let existing = loaded.record, result == existing { return false }
        return try RecordSaver(transaction: transaction).save(result, to: key)
    }

    /// The app settings' keys. Their lists' unreadable elements are kept (merge) or the
    /// backup's written (replace), after each list's own; a key whose whole value cannot be
    /// read is left as it is by a merge.
    private func applyAppSettings(
        _ entry: SectionEntry, _ stage: RecordStage<AppSettings>, _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        let keys = entry.storageKeys
        let stored = try keys.contains { try transaction.value(forKey: $0.rawValue) != nil }
        let loaded = stored ? try RecordLoader(transaction).loadAppSettings() : nil
        let existing = loaded?.settings
        let incoming = records(stage, &counts).first
        let result = combine(existing, incoming, &counts) ?? existing ?? .defaults
        var verbatim: [StorageKey: [[UInt8]]] = [:]
        var elementsChanged = false
        for key in keys where entry.arrayStoreKeys.contains(key.rawValue) {
            let storedElements = loaded?.unreadableElements[key]?.map(\.json) ?? []
            verbatim[key] = verbatimElements(stored: storedElements, key: key)
            elementsChanged = elementsChanged || verbatim[key] != storedElements
        }
        let unreadableKeys = loaded?.unreadableKeys ?? []
        let leaving = mode == .merge ? unreadableKeys : []
        for key in keys where leaving.contains(key) { keepUnreadable(key, of: counts.section) }
        if mode == .replace { counts.removed += unreadableKeys.count }
        // Unchanged, the three keys keep their bytes exactly, as `applyObject` keeps a record's.
        if let existing, result == existing, !elementsChanged, leaving == unreadableKeys { return false }
        return try RecordSaver(transaction: transaction).saveAppSettings(
            result, keepingVerbatim: verbatim, leaving: leaving)
    }

    /// The staged records of `stage`, counting those that could not be decoded.
    func records<Record>(
        _ stage: RecordStage<Record>, _ counts: inout ImportSummary.SectionCounts
    ) -> FlattenSequence<[[Record]]> {
        counts.malformedSkipped += stage.malformed
        return stage.records
    }

    /// One object section: merge mode merges into the store's; replace mode takes the
    /// backup's (a null section removes the store's).
    private func combine<Record: MergeableRecord>(
        _ existing: Record?, _ incoming: Record?, _ counts: inout ImportSummary.SectionCounts
    ) -> Record? {
        let result: Record?
        switch (mode, existing, incoming) {
        case (.merge, let existing?, let incoming?): result = existing.merged(with: incoming)
        // The backup holds no record here (null, or one left out as malformed): nothing to
        // merge, and nothing of the backup's to count.
        case (.merge, let existing, nil): return existing
        case (_, _, let incoming): result = incoming
        }
        switch (existing, result) {
        case (nil, nil): break
        case (nil, _?): counts.added += 1
        case (_?, nil): counts.removed += 1
        case (let before?, let after?): if before == after { counts.unchanged += 1 } else { counts.merged += 1 }
        }
        return result
    }
}
