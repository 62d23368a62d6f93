extension AppPreferences {
    /// The resolver of a fresh install.
    public static let defaultResolverURL = "https://cloudflare-dns.com/dns-query"

    /// The preferences of a fresh install.
    public static let defaults = AppPreferences(
        resolverURL: defaultResolverURL, displayDensity: .standard, showRawRecords: false)

    /// The pattern a resolver URL must match: the same rule as `isResolverURL`, so a query
    /// or fragment may follow the host directly (`https://dns.example?dns=…`).
    public static let resolverURLPattern =
        "^https://[^\(WhiteSpace.characterClass)/?#]+([/?#][^\(WhiteSpace.characterClass)]*)?$"

    /// The optional resolver URL field `key`; one that is not a resolver URL is noted and the
    /// default used.
    static func resolverURL(_ key: StaticString, _ reader: inout RecordReader) -> String {
        guard let url = reader.optionalString(key) else { return defaultResolverURL }
        guard isResolverURL(url) else {
            reader.issues.append(
                DecodingIssue(
                    kind: .defaultedField, path: ".\(key)",
                    message: "must be an https:// URL, not \"\(url)\"; the default was used"))
            return defaultResolverURL
        }
        return url
    }

    /// Whether `text` is an `https://` URL with a host and no white space (`WhiteSpace`).
    ///
    /// Read scalar by scalar, as the pattern reads it: a combining mark right after `https://`
    /// begins the host, where a comparison of characters would take `/́` for another character
    /// than `/` and refuse the prefix.
    public static func isResolverURL(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.starts(with: "https://".unicodeScalars) else { return false }
        let rest = scalars.dropFirst("https://".unicodeScalars.count)
        guard let first = rest.first, !"/?#".unicodeScalars.contains(first) else { return false }
        return !rest.contains(where: WhiteSpace.contains)
    }
}
