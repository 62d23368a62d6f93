import BackupFormat
import DataStore
import DataValidation
import DomainModel
import JSONCore

/// Merges or replaces one section of a backup into the store, inside the import's
/// transaction, through the deduplicating save paths.
struct SectionImporter {
    let transaction: any StoreTransaction
    let mode: ImportMode
    /// The keys the store held when the import began (after its migrations).
    let storeKeys: Set<String>

    init(transaction: any StoreTransaction, mode: ImportMode) throws {
        self.transaction = transaction
        self.mode = mode
        storeKeys = Set(try transaction.keys())
    }

    /// A staging area for `section`'s records, of the right type: a collection the store does
    /// not hold yet is encoded as it is decoded (`EncodingStage`), the rest are decoded for
    /// merging (`RecordStage`).
    /// - Parameters:
    ///   - source: the section's JSON.
    ///   - options: the limits it is validated with.
    func makeStage(for section: BackupSection, source: [UInt8]?, options: JSONParseOptions) -> any SectionVisitor {
        func collection<Record>(_ key: CollectionKey<Record>) -> any SectionVisitor {
            guard let source, !storeKeys.contains(key.storageKey.rawValue) else { return RecordStage<Record>() }
            return EncodingStage<Record>(source: source, options: options)
        }
        switch section {
        case .trackedDomains: return collection(.trackedDomains)
        case .lookupHistory: return collection(.lookupHistory)
        case .domainAudits: return collection(.domainAudits)
        case .domainWorkflows: return collection(.domainWorkflows)
        case .monitoringLogs: return collection(.monitoringLogs)
        case .monitoringSettings, .appSettings, .entitlement, .usageCredits: return Self.makeRecordStage(for: section)
        }
    }

    /// A staging area that decodes `section`'s records for merging.
    static func makeRecordStage(for section: BackupSection) -> any SectionVisitor {
        switch section {
        case .trackedDomains: RecordStage<TrackedDomain>()
        case .lookupHistory: RecordStage<LookupSnapshot>()
        case .domainAudits: RecordStage<AuditSession>()
        case .domainWorkflows: RecordStage<Workflow>()
        case .monitoringLogs: RecordStage<MonitoringLogEntry>()
        case .monitoringSettings: RecordStage<MonitoringSettings>()
        case .appSettings: RecordStage<AppSettings>()
        case .entitlement: RecordStage<CachedEntitlement>()
        case .usageCredits: RecordStage<UsageCreditLedger>()
        }
    }

    /// Applies the records `stage` collected (the section's records that passed validation, in order).
    /// - Returns: the counts, and whether the store's data changed.
    func apply(_ section: BackupSection, stage: any SectionVisitor, present: Bool) throws -> (
        ImportSummary.SectionCounts, Bool
    ) {
        var counts = ImportSummary.SectionCounts(section: section, present: present)
        guard present else { return (counts, false) }
        let saver = RecordSaver(transaction: transaction)
        let changed: Bool
        switch section {
        case .trackedDomains: changed = try applyCollection(stage, key: .trackedDomains, &counts)
        case .lookupHistory: changed = try applyCollection(stage, key: .lookupHistory, &counts)
        case .domainAudits: changed = try applyCollection(stage, key: .domainAudits, &counts)
        case .domainWorkflows: changed = try applyCollection(stage, key: .domainWorkflows, &counts)
        case .monitoringLogs: changed = try applyCollection(stage, key: .monitoringLogs, &counts)
        case .monitoringSettings:
            let existing = try RecordLoader(transaction).load(.monitoringSettings).record
            let incoming = staged(stage, as: MonitoringSettings.self, &counts)
            let result = combine(existing, incoming, &counts) { $0.merged(with: $1) }
            changed = try write(result, over: existing) { try saver.save($0, to: .monitoringSettings) }
        case .appSettings:
            let keys = [StorageKey.recentSearches, .savedDomains, .appPreferences]
            let stored = try keys.contains { try transaction.value(forKey: $0.rawValue) != nil }
            let existing = stored ? try RecordLoader(transaction).loadAppSettings().settings : nil
            let incoming = staged(stage, as: AppSettings.self, &counts)
            let result = combine(existing, incoming, &counts) { $0.merged(with: $1) } ?? existing ?? .defaults
            changed = try write(result, over: existing) { try saver.saveAppSettings($0 ?? .defaults) }
        case .entitlement:
            let existing = try RecordLoader(transaction).load(.cachedEntitlement).record
            let incoming = staged(stage, as: CachedEntitlement.self, &counts)
            let result = combine(existing, incoming, &counts) { $0.merged(with: $1) }
            changed = try write(result, over: existing) { try saver.save($0, to: .cachedEntitlement) }
        case .usageCredits:
            let existing = try RecordLoader(transaction).load(.usageCreditLedger).record
            let incoming = staged(stage, as: UsageCreditLedger.self, &counts)
            let result = combine(existing, incoming, &counts) { $0.merged(with: $1) }
            changed = try write(result, over: existing) { try saver.save($0, to: .usageCreditLedger) }
        }
        return (counts, changed)
    }

