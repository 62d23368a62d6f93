/// The string formats records use and the schema checks.
public enum StringFormat: String, Sendable {
    /// ISO 8601 date-time.
    case dateTime = "date-time"
    /// 8-4-4-4-12 hexadecimal UUID.
    case uuid
    /// A host name (canonical form valid per RFC 1035/1123).
    case domain
    /// A DNS owner name (host syntax plus `_service` labels and a leading `*`).
    case ownerName
    /// An `https://` URL.
    case resolverURL
    /// A wall-clock time `HH:MM`.
    case wallClockTime
    /// Not empty, not only whitespace.
    case nonEmpty
}
