import Foundation
import JSONCore

/// The TLS part of a lookup snapshot: the leaf certificate served on port 443.
public struct TLSCertificateSummary: JSONRecord, Hashable {
    /// Subject and issuer distinguished names as text.
    public var subject: String
    public var issuer: String
    /// Serial number in hexadecimal.
    public var serialNumber: String?
    /// Validity period.
    public var notBefore: Date?
    public var notAfter: Date?
    /// DNS names from the subjectAltName extension (wildcards allowed, kept as written).
    public var subjectAltNames: [String]
    /// `sha256WithRSAEncryption`, `ecdsa-with-SHA256`…
    public var signatureAlgorithm: String?
    /// Public key size in bits.
    public var keyBits: Int?
    /// Whether the chain validated against the system roots.
    public var chainValid: Bool

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        subject: String, issuer: String, serialNumber: String? = nil, notBefore: Date? = nil, notAfter: Date? = nil,
        subjectAltNames: [String] = [], signatureAlgorithm: String? = nil, keyBits: Int? = nil, chainValid: Bool = false
    ) {
        self.subject = subject
        self.issuer = issuer
        self.serialNumber = serialNumber
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.subjectAltNames = subjectAltNames
        self.signatureAlgorithm = signatureAlgorithm
        self.keyBits = keyBits
        self.chainValid = chainValid
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        subject = try reader.requiredString("subject")
        issuer = try reader.requiredString("issuer")
        serialNumber = reader.optionalString("serialNumber")
        notBefore = reader.optionalDate("notBefore")
        notAfter = reader.optionalDate("notAfter")
        subjectAltNames = reader.stringList("subjectAltNames", limit: 1000)
        signatureAlgorithm = reader.optionalString("signatureAlgorithm")
        keyBits = reader.optionalInt("keyBits", in: 0...65536)
        chainValid = reader.bool("chainValid", default: false)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("subject", subject)
        writer.field("issuer", issuer)
        writer.field("serialNumber", serialNumber)
        writer.field("notBefore", notBefore)
        writer.field("notAfter", notAfter)
        writer.field("subjectAltNames", subjectAltNames)
        writer.field("signatureAlgorithm", signatureAlgorithm)
        writer.field("keyBits", keyBits)
        writer.field("chainValid", chainValid)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
