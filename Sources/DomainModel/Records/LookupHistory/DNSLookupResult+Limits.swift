extension DNSLookupResult {
    /// The most records one snapshot keeps.
    public static let maxRecords = 1000
}
