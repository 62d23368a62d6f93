import JSONCore

/// The user's preferences (store key `app.preferences` since store v2; before that the
/// separate keys `resolverURL`, `displayDensity` and `showRawRecords`).
public struct AppPreferences: JSONRecord, Hashable {
    /// The DNS-over-HTTPS resolver lookups use.
    public var resolverURL: String
    public var displayDensity: Lenient<DisplayDensity>
    /// Whether lookups show raw DNS/WHOIS text beside the summary.
    public var showRawRecords: Bool

    /// The resolver of a fresh install.
    public static let defaultResolverURL = "https://cloudflare-dns.com/dns-query"

    /// The preferences of a fresh install.
    public static let defaults = AppPreferences(
        resolverURL: defaultResolverURL, displayDensity: .standard, showRawRecords: false)

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(resolverURL: String, displayDensity: DisplayDensity, showRawRecords: Bool) {
        self.resolverURL = resolverURL
        self.displayDensity = Lenient(displayDensity)
        self.showRawRecords = showRawRecords
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        let url = reader.optionalString("resolverURL")
        if let url, !AppPreferences.isResolverURL(url) {
            reader.issues.append(
                DecodingIssue(
                    kind: .defaultedField, path: ".resolverURL",
                    message: "must be an https:// URL, not \"\(url)\"; the default was used"))
            resolverURL = AppPreferences.defaultResolverURL
        } else {
            resolverURL = url ?? AppPreferences.defaultResolverURL
        }
        displayDensity = reader.enumeration("displayDensity", default: .standard)
        showRawRecords = reader.bool("showRawRecords", default: false)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        encodeFields(to: &writer)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    /// Writes the fields without braces, for sections that embed them.
    func encodeFields(to writer: inout JSONWriter) {
        writer.field("resolverURL", resolverURL)
        writer.field("displayDensity", displayDensity)
        writer.field("showRawRecords", showRawRecords)
    }

    /// The pattern a resolver URL must match: the same rule as `isResolverURL`, so a query
    /// or fragment may follow the host directly (`https://dns.example?dns=…`).
    public static let resolverURLPattern =
        "^https://[^\(WhiteSpace.characterClass)/?#]+([/?#][^\(WhiteSpace.characterClass)]*)?$"

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
