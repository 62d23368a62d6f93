/// What can be checked of an age file without any key: its header parses, and the length of
/// its payload is one the STREAM framing allows (so the file was neither cut nor extended at
/// a chunk boundary). Nothing here says the contents are authentic: only a key can.
///
///     let layout = try AgeFileLayout(fileByteCount: size) { buffer in try file.read(into: buffer) }
///     layout.plaintextByteCount   // what decryption will yield, if the file is intact
public struct AgeFileLayout: Sendable {
    public let header: AgeHeader
    /// Where the payload (its nonce) starts.
    public let headerByteCount: Int
    /// The plaintext length the payload's length implies.
    public let plaintextByteCount: Int64

    /// Reads the header from `input` (the file from its start) and checks the payload's length.
    /// - Parameter fileByteCount: the whole file's length.
    /// - Throws: the header failures of ``AgeHeader/parse(_:)-(UnsafeRawBufferPointer)``,
    ///   ``AgeError/missingPayloadNonce``, ``AgeError/invalidPayloadLength(_:)``, and whatever
    ///   `input` throws.
    public init(fileByteCount: Int64, input: @escaping AgeDecryptor.Input) throws {
        let (parsed, _) = try AgeInput.readingHeader(from: input)
        let payload = fileByteCount - Int64(parsed.byteCount)
        guard payload >= Int64(AgePayload.nonceByteCount) else { throw AgeError.missingPayloadNonce }
        let sealed = payload - Int64(AgePayload.nonceByteCount)
        guard let plaintext = AgePayload.plaintextByteCount(sealedChunkBytes: sealed) else {
            throw AgeError.invalidPayloadLength(sealed)
        }
        header = parsed.header
        headerByteCount = parsed.byteCount
        plaintextByteCount = plaintext
    }
}
