import BackupFormat
import DataStore
import DomainModel

/// The three ways a collection section goes into the store, one per stage
/// (`makeStage(for:source:options:)`): decoded records merged or replaced, a merge by key over
/// the stored array, and the canonical text of a collection the store did not hold.
extension SectionImporter {
    /// A collection section. Each distinct record of the backup (by natural key) is counted
    /// once, by what the store ends up holding under its key: a later copy in the backup is
    /// merged into the first before that comparison, so a dry run's counts always match what
    /// the real run writes.
    func applyCollection<Record>(
        _ stage: RecordStage<Record>, key: CollectionKey<Record>,
        _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        let existing = try RecordLoader(transaction).load(key)
        if existing.isUnreadable {
            guard mode == .replace else {
                keepUnreadable(key.storageKey, of: counts.section)
                return false
            }
            counts.removed += 1
        }
        let before = RecordCollection(existing.records)
        var collection = mode == .merge ? before : RecordCollection<Record>()
        var backupKeys: [Record.NaturalKey] = []
        var seenInBackup = Set<Record.NaturalKey>()
        for record in records(stage, &counts) {
            if seenInBackup.insert(record.naturalKey).inserted {
                backupKeys.append(record.naturalKey)
            } else {
                counts.duplicatesDropped += 1
            }
            collection.insert(record)
        }
        for naturalKey in backupKeys {
            switch (before[naturalKey], collection[naturalKey]) {
            case (nil, _): counts.added += 1
            case (let stored?, let result): if stored == result { counts.unchanged += 1 } else { counts.merged += 1 }
            }
        }
        let unchangedBefore = unchangedElements
        let verbatim = verbatimElements(stored: existing.unreadableElements, key: key.storageKey)
        if mode == .replace {
            // The store's unreadable elements the backup does not carry (it carries those counted
            // unchanged) go too: they are store records the backup lacks.
            let dropped = existing.unreadableElements.count - (unchangedElements - unchangedBefore)
            counts.removed += before.records.filter { collection[$0.naturalKey] == nil }.count + dropped
        }
        // Nothing to write when the records and the unreadable elements stay as they were: the
        // stored bytes are kept exactly, as `applyObject` keeps a record's.
        if !existing.isUnreadable && collection.records == before.records && verbatim == existing.unreadableElements {
            return false
        }
        // Unreadable elements go after the readable records: a merge keeps the store's and adds
        // the backup's it lacks; a replace writes the backup's.
        return try RecordSaver(transaction: transaction).save(collection, keepingVerbatim: verbatim, to: key)
    }

    /// A collection the store holds, in merge mode: what `applyCollection` does, by natural key
    /// over the stored array and the backup's JSON (`StoredArrayMerge`) instead of over both
    /// sides' decoded records.
    func applyMerging<Record>(
        _ stage: MergingStage<Record>, key: CollectionKey<Record>, _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        let loader = RecordLoader(transaction)
        let (bytes, issues) = try loader.blob(key.storageKey)
        guard issues.isEmpty,
            let merge = StoredArrayMerge(
                stored: bytes ?? Array("[]".utf8), storeOptions: loader.options, incoming: stage.records,
                from: stage.source, sectionOptions: stage.options)
        else {
            keepUnreadable(key.storageKey, of: counts.section)
            return false
        }
        counts.malformedSkipped += stage.malformed
        counts.added += merge.counts.added
        counts.unchanged += merge.counts.unchanged
        counts.merged += merge.counts.merged
        counts.duplicatesDropped += merge.counts.duplicatesDropped
        let unreadable = merge.unreadableElements
        let verbatim = verbatimElements(stored: unreadable, key: key.storageKey)
        guard merge.changesRecords || verbatim != unreadable else { return false }
        return try RecordSaver(transaction: transaction).save(
            canonicalArray: merge.canonicalArray(verbatim: verbatim), to: key)
    }

    /// A collection the store did not hold: each of the backup's natural keys is added, in
    /// order, later copies merged into the first, and the text the records were encoded into
    /// as they were decoded is the store's value — what the merge above would write, without
    /// holding the records.
    func applyEncoded<Record>(
        _ stage: EncodingStage<Record>, key: CollectionKey<Record>,
        _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        counts.malformedSkipped += stage.malformed
        counts.added += stage.distinctCount
        counts.duplicatesDropped += stage.duplicatesDropped
        let verbatim = verbatimElements(stored: [], key: key.storageKey)
        // Nothing at all: nothing to write, as the merge would find nothing changed.
        guard stage.count > 0 || !verbatim.isEmpty else { return false }
        return try RecordSaver(transaction: transaction).save(
            canonicalArray: stage.takeArray(verbatim: verbatim), to: key)
    }
}
