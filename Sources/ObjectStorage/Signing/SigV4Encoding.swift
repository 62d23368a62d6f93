/// Percent-encoding as Signature Version 4 defines it (and S3 expects on the wire): the
/// unreserved characters `A–Z a–z 0–9 - . _ ~` stay, every other byte of the UTF-8 text
/// becomes `%XY` with uppercase hex digits. A slash stays only in an object key's path.
///
///     SigV4Encoding.encode("test$file.text")           // "test%24file.text"
///     SigV4Encoding.encode("a b/c", keepingSlashes: true) // "a%20b/c"
public enum SigV4Encoding {
    public static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded = [UInt8]()
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.append(byte)
            case UInt8(ascii: "/") where keepingSlashes:
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The canonical query string: each name and value encoded, pairs sorted by encoded name
    /// and then value, joined with `&` (a parameter without a value is written `name=`).
    public static func canonicalQuery(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { (encode($0.name), encode($0.value)) }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }
}
