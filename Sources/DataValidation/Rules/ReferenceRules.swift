import BackupFormat
import DomainModel
import JSONCore

/// The checks between records and sections (design §5 "semantic"): duplicate domains,
/// references to untracked domains or missing snapshots, the ledger's balance.
///
/// Sections referring to others come after them in the archive, so one pass suffices:
/// tracked domains and snapshot ids are collected as their sections go by.
struct ReferenceRules {
    private(set) var trackedDomains = Set<String>()
    /// Snapshot ids as UUIDs (any case), or as lowercased text when they are not UUIDs.
    private(set) var snapshotIDs = Set<IdentitySet.Identity>()
    private var sawTrackedDomains = false
    private var sawLookupHistory = false

    /// Whether records under `references` (a section's, `SectionEntry.references`) can be
    /// checked in any order, by several copies of these rules at once, and the copies then
    /// absorbed. Tracked domains cannot: the second of two equal domains is the one reported.
    static func isOrderIndependent(_ references: [SectionEntry.Reference]) -> Bool { !tracksDomains(references) }

    private static func tracksDomains(_ references: [SectionEntry.Reference]) -> Bool {
        references.contains { if case .tracksDomain = $0 { true } else { false } }
    }

    private static func definesSnapshots(_ references: [SectionEntry.Reference]) -> Bool {
        references.contains { if case .definesSnapshot = $0 { true } else { false } }
    }

    /// Makes room for `count` more records of a section checked under `references`, so absorbing
    /// runs one after the other does not rehash the snapshot ids (a hundred thousand in a large
    /// backup) each time they outgrow the table.
    mutating func reserveCapacity(adding count: Int, checking references: [SectionEntry.Reference]) {
        guard Self.definesSnapshots(references) else { return }
        snapshotIDs.reserveCapacity(snapshotIDs.count + count)
    }

    /// Takes over what a copy collected while checking a run of a section. Of the collections,
    /// only the snapshot ids grow in a section checked in parallel (tracked domains are
    /// order-dependent, see `isOrderIndependent(_:)`).
    mutating func absorb(_ run: ReferenceRules, checking references: [SectionEntry.Reference]) {
        if Self.definesSnapshots(references) { snapshotIDs.formUnion(run.snapshotIDs) }
        sawTrackedDomains = sawTrackedDomains || run.sawTrackedDomains
        sawLookupHistory = sawLookupHistory || run.sawLookupHistory
    }

    /// Notes that a section was read to its end, so references into it are checked even when
    /// it holds no record (an audit of a domain is untracked when nothing is tracked).
    mutating func sectionRead(_ references: [SectionEntry.Reference]) {
        sawTrackedDomains = sawTrackedDomains || Self.tracksDomains(references)
        sawLookupHistory = sawLookupHistory || Self.definesSnapshots(references)
    }

    /// Checks one record that passed the schema against its section's `references` (looked
    /// up once per section, not per record); `walker.path` points at it.
    mutating func check(_ references: [SectionEntry.Reference], _ record: JSONValue, _ walker: inout SchemaWalker) {
        for reference in references {
            switch reference {
            case .tracksDomain(let field):
                sawTrackedDomains = true
                guard let domain = record[field]?.string else { continue }
                let canonical = DomainName.canonical(domain)
                if !trackedDomains.insert(canonical).inserted {
                    walker.record(
                        .warning, .duplicate,
                        "\"\(canonical)\" is tracked twice; the two records are merged on import.", key: field)
                }
            case .definesSnapshot(let field):
                sawLookupHistory = true
                if let id = record[field], let identity = Self.snapshotIdentity(id) { snapshotIDs.insert(identity) }
            case .namesTrackedDomains(let field):
                checkTracked(record[field], key: field, &walker)
            case .namesSnapshot(let field):
                if sawLookupHistory, let id = record[field], let identity = Self.snapshotIdentity(id),
                    !snapshotIDs.contains(identity)
                {
                    walker.record(
                        .warning, .missingSnapshot,
                        "names snapshot \(id.string ?? ""), which is not in the lookup history.", key: field)
                }
            case .balancesLedger:
                guard let balance = record["balance"]?.int else { continue }
                let total = (record["entries"]?.elements ?? .empty).reduce(0) { $0 + ($1["amount"]?.int ?? 0) }
                if total != balance {
                    walker.record(
                        .warning, .ledgerBalance,
                        "the balance is \(balance) but the entries add up to \(total); the stored balance is kept.",
                        key: "balance")
                }
            }
        }
    }

    /// How a snapshot id is compared: a UUID in any case, other text lowercased.
    private static func snapshotIdentity(_ id: JSONValue) -> IdentitySet.Identity? {
        switch IdentitySet(isUUID: true).identity(of: id) {
        case .text(let text): .text(text.lowercased())
        case let identity: identity
        }
    }

    /// Reports the domain `value` names — one, or each of a list — when it is not tracked. The
    /// path is extended only for a report: most records name tracked domains.
    private func checkTracked(_ value: JSONValue?, key: String, _ walker: inout SchemaWalker) {
        guard sawTrackedDomains, let value else { return }
        guard value.kind == .array else {
            if let domain = untracked(value) { Self.reportUntracked(domain, key: key, &walker) }
            return
        }
        for (index, element) in value.elements.enumerated() {
            guard let domain = untracked(element) else { continue }
            walker.path.push(.key(key))
            walker.path.push(.index(index))
            Self.reportUntracked(domain, key: nil, &walker)
            walker.path.pop()
            walker.path.pop()
        }
    }

    /// The canonical domain `value` names, when it is a string naming no tracked domain.
    private func untracked(_ value: JSONValue) -> String? {
        guard let domain = value.string else { return nil }
        let canonical = DomainName.canonical(domain)
        return trackedDomains.contains(canonical) ? nil : canonical
    }

    private static func reportUntracked(_ domain: String, key: String?, _ walker: inout SchemaWalker) {
        walker.record(.warning, .untrackedDomain, "names \"\(domain)\", which is not a tracked domain.", key: key)
    }
}
