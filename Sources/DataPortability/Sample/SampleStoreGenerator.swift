import DataMigration
import DataStore
import DomainModel
import Foundation
import JSONCore

/// Writes a deterministic, realistic DomainDig store: the same size and seed give the same
/// bytes on every machine. Besides clean data it plants what real stores accumulate —
/// duplicates in mixed case with trailing dots, malformed records, unknown enum values,
/// references to untracked domains, a ledger that disagrees with itself — so the pipelines
/// have something to clean and report. `plantedProblems` lists them.
public struct SampleStoreGenerator: Sendable {
    public let size: SampleSize
    public let seed: UInt64
    /// The instant sample data ends at, fixed so output does not depend on the clock.
    public static let referenceDate = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01T00:00:00Z

    public init(size: SampleSize, seed: UInt64) {
        self.size = size
        self.seed = seed
    }

    /// What the generator plants on purpose, for the summary and for tests.
    public static let plantedProblems = [
        "trackedDomains: 3 duplicates of tracked domains in mixed case, with whitespace or a trailing dot",
        "trackedDomains: a record without an id and one with an invalid domain (left out on export)",
        "trackedDomains: a status this build does not know (\"snoozed\"), on a record with a field it does not know (\"reminder\", kept)",
        "lookupHistory: an exact duplicate snapshot, one with an unreadable date (left out), one with a TTL of the wrong type, one dated 1970",
        "domainAudits: an audit of an untracked domain and a check result this build does not know (\"flaky\")",
        "domainWorkflows: a workflow naming an untracked domain and a step kind this build does not know (\"screenshot\")",
        "monitoring.logs: an entry pointing at a snapshot that does not exist and one without a domain (left out)",
        "usageCredits.ledger: a balance 5 credits higher than its entries add up to",
        "reminders.v2: a store key a newer app wrote, which this build does not read (carried as it is)",
    ]

    /// Keys a newer DomainDig wrote, which this build does not read, with their values.
    public static let unknownValues: [String: StoreValue] = [
        "reminders.v2": .data(Data(#"{"enabled":true,"times":["08:00","18:30"]}"#.utf8))
    ]

    /// The values the generator writes, by key (current store layout, stamped current).
    public func makeValues() -> [StorageKey: StoreValue] {
        var random = SeededRandom(seed: seed)
        let counts = size.counts
        let domains = makeDomainNames(counts.domains, random: &random)
        var values: [StorageKey: StoreValue] = [:]
        values[.trackedDomains] = .data(Data(makeTrackedDomains(domains, random: &random)))
        let (history, snapshotIDs) = makeLookupHistory(domains, count: counts.snapshots, random: &random)
        values[.lookupHistory] = .data(Data(history))
        values[.domainAudits] = .data(Data(makeAudits(domains, count: counts.audits, random: &random)))
        values[.domainWorkflows] = .data(Data(makeWorkflows(domains, count: counts.workflows, random: &random)))
        values[.monitoringLogs] = .data(
            Data(makeLogs(domains, snapshotIDs: snapshotIDs, count: counts.logs, random: &random)))
        values[.monitoringSettings] = .data(Data(makeMonitoringSettings(domains, random: &random)))
        var writer = JSONWriter()
        writer.strings(
            (0..<counts.recentSearches).map { index in
                let domain = random.pick(domains)
                return index % 7 == 0 ? domain.uppercased() : domain
            })
        values[.recentSearches] = .data(Data(writer.takeBytes()))
        writer.strings((0..<counts.savedDomains).map { _ in random.pick(domains) } + ["Saved-Example.ORG."])
        values[.savedDomains] = .data(Data(writer.takeBytes()))
        values[.appPreferences] = .data(
            Data(
                AppPreferences(
                    resolverURL: "https://dns.quad9.net/dns-query", displayDensity: .compact, showRawRecords: true
                ).canonicalJSON))
        values[.cachedEntitlement] = .data(
            Data(
                CachedEntitlement(
                    productID: "com.domaindig.pro.yearly", tier: .pro, purchasedAt: day(-200), expiresAt: day(165),
                    originalTransactionID: "2000000\(random.int(in: 100_000_000...999_999_999))", verifiedAt: day(-1)
                ).canonicalJSON))
        values[.usageCreditLedger] = .data(Data(makeLedger(domains, count: counts.ledgerEntries, random: &random)))
        values[.storeSchemaVersion] = .integer(DataMigrationService.currentStoreSchemaVersion)
        return values
    }

    /// Writes the sample — `makeValues()` and `unknownValues` — into `store` in one transaction.
    /// - Parameter replacingExisting: remove every key first; without it, a store holding
    ///   any key is refused.
    /// - Throws: `SampleError.storeNotEmpty` or the store's error; nothing is written then.
    public func write(into store: any KeyValueStore, replacingExisting: Bool) throws {
        let values = makeValues()
        try store.transaction { transaction in
            let existing = try transaction.keys()
            if !existing.isEmpty {
                guard replacingExisting else {
                    throw SampleError.storeNotEmpty(location: store.location, keyCount: existing.count)
                }
                for key in existing { try transaction.removeValue(forKey: key) }
            }
            for (key, value) in values.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try transaction.set(value, forKey: key.rawValue)
            }
            for (key, value) in SampleStoreGenerator.unknownValues { try transaction.set(value, forKey: key) }
        }
    }

    /// A day relative to the reference date.
    func day(_ offset: Int, seconds: Int = 0) -> Date {
        SampleStoreGenerator.referenceDate.addingTimeInterval(Double(offset * 86_400 + seconds))
    }

    /// Distinct canonical domain names.
    func makeDomainNames(_ count: Int, random: inout SeededRandom) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        while names.count < count {
            let word = random.pick(SampleVocabulary.words)
            let suffix = random.pick(SampleVocabulary.suffixes)
            let number = names.count > 300 ? String(random.int(in: 1...9999)) : ""
            let name = "\(word)\(suffix.isEmpty ? "" : "-" + suffix)\(number).\(random.pick(SampleVocabulary.tlds))"
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// A UUID drawn from the seeded sequence.
    func makeID(_ random: inout SeededRandom) -> UUID {
        let high = random.next()
        let low = random.next()
        // Little-endian: `high`'s bytes, then `low`'s.
        var bytes = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * ($0 % 8))) }
        bytes[6] = bytes[6] & 0x0F | 0x40 // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80 // RFC 4122 variant
        // 16 bytes, the size of uuid_t, a tuple of bytes with no alignment of its own.
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}

/// Why `sample` refused to write.
public enum SampleError: Error, CustomStringConvertible, Sendable {
    case storeNotEmpty(location: String, keyCount: Int)

    public var description: String {
        switch self {
        case .storeNotEmpty(let location, let keyCount):
            "The store at \(location) already holds \(Wording.count(keyCount, "key")); sample only writes into an empty store, and left it unchanged."
        }
    }
}
