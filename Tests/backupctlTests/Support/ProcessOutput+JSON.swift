import Foundation
import TestSupport
import Testing

extension ProcessOutput {
    /// Standard output parsed as exactly one JSON object by Foundation's `JSONSerialization`,
    /// which refuses trailing text, so a second document or stray line fails the test.
    func jsonObject() throws -> [String: Any] {
        try Self.jsonObject(from: stdout)
    }

    /// Bytes parsed as exactly one JSON object.
    static func jsonObject(from bytes: Data) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: bytes)
        return try #require(
            parsed as? [String: Any], "expected one JSON object, got: \(String(decoding: bytes, as: UTF8.self))")
    }
}
