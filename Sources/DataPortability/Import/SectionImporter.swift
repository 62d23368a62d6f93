import BackupFormat
import DataStore
import DomainModel
import JSONCore

/// Merges or replaces one section of a backup into the store, inside the import's
/// transaction, through the deduplicating save paths.
struct SectionImporter {
    let transaction: any StoreTransaction
    let mode: ImportMode

    /// Applies `values` (the section's records that passed validation, in order).
    /// - Returns: the counts, and whether the store's data changed.
    func apply(_ section: BackupSection, values: [JSONValue], present: Bool) throws -> (ImportSummary.SectionCounts, Bool) {
        var counts = ImportSummary.SectionCounts(section: section, present: present)
        guard present else { return (counts, false) }
        let saver = RecordSaver(transaction: transaction)
        let changed: Bool
        switch section {
        case .trackedDomains: changed = try applyCollection(values, key: .trackedDomains, &counts)
        case .lookupHistory: changed = try applyCollection(values, key: .lookupHistory, &counts)
        case .domainAudits: changed = try applyCollection(values, key: .domainAudits, &counts)
        case .domainWorkflows: changed = try applyCollection(values, key: .domainWorkflows, &counts)
        case .monitoringLogs: changed = try applyCollection(values, key: .monitoringLogs, &counts)
        case .monitoringSettings:
            let existing = try RecordLoader(transaction).load(.monitoringSettings).record
            let incoming = decode(values.first, as: MonitoringSettings.self, &counts)
            let result = combine(existing, incoming, &counts) { $0.merged(with: $1) }
            changed = try saver.save(result, to: .monitoringSettings)
        case .appSettings:
            let keys = [StorageKey.recentSearches, .savedDomains, .appPreferences]
            let stored = try keys.contains { try transaction.value(forKey: $0.rawValue) != nil }
            let existing = stored ? try RecordLoader(transaction).loadAppSettings().settings : nil
            let incoming = decode(values.first, as: AppSettings.self, &counts)
            let result = combine(existing, incoming, &counts) { $0.merged(with: $1) } ?? existing ?? .defaults
            changed = try saver.saveAppSettings(result)
        case .entitlement:
            let existing = try RecordLoader(transaction).load(.cachedEntitlement).record
            let incoming = decode(values.first, as: CachedEntitlement.self, &counts)
            changed = try saver.save(combine(existing, incoming, &counts) { $0.merged(with: $1) }, to: .cachedEntitlement)
        case .usageCredits:
            let existing = try RecordLoader(transaction).load(.usageCreditLedger).record
            let incoming = decode(values.first, as: UsageCreditLedger.self, &counts)
            changed = try saver.save(combine(existing, incoming, &counts) { $0.merged(with: $1) }, to: .usageCreditLedger)
        }
        return (counts, changed)
    }

    private func decode<Record: JSONRecord>(_ value: JSONValue?, as type: Record.Type, _ counts: inout ImportSummary.SectionCounts) -> Record? {
        guard let value else { return nil }
        do {
            return try Record.decode(value).0
        } catch {
            counts.malformedSkipped += 1
            return nil
        }
    }

    /// One object section: merge mode merges into the store's; replace mode takes the
    /// backup's (a null section removes the store's).
    private func combine<Record: JSONRecord>(_ existing: Record?, _ incoming: Record?, _ counts: inout ImportSummary.SectionCounts,
                                             merge: (Record, Record) -> Record) -> Record? {
        let result: Record?
        switch (mode, existing, incoming) {
        case (.merge, let existing?, let incoming?): result = merge(existing, incoming)
        case (.merge, let existing, nil): result = existing
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

    private func applyCollection<Record>(_ values: [JSONValue], key: CollectionKey<Record>,
                                         _ counts: inout ImportSummary.SectionCounts) throws -> Bool {
        let existing = try RecordLoader(transaction).load(key)
        let before = RecordCollection(existing.records)
        var collection = mode == .merge ? before : RecordCollection<Record>()
        var seenInBackup = Set<Record.NaturalKey>()
        for value in values {
            guard let record = decode(value, as: Record.self, &counts) else { continue }
            guard seenInBackup.insert(record.naturalKey).inserted else {
                counts.duplicatesDropped += 1
                collection.insert(record)
                continue
            }
            switch mode {
            case .merge:
                switch collection.insert(record) {
                case .added: counts.added += 1
                case .merged: counts.merged += 1
                case .unchanged: counts.unchanged += 1
                }
            case .replace:
                collection.insert(record)
                switch before[record.naturalKey] {
                case nil: counts.added += 1
                case let stored?: if stored == record { counts.unchanged += 1 } else { counts.merged += 1 }
                }
            }
        }
        if mode == .replace {
            counts.removed = before.records.filter { collection[$0.naturalKey] == nil }.count
        }
        // A merge keeps the store's unreadable records verbatim; a replace replaces them too
        // (the safety snapshot lists what the store held).
        return try RecordSaver(transaction: transaction).save(collection.records,
                                                              keepingVerbatim: mode == .merge ? existing.unreadableElements : [],
                                                              to: key)
    }
}
