import Cryptography
import Testing

@Suite struct ContentMD5Tests {
    /// RFC 1321 §A.5's test suite, Base64-encoded as S3's Content-MD5 header carries a digest.
    @Test(arguments: [
        ("", "1B2M2Y8AsgTpgAmY7PhCfg=="),
        ("a", "DMF1ucDxtqgxw5niaXcmYQ=="),
        ("abc", "kAFQmDzST7DWlj99KOF/cg=="),
        ("message digest", "+WtpfXy3k41SWi8xqvFh0A=="),
    ])
    func matchesTheRFCVectors(message: String, expected: String) throws {
        #expect(try ContentMD5.headerValue(for: Array(message.utf8)) == expected)
    }
}
