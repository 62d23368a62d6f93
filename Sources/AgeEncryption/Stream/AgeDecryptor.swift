import Cryptography

/// Reads an age file (age-encryption.org/v1) as it streams past: parses the header, unwraps
/// the file key with the first identity that opens it, checks the header's MAC, then decrypts
/// one 64 KiB chunk at a time, so memory stays at one chunk whatever the size.
///
///     let decryptor = try AgeDecryptor(identities: [.x25519(identity)]) { buffer in try file.read(into: buffer) }
///     while case let count = try decryptor.read(into: buffer), count > 0 { … }
///
/// Every chunk is authenticated before its plaintext is released, and ``read(into:)`` returns 0
/// only once the final chunk has been verified and the input has ended. A file cut at a chunk
/// boundary, or with bytes appended, fails at that point: a caller must read to the end (0)
/// before trusting what it read. Once a call has thrown, every later call throws the same error.
public final class AgeDecryptor {
    /// Reads up to `buffer.count` bytes of the file; returns 0 at its end.
    public typealias Input = (UnsafeMutableRawBufferPointer) throws -> Int

    public let header: AgeHeader
    /// The header's length in bytes: where the payload starts.
    public let headerByteCount: Int
    /// Plaintext bytes released so far.
    public private(set) var plaintextByteCount: Int64 = 0
    /// Bytes of the file consumed so far.
    public var bytesConsumed: Int64 { input.consumed }

    private enum State { case readingChunks, finalChunkReleased, ended }

    private var input: AgeInput
    /// Kept for ``restarted(payloadInput:)``; wiped when the decryptor is released.
    private let fileKey: AgeFileKey
    private let cipher: ChaCha20Poly1305
    /// Owned: allocated in `init`, wiped and freed in `deinit`; never lent beyond a call.
    private let sealedChunk: UnsafeMutableRawBufferPointer
    private let plainChunk: UnsafeMutableRawBufferPointer
    /// The part of `plainChunk` not yet handed out.
    private var unread = 0..<0
    private var chunkIndex: UInt64 = 0
    private var state = State.readingChunks
    private var failure: (any Error)?

    /// Reads the header and payload nonce from `input` and unwraps the file key.
    /// - Throws: the header failures of ``AgeHeader/parse(_:)-(UnsafeRawBufferPointer)`` and
    ///   ``AgeError/headerTooLarge(byteLimit:)``; ``AgeError/malformedStanza(type:reason:)``;
    ///   ``AgeError/noMatchingIdentity(_:)``; ``AgeError/headerAuthenticationFailed``;
    ///   ``AgeError/missingPayloadNonce``; and whatever `input` throws.
    public convenience init(identities: [AgeIdentity], input read: @escaping Input) throws {
        let (parsed, input) = try AgeInput.readingHeader(from: read)
        let fileKey = try AgeIdentity.fileKey(for: parsed.header, identities: identities)
        guard ConstantTime.equals(try fileKey.headerMAC(over: parsed.header.authenticatedBytes), parsed.header.mac)
        else {
            throw AgeError.headerAuthenticationFailed
        }
        try self.init(header: parsed.header, headerByteCount: parsed.byteCount, fileKey: fileKey, input: input)
    }

    private init(header: AgeHeader, headerByteCount: Int, fileKey: AgeFileKey, input: AgeInput) throws {
        var input = input
        var nonce = [UInt8](repeating: 0, count: AgePayload.nonceByteCount)
        guard try nonce.withUnsafeMutableBytes({ try input.fill($0) }) == nonce.count else {
            throw AgeError.missingPayloadNonce
        }
        self.header = header
        self.headerByteCount = headerByteCount
        self.fileKey = fileKey
        cipher = try ChaCha20Poly1305(key: try fileKey.payloadKey(nonce: nonce))
        self.input = input
        sealedChunk = UnsafeMutableRawBufferPointer.allocate(byteCount: AgePayload.sealedChunkByteCount, alignment: 16)
        plainChunk = UnsafeMutableRawBufferPointer.allocate(byteCount: AgePayload.chunkByteCount, alignment: 16)
    }

