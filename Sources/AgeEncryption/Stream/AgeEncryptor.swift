import Cryptography

/// Writes an age file (age-encryption.org/v1) as its plaintext streams past: the header for
/// the recipients, the payload nonce, then one sealed chunk per 64 KiB, so memory stays at one
/// chunk whatever the size.
///
///     let encryptor = try AgeEncryptor(recipients: [.x25519(recipient)]) { bytes in try file.write(bytes) }
///     try encryptor.write(firstPart)
///     try encryptor.write(secondPart)
///     try encryptor.finish()
///
/// A full chunk is held back until more plaintext arrives, so the final chunk may be full (and
/// is empty only when nothing was written), as the format requires. Until ``finish()`` has
/// returned, the output is not a complete age file: a reader refuses it as truncated. Once a
/// call has thrown (the output failed), every later call throws the same error.
public final class AgeEncryptor {
    /// Receives the file's bytes in order; may throw to stop encryption.
    public typealias Output = (UnsafeRawBufferPointer) throws -> Void

    /// The header written at the start of the file.
    public let header: AgeHeader
    /// Bytes handed to the output so far: header, nonce and sealed chunks.
    public private(set) var bytesWritten: Int64 = 0
    /// Plaintext bytes accepted so far.
    public private(set) var plaintextByteCount: Int64 = 0

    private let output: Output
    private let cipher: ChaCha20Poly1305
    /// Owned: allocated in `init`, wiped and freed in `deinit`; never lent beyond a call. Holds
    /// the plaintext of the chunk being filled, with room after it for the tag.
    private let chunk: UnsafeMutableRawBufferPointer
    private var chunkFill = 0
    private var chunkIndex: UInt64 = 0
    private var isFinished = false
    private var failure: (any Error)?

    /// Writes the header for `recipients` and the payload nonce to `output`.
    /// - Throws: ``AgeError/noRecipients``, ``AgeError/passphraseNotAlone``,
    ///   ``AgeError/invalidRecipient(_:reason:)`` for a recipient that is a point of small order,
    ///   `CryptographyError` from libcrypto, and whatever `output` throws.
    public init(recipients: [AgeRecipient], output: @escaping Output) throws {
        guard !recipients.isEmpty else { throw AgeError.noRecipients }
        let passphrases = recipients.filter { if case .passphrase = $0 { true } else { false } }
        guard passphrases.isEmpty || recipients.count == 1 else { throw AgeError.passphraseNotAlone }
        let fileKey = try AgeFileKey.generate()
        let stanzas = try recipients.map { try $0.wrap(fileKey) }
        let authenticated = AgeHeader.authenticatedBytes(of: stanzas)
        header = AgeHeader(
            stanzas: stanzas, mac: try fileKey.headerMAC(over: authenticated), authenticatedBytes: authenticated)
        let nonce = try SecureRandom.bytes(count: AgePayload.nonceByteCount)
        cipher = try ChaCha20Poly1305(key: try fileKey.payloadKey(nonce: nonce))
        self.output = output
        chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: AgePayload.sealedChunkByteCount, alignment: 16)
        // Fully initialised from here: if the output throws, `deinit` frees the chunk.
        try recordingFailure { try (header.encoded + nonce).withUnsafeBytes { try emit($0) } }
    }

    deinit {
        chunk.initializeMemory(as: UInt8.self, repeating: 0)
        chunk.deallocate()
    }

    /// Encrypts `bytes` as the next part of the plaintext; any size, including zero.
    /// - Throws: whatever the output throws, and `CryptographyError` from libcrypto.
    /// - Precondition: ``finish()`` has not been called.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "AgeEncryptor.write called after finish()")
        try recordingFailure {
            var offset = 0
            while offset < bytes.count {
                // A full chunk goes out only now that more plaintext follows it.
                if chunkFill == AgePayload.chunkByteCount { try sealChunk(isFinal: false) }
                let count = min(AgePayload.chunkByteCount - chunkFill, bytes.count - offset)
                UnsafeMutableRawBufferPointer(rebasing: chunk[chunkFill..<(chunkFill + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
                chunkFill += count
                offset += count
                plaintextByteCount += Int64(count)
            }
        }
    }

    /// Seals the final chunk: the file is complete once this returns.
    /// - Precondition: called at most once.
    public func finish() throws {
        precondition(!isFinished, "AgeEncryptor.finish called twice")
        try recordingFailure { try sealChunk(isFinal: true) }
        isFinished = true
    }

    private func sealChunk(isFinal: Bool) throws {
        let sealedCount = chunkFill + ChaCha20Poly1305.tagByteCount
        let nonce = AgePayload.chunkNonce(index: chunkIndex, isFinal: isFinal)
        try nonce.withUnsafeBytes { nonce in
            try cipher.seal(
                UnsafeRawBufferPointer(rebasing: chunk[..<chunkFill]), nonce: nonce,
                into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<sealedCount]))
        }
        try emit(UnsafeRawBufferPointer(rebasing: chunk[..<sealedCount]))
        chunkIndex += 1
        chunkFill = 0
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) throws {
        try output(bytes)
        bytesWritten += Int64(bytes.count)
    }

    /// Runs `body`; if it throws, remembers the error and throws it again from every later call.
    private func recordingFailure(_ body: () throws -> Void) throws {
        if let failure { throw failure }
        do {
            try body()
        } catch {
            failure = error
            throw error
        }
    }
}