    /// Saves `result` unless the store already holds an equal record. A record the import does
    /// not change is not rewritten, so what the lenient loaders read past (fields this build
    /// does not know, non-canonical spellings) stays as the app wrote it.
    private func write<Record: Equatable>(
        _ result: Record?, over existing: Record?,
        _ save: (Record?) throws -> Bool
    ) throws -> Bool {
        if let result, let existing, result == existing { return false }
        return try save(result)
    }

    /// The staged records of `stage`, counting those that could not be decoded.
    private func records<Record: JSONRecord>(
        _ stage: any SectionVisitor, as type: Record.Type,
        _ counts: inout ImportSummary.SectionCounts
    ) -> FlattenSequence<[[Record]]> {
        guard let stage = stage as? RecordStage<Record> else {
            preconditionFailure("the stage of a \(Record.self) section holds another type")
        }
        counts.malformedSkipped += stage.malformed
        return stage.records
    }

    /// The one record of an object section, if the backup held one.
    private func staged<Record: JSONRecord>(
        _ stage: any SectionVisitor, as type: Record.Type,
        _ counts: inout ImportSummary.SectionCounts
    ) -> Record? {
        records(stage, as: type, &counts).first
    }

    /// One object section: merge mode merges into the store's; replace mode takes the
    /// backup's (a null section removes the store's).
    private func combine<Record: JSONRecord>(
        _ existing: Record?, _ incoming: Record?, _ counts: inout ImportSummary.SectionCounts,
        merge: (Record, Record) -> Record
    ) -> Record? {
        let result: Record?
        switch (mode, existing, incoming) {
        case (.merge, let existing?, let incoming?): result = merge(existing, incoming)
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

    /// A collection section. Each distinct record of the backup (by natural key) is counted
    /// once, by what the store ends up holding under its key: a later copy in the backup is
    /// merged into the first before that comparison, so a dry run's counts always match what
    /// the real run writes.
    private func applyCollection<Record>(
        _ stage: any SectionVisitor, key: CollectionKey<Record>,
        _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        if let encoded = stage as? EncodingStage<Record> { return try applyEncoded(encoded, key: key, &counts) }
        let existing = try RecordLoader(transaction).load(key)
        let before = RecordCollection(existing.records)
        var collection = mode == .merge ? before : RecordCollection<Record>()
        var backupKeys: [Record.NaturalKey] = []
        var seenInBackup = Set<Record.NaturalKey>()
        for record in records(stage, as: Record.self, &counts) {
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
        if mode == .replace {
            // The store's unreadable elements go too: they are store records the backup lacks.
            counts.removed =
                before.records.filter { collection[$0.naturalKey] == nil }.count + existing.unreadableElements.count
        }
        // Nothing to write when the records stay as they were (a replace must still drop the
        // store's unreadable ones): the stored bytes are kept exactly, see `write(_:over:_:)`.
        if collection.records == before.records && (mode == .merge || existing.unreadableElements.isEmpty) {
            return false
        }
        // A merge keeps the store's unreadable records verbatim, after the readable ones. A
        // replace drops them, and the safety snapshot cannot bring them back: an export leaves
        // unreadable records out (its summary lists them).
        return try RecordSaver(transaction: transaction).save(
            collection,
            keepingVerbatim: mode == .merge ? existing.unreadableElements : [],
            to: key)
    }

    /// A collection the store did not hold: each of the backup's natural keys is added, in
    /// order, later copies merged into the first, and the text the records were encoded into
    /// as they were decoded is the store's value — what the merge above would write, without
    /// holding the records.
    private func applyEncoded<Record>(
        _ stage: EncodingStage<Record>, key: CollectionKey<Record>,
        _ counts: inout ImportSummary.SectionCounts
    ) throws -> Bool {
        counts.malformedSkipped += stage.malformed
        counts.added += stage.distinctCount
        counts.duplicatesDropped += stage.duplicatesDropped
        // No records: nothing to write, as the merge would find nothing changed.
        guard stage.count > 0 else { return false }
        var pieces = stage.takeArrayPieces()
        return try RecordSaver(transaction: transaction).save(canonicalArrayPieces: &pieces, to: key)
    }
}