    /// A decryptor for the same file that reads its payload again from the start: `input`
    /// must begin at byte ``headerByteCount`` of the file (the payload nonce). The file key is
    /// reused, so a reader that passes over a file twice unwraps it once (a second of scrypt
    /// for a passphrase).
    public func restarted(payloadInput input: @escaping Input) throws -> AgeDecryptor {
        try AgeDecryptor(
            header: header, headerByteCount: headerByteCount, fileKey: fileKey,
            input: AgeInput(read: input, pending: [], consumed: Int64(headerByteCount)))
    }

    deinit {
        plainChunk.initializeMemory(as: UInt8.self, repeating: 0)
        plainChunk.deallocate()
        sealedChunk.deallocate()
    }

    /// Reads decrypted bytes into `buffer`.
    /// - Returns: the number of bytes read; 0 only at the verified end of the file.
    /// - Throws: ``AgeError/payloadTruncated(chunks:)``, ``AgeError/payloadAuthenticationFailed(chunk:)``,
    ///   ``AgeError/emptyFinalChunk(chunk:)``, ``AgeError/trailingData(afterChunk:)``, and
    ///   whatever the input throws.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        do {
            while unread.isEmpty {
                switch state {
                case .ended:
                    return 0
                case .finalChunkReleased:
                    try expectEnd()
                    state = .ended
                    return 0
                case .readingChunks:
                    try openNextChunk()
                }
            }
            let count = min(buffer.count, unread.count)
            UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
                .copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: plainChunk[unread.lowerBound..<(unread.lowerBound + count)]))
            unread = (unread.lowerBound + count)..<unread.upperBound
            return count
        } catch {
            failure = error
            throw error
        }
    }

    /// Reads and authenticates the next chunk. A chunk shorter than a full one must be the
    /// final one; a full one is tried as an ordinary chunk first, then as the final one.
    private func openNextChunk() throws {
        let sealedCount = try input.fill(sealedChunk)
        let chunk = Int(chunkIndex)
        guard sealedCount >= ChaCha20Poly1305.tagByteCount else {
            // Nothing, or less than a tag, where a chunk should be: the file was cut.
            throw AgeError.payloadTruncated(chunks: chunk)
        }
        let plainCount = sealedCount - ChaCha20Poly1305.tagByteCount
        let isFinal = try sealedCount < AgePayload.sealedChunkByteCount || !open(sealedCount, isFinal: false)
        if isFinal, try !open(sealedCount, isFinal: true) { throw AgeError.payloadAuthenticationFailed(chunk: chunk) }
        if isFinal && plainCount == 0 && chunkIndex > 0 { throw AgeError.emptyFinalChunk(chunk: chunk) }
        unread = 0..<plainCount
        plaintextByteCount += Int64(plainCount)
        chunkIndex += 1
        if isFinal { state = .finalChunkReleased }
    }

    /// Opens the sealed chunk into `plainChunk` with the nonce for `isFinal`.
    /// - Returns: whether it authenticated.
    private func open(_ sealedCount: Int, isFinal: Bool) throws -> Bool {
        let nonce = AgePayload.chunkNonce(index: chunkIndex, isFinal: isFinal)
        do {
            try nonce.withUnsafeBytes { nonce in
                try cipher.open(
                    UnsafeRawBufferPointer(rebasing: sealedChunk[..<sealedCount]), nonce: nonce,
                    into: UnsafeMutableRawBufferPointer(
                        rebasing: plainChunk[..<(sealedCount - ChaCha20Poly1305.tagByteCount)]))
            }
            return true
        } catch CryptographyError.authenticationFailed {
            return false
        }
    }

    /// After the final chunk the input must end.
    private func expectEnd() throws {
        var probe: UInt8 = 0
        let extra = try withUnsafeMutableBytes(of: &probe) { try input.fill($0) }
        if extra > 0 { throw AgeError.trailingData(afterChunk: Int(chunkIndex) - 1) }
    }
}
