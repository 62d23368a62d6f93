import ObjectStorage

extension SignatureV4 {
    /// The SHA-256 of no bytes, the payload hash of a request without a body.
    static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
}
