import JSONCore

/// Everything under "app settings" (design §3) as the backup's `appSettings` section holds
/// it: recent searches, saved domains and the preferences, one object.
public struct AppSettings: MergeableRecord, Hashable {
    /// Search texts, most recent first, trimmed, without case-insensitive duplicates.
    public var recentSearches: [String]
    /// Bookmarked domains, canonical, without duplicates.
    public var savedDomains: [String]
    public var preferences: AppPreferences

    /// The section's fields this build does not know. They belong with the preferences: the
    /// section's object is stored as the `app.preferences` object beside the two lists, so
    /// that is where they are kept (`preferences.unknownFields`).
    public var unknownFields: UnknownFields {
        get { preferences.unknownFields }
        set { preferences.unknownFields = newValue }
    }

    /// Limits on the lists.
    public static let maxRecentSearches = 100
    public static let maxSavedDomains = 5000

    /// The settings of a fresh install.
    public static let defaults = AppSettings(recentSearches: [], savedDomains: [], preferences: .defaults)

    public init(recentSearches: [String], savedDomains: [String], preferences: AppPreferences) {
        self.recentSearches = AppSettings.distinctSearches(recentSearches)
        self.savedDomains = savedDomains.map(DomainName.canonical)
        self.preferences = preferences
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        // Duplicates go first, so only searches really beyond the limit count as cut (and are reported).
        var searches = distinctTrimmed(reader.stringList("recentSearches"))
        reader.truncate(&searches, "recentSearches", limit: AppSettings.maxRecentSearches)
        recentSearches = searches
        savedDomains = reader.domainList("savedDomains", limit: AppSettings.maxSavedDomains)
        preferences = try AppPreferences(from: &reader)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("recentSearches", recentSearches)
        writer.field("savedDomains", savedDomains)
        preferences.encodeFields(to: &writer)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    /// Merge rule (import in merge mode): the incoming preferences win; saved domains are
    /// unioned (these first); recent searches are unioned (these first) and cut to the limit.
    /// Unknown fields are unioned, the incoming ones winning a clash.
    public func merged(with incoming: AppSettings) -> AppSettings {
        var preferences = incoming.preferences
        preferences.unknownFields = incoming.unknownFields.merged(with: unknownFields)
        return AppSettings(
            recentSearches: recentSearches + incoming.recentSearches,
            savedDomains: Array(union(savedDomains, incoming.savedDomains).prefix(AppSettings.maxSavedDomains)),
            preferences: preferences)
    }

    /// Searches trimmed, without empties and case-insensitive duplicates, at most the limit.
    public static func distinctSearches(_ searches: [String]) -> [String] {
        Array(distinctTrimmed(searches).prefix(maxRecentSearches))
    }
}
