import DomainModel
import Foundation
import JSONCore

extension SchemaWalker {
    mutating func checkString(_ context: Context, _ value: Int, _ node: UnsafePointer<CompiledSchema.Node>) {
        let view = context.view
        let plain = view.isPlainString(value)
        let knownStart = node.pointee.knownStart
        let knownEnd = node.pointee.knownEnd
        if knownEnd >= 0 {
            if plain {
                let known = view.withRawBytes(value) { raw in
                    context.schema.knownValues[knownStart..<knownEnd].contains { candidate in
                        candidate.count == raw.count
                            && candidate.withUnsafeBufferPointer {
                                memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0
                            }
                    }
                }
                if known { return }
            }
            let text = view.string(value) ?? ""
            let values = context.schema.knownValues[knownStart..<knownEnd].map { String(decoding: $0, as: UTF8.self) }
            if !values.contains(text) {
                let fallback =
                    node.pointee.fallback >= 0 ? context.schema.fallbacks[node.pointee.fallback] : "the default"
                record(
                    .note, .unknownValue,
                    "\"\(text)\" is not a value this version knows; it is treated as \"\(fallback)\" and kept as written."
                )
            }
            return
        }
        guard let format = node.pointee.format else { return }
        switch format {
        case .dateTime:
            let date =
                plain
                ? view.withRawBytes(value, Timestamp.parse(utf8:)) : view.string(value).flatMap(Timestamp.parse)
            guard let date else {
                var text = view.string(value) ?? ""
                if text.withUTF8({ Timestamp.isBeyondFourDigitYears(utf8: $0) }) {
                    return record(
                        .error, .invalidFormat,
                        "must stay within the years 0000–9999 once converted to UTC (on 9999-12-31 no negative "
                            + "offset, on 0000-01-01 no positive one), not \"\(text)\".")
                }
                return record(
                    .error, .invalidFormat,
                    "must be an ISO 8601 timestamp such as 2026-11-30T04:42:22Z, not \"\(text)\".")
            }
            if !Timestamp.plausibleRange.contains(date) {
                record(
                    .warning, .dateOutOfBounds,
                    "\(Timestamp.format(date)) is before 1985 or after 2100; check the source of this record.")
            }
        case .uuid:
            let id =
                plain ? view.withRawBytes(value, RecordID.parse(utf8:)) : view.string(value).flatMap(RecordID.parse)
            if id == nil {
                record(
                    .error, .invalidFormat,
                    "must be a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, not \"\(view.string(value) ?? "")\".")
            }
        case .domain, .ownerName:
            let ownerName = format == .ownerName
            let check: DomainName.Check
            if plain {
                check = view.withRawBytes(value) { DomainName.check(utf8: $0, ownerName: ownerName) }
            } else {
                var text = view.string(value) ?? ""
                check = text.withUTF8 { DomainName.check(utf8: $0, ownerName: ownerName) }
            }
            switch check {
            case .canonical:
                break
            case .invalid:
                record(
                    .error, .invalidDomain,
                    "\"\(view.string(value) ?? "")\" is not a valid \(ownerName ? "DNS owner name" : "domain name").")
            case .nonCanonical(let canonical):
                record(
                    .note, .domainNotCanonical, "\"\(view.string(value) ?? "")\" will be stored as \"\(canonical)\".")
            }
        case .resolverURL:
            let text = view.string(value) ?? ""
            if !AppPreferences.isResolverURL(text) {
                record(.error, .invalidFormat, "must be an https:// URL, not \"\(text)\".")
            }
        case .wallClockTime:
            let text = view.string(value) ?? ""
            if !QuietHours.isWallClockTime(text) {
                record(.error, .invalidFormat, "must be a time of day written HH:MM, not \"\(text)\".")
            }
        case .nonEmpty:
            if WhiteSpace.isBlank(view.string(value) ?? "") {
                record(.error, .invalidFormat, "must not be empty.")
            }
        }
    }
}
