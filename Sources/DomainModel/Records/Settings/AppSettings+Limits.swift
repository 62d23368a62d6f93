extension AppSettings {
    /// Limits on the lists.
    public static let maxRecentSearches = 100
    public static let maxSavedDomains = 5000

    /// The settings of a fresh install.
    public static let defaults = AppSettings(recentSearches: [], savedDomains: [], preferences: .defaults)

    /// The recent searches field `key`, without duplicates; only searches really beyond the
    /// limit count as cut (and are reported), so duplicates go first.
    static func recentSearches(_ key: StaticString, _ reader: inout RecordReader) -> [String] {
        var searches = reader.normalized(reader.stringList(key), distinctTrimmed)
        reader.truncate(&searches, key, limit: maxRecentSearches)
        return searches
    }

    /// Searches trimmed, without empties and case-insensitive duplicates, at most the limit.
    public static func distinctSearches(_ searches: [String]) -> [String] {
        Array(distinctTrimmed(searches).prefix(maxRecentSearches))
    }
}
