/// The one place that defines what a domain name is and how it is written canonically.
///
/// Canonical form: surrounding whitespace trimmed, ASCII letters lower-cased, one trailing
/// dot (the DNS root) removed. Valid: RFC 1035/1123 host syntax — labels of 1–63 letters,
/// digits and hyphens, not starting or ending with a hyphen, at most 253 characters in all,
/// and a top-level label that is not all digits. Internationalised names are written as
/// A-labels (`xn--…`).
public enum DomainName {
    /// The longest name, in characters, without the trailing dot.
    public static let maxLength = 253
    /// The longest label, in characters.
    public static let maxLabelLength = 63

    /// The canonical form of `raw`. It may still be invalid; check with `isValid`.
    ///
    ///     DomainName.canonical(" Example.COM. ")  // "example.com"
    public static func canonical(_ raw: String) -> String {
        var utf8 = Array(raw.utf8)
        canonicalize(&utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Whether the canonical form of `raw` is a syntactically valid host name — or, with
    /// `ownerName`, a valid DNS owner name: host syntax, but labels may also hold underscores
    /// (`_dmarc`, `_sip._tcp`) and the first label may be a lone `*` (a wildcard; `*` alone
    /// too) — the names DNS records live at.
    public static func isValid(_ raw: String, ownerName: Bool = false) -> Bool {
        validCanonical(raw, ownerName: ownerName) != nil
    }

    /// The canonical form of `raw` when it is a valid host name (or, with `ownerName`, a valid
    /// DNS owner name); nil otherwise. Names already in canonical form — nearly all of them —
    /// are checked in place and copied once.
    public static func validCanonical(_ raw: String, ownerName: Bool = false) -> String? {
        var raw = raw
        return raw.withUTF8 { validCanonical(utf8: $0, ownerName: ownerName) }
    }

    /// `validCanonical` on UTF-8 bytes.
    public static func validCanonical(utf8 bytes: UnsafeBufferPointer<UInt8>, ownerName: Bool = false) -> String? {
        if isCanonicalForm(bytes) {
            return isValidCanonical(bytes, ownerName: ownerName) ? String(decoding: bytes, as: UTF8.self) : nil
        }
        var utf8 = Array(bytes)
        canonicalize(&utf8)
        let valid = utf8.withUnsafeBufferPointer { isValidCanonical($0, ownerName: ownerName) }
        return valid ? String(decoding: utf8, as: UTF8.self) : nil
    }

    /// How a name given as UTF-8 stands: checked without allocating when it is already canonical.
    public enum Check: Equatable, Sendable {
        case canonical
        /// Valid, but stored differently: the canonical form.
        case nonCanonical(String)
        case invalid
    }

    /// Checks `bytes` as a host name (or, with `ownerName`, a DNS owner name).
    public static func check(utf8 bytes: UnsafeBufferPointer<UInt8>, ownerName: Bool = false) -> Check {
        if isCanonicalForm(bytes) {
            return isValidCanonical(bytes, ownerName: ownerName) ? .canonical : .invalid
        }
        return validCanonical(utf8: bytes, ownerName: ownerName).map(Check.nonCanonical) ?? .invalid
    }

    /// Whether canonicalising would leave `bytes` unchanged: no surrounding whitespace, no
    /// trailing dot, no upper-case ASCII.
    static func isCanonicalForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if isSpace(first) || isSpace(last) || last == UInt8(ascii: ".") { return false }
        for byte in bytes where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return false }
        return true
    }

    static func canonicalize(_ utf8: inout [UInt8]) {
        var start = 0
        var end = utf8.count
        while start < end && isSpace(utf8[start]) { start += 1 }
        while end > start && isSpace(utf8[end - 1]) { end -= 1 }
        if end > start && utf8[end - 1] == UInt8(ascii: ".") { end -= 1 }
        if start > 0 || end < utf8.count { utf8 = Array(utf8[start..<end]) }
        for index in utf8.indices where utf8[index] >= UInt8(ascii: "A") && utf8[index] <= UInt8(ascii: "Z") {
            utf8[index] += 32
        }
    }

    /// Checks host (or owner-name) syntax on an already canonical name.
    static func isValidCanonical(_ name: UnsafeBufferPointer<UInt8>, ownerName: Bool = false) -> Bool {
        guard !name.isEmpty, name.count <= maxLength else { return false }
        var labelStart = 0
        var lastLabelAllDigits = true
        var index = 0
        while index <= name.count {
            if index == name.count || name[index] == UInt8(ascii: ".") {
                let length = index - labelStart
                guard length >= 1, length <= maxLabelLength else { return false }
                if ownerName && labelStart == 0 && length == 1 && name[0] == UInt8(ascii: "*") {
                    // A wildcard is not a top-level label of digits, also when it is the whole
                    // name: `*` alone is the wildcard at the root, which `ownerNamePattern` allows.
                    lastLabelAllDigits = false
                    labelStart = index + 1
                    index += 1
                    continue
                }
                guard name[labelStart] != UInt8(ascii: "-"), name[index - 1] != UInt8(ascii: "-") else { return false }
                lastLabelAllDigits = true
                for offset in labelStart..<index where !isDigit(name[offset]) { lastLabelAllDigits = false }
                labelStart = index + 1
            } else {
                let byte = name[index]
                guard
                    isLowerAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
                        || (ownerName && byte == UInt8(ascii: "_"))
                        || (ownerName && byte == UInt8(ascii: "*") && labelStart == 0 && index == 0
                            && (name.count == 1 || name[1] == UInt8(ascii: ".")))
                else { return false }
            }
            index += 1
        }
        return !lastLabelAllDigits
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inline(__always) static func isLowerAlpha(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    /// A regular expression (ECMA 262 and Python `re` compatible) accepting exactly the names
    /// whose canonical form is valid, for the published JSON Schema.
    public static let pattern =
        #"^[ \t\n\r]*(?=[A-Za-z0-9.-]{1,253}\.?[ \t\n\r]*$)(?!(?:[A-Za-z0-9-]+\.)*[0-9]+\.?[ \t\n\r]*$)"#
        + #"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?[ \t\n\r]*$"#

    /// A regular expression accepting exactly the names `isValid(_:ownerName:)` accepts as owner names.
    public static let ownerNamePattern =
        #"^[ \t\n\r]*(?=[A-Za-z0-9._*-]{1,253}\.?[ \t\n\r]*$)(?!(?:[A-Za-z0-9_*-]+\.)*[0-9]+\.?[ \t\n\r]*$)"#
        + #"(?:\*|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?[ \t\n\r]*$"#
}
