import Testing

@testable import ObjectStorage

@Suite struct SigV4EncodingTests {
    @Test(arguments: [
        ("AZaz09-._~", false, "AZaz09-._~"),
        ("a b+c=d&e", false, "a%20b%2Bc%3Dd%26e"),
        ("folder/name", false, "folder%2Fname"),
        ("folder/name with space", true, "folder/name%20with%20space"),
        ("ሴ", true, "%E1%88%B4"),
        ("50%", false, "50%25"),
        ("*", false, "%2A"),
    ])
    func encodesAsSigV4Says(text: String, keepingSlashes: Bool, expected: String) {
        #expect(SigV4Encoding.encode(text, keepingSlashes: keepingSlashes) == expected)
    }

    @Test func sortsTheQueryByEncodedNameThenValue() {
        let query = SigV4Encoding.canonicalQuery([
            ("prefix", "a b/"), ("list-type", "2"), ("continuation-token", "x=="), ("b", "2"), ("b", "1"),
        ])
        #expect(query == "b=1&b=2&continuation-token=x%3D%3D&list-type=2&prefix=a%20b%2F")
    }
}
