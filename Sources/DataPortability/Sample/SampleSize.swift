/// How big a sampled store is.
public enum SampleSize: String, CaseIterable, Sendable {
    /// A few hundred kilobytes of JSON: quick demos and tests.
    case small
    /// About 20 MB of JSON.
    case medium
    /// About 200 MB of JSON, the benchmark's large store.
    case large

    struct Counts {
        var domains: Int
        var snapshots: Int
        var audits: Int
        var workflows: Int
        var logs: Int
        var ledgerEntries: Int
        var recentSearches: Int
        var savedDomains: Int
    }

    var counts: Counts {
        switch self {
        case .small:
            Counts(
                domains: 40, snapshots: 150, audits: 20, workflows: 6, logs: 200, ledgerEntries: 30,
                recentSearches: 25, savedDomains: 12)
        case .medium:
            Counts(
                domains: 800, snapshots: 10_000, audits: 400, workflows: 40, logs: 8000, ledgerEntries: 1000,
                recentSearches: 100, savedDomains: 200)
        case .large:
            Counts(
                domains: 5000, snapshots: 100_000, audits: 4000, workflows: 200, logs: 80_000, ledgerEntries: 10_000,
                recentSearches: 100, savedDomains: 1000)
        }
    }
}
