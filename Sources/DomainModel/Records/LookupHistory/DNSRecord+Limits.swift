extension DNSRecord {
    /// The largest TTL RFC 2181 allows.
    public static let maxTTL = 2_147_483_647
}
