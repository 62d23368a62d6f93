import DomainModel
import Foundation
import JSONCore

extension SchemaWalker {
    mutating func checkString(_ value: JSONValue, _ schema: StringSchema) {
        if let known = schema.knownValues {
            let text = value.string ?? ""
            if !known.contains(text) {
                record(.note, .unknownValue,
                       "\"\(text)\" is not a value this version knows; it is treated as \"\(schema.fallback ?? "the default")\" and kept as written.")
            }
            return
        }
        guard let format = schema.format else { return }
        switch format {
        case .dateTime:
            let date = value.isPlainString ? value.withRawBytes { Timestamp.parse(utf8: $0) } : value.string.flatMap(Timestamp.parse)
            guard let date else {
                return record(.error, .invalidFormat, "must be an ISO 8601 timestamp such as 2026-11-30T04:42:22Z, not \"\(value.string ?? "")\".")
            }
            if date < SchemaWalker.earliestSaneDate || date > SchemaWalker.latestSaneDate {
                record(.warning, .dateOutOfBounds, "\(Timestamp.format(date)) is before 1985 or after 2100; check the source of this record.")
            }
        case .uuid:
            let id = value.isPlainString ? value.withRawBytes { RecordID.parse(utf8: $0) } : value.string.flatMap(RecordID.parse)
            if id == nil {
                record(.error, .invalidFormat, "must be a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, not \"\(value.string ?? "")\".")
            }
        case .domain, .ownerName:
            let text = value.string ?? ""
            let valid = format == .domain ? DomainName.isValid(text) : DomainName.isValidOwnerName(text)
            if !valid {
                record(.error, .invalidDomain, "\"\(text)\" is not a valid \(format == .domain ? "domain name" : "DNS owner name").")
            } else if !DomainName.isCanonical(text) {
                record(.note, .domainNotCanonical, "\"\(text)\" will be stored as \"\(DomainName.canonical(text))\".")
            }
        case .resolverURL:
            let text = value.string ?? ""
            if !AppPreferences.isResolverURL(text) {
                record(.error, .invalidFormat, "must be an https:// URL, not \"\(text)\".")
            }
        case .wallClockTime:
            let text = value.string ?? ""
            if !QuietHours.isWallClockTime(text) {
                record(.error, .invalidFormat, "must be a time of day written HH:MM, not \"\(text)\".")
            }
        case .nonEmpty:
            if (value.string ?? "").allSatisfy(\.isWhitespace) {
                record(.error, .invalidFormat, "must not be empty.")
            }
        }
    }
}
