import Foundation
import JSONCore

/// The WHOIS/RDAP part of a lookup snapshot.
public struct RegistrationSummary: JSONRecord, Hashable {
    /// RDAP or WHOIS.
    public var source: Lenient<RegistrationSource>
    /// The sponsoring registrar's name.
    public var registrar: String?
    /// The registrant organisation, when not redacted.
    public var registrant: String?
    /// Registration dates.
    public var createdAt: Date?
    public var updatedAt: Date?
    public var expiresAt: Date?
    /// Delegated name servers, canonical.
    public var nameServers: [String]
    /// EPP status codes (`clientTransferProhibited`).
    public var statuses: [String]
    /// Whether the delegation is signed.
    public var dnssec: Bool

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        source: RegistrationSource, registrar: String? = nil, registrant: String? = nil, createdAt: Date? = nil,
        updatedAt: Date? = nil, expiresAt: Date? = nil, nameServers: [String] = [], statuses: [String] = [],
        dnssec: Bool = false
    ) {
        self.source = Lenient(source)
        self.registrar = registrar
        self.registrant = registrant
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.expiresAt = expiresAt
        self.nameServers = nameServers.map(DomainName.canonical)
        self.statuses = statuses
        self.dnssec = dnssec
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        source = reader.enumeration("source", default: .whois)
        registrar = reader.optionalString("registrar")
        registrant = reader.optionalString("registrant")
        createdAt = reader.optionalDate("createdAt")
        updatedAt = reader.optionalDate("updatedAt")
        expiresAt = reader.optionalDate("expiresAt")
        nameServers = reader.domainList("nameServers", limit: 64)
        statuses = reader.stringList("statuses", limit: 64)
        dnssec = reader.bool("dnssec", default: false)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("source", source)
        writer.field("registrar", registrar)
        writer.field("registrant", registrant)
        writer.field("createdAt", createdAt)
        writer.field("updatedAt", updatedAt)
        writer.field("expiresAt", expiresAt)
        writer.field("nameServers", nameServers)
        writer.field("statuses", statuses)
        writer.field("dnssec", dnssec)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
