import AgeEncryption

/// What `AgeDecryptor` made of some bytes: the header it authenticated, the plaintext it
/// released, and the error it stopped on — everything a caller of the decryptor can observe,
/// so two readings of the same bytes can be compared.
struct AgeFileReading: Equatable {
    /// The header, once a file key unwrapped and the MAC matched; `nil` when that failed.
    var header: AgeHeader?
    /// The plaintext released, up to the verified end or the failure.
    var plaintext: [UInt8] = []
    /// The error the decryptor threw, if any: an `AgeError`, or another error's description.
    var failure: Failure?

    enum Failure: Equatable {
        case age(AgeError)
        case other(String)

        init(_ error: any Error) {
            if let error = error as? AgeError {
                self = .age(error)
            } else {
                self = .other(String(describing: error))
            }
        }
    }

    /// Decrypts `file` as `AgeDecryptor` reads a file, to its verified end or its first error.
    /// - Parameter pieceLengths: how many bytes each read of the input returns at most, in
    ///   turn (cycling), or `nil` for as many as the decryptor asks for.
    init(decrypting file: [UInt8], with identities: [AgeIdentity], pieceLengths: [Int]? = nil) {
        var offset = 0
        var piece = 0
        let input: AgeDecryptor.Input = { buffer in
            var count = min(buffer.count, file.count - offset)
            if let pieceLengths {
                count = min(count, pieceLengths[piece % pieceLengths.count])
                piece += 1
            }
            file.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
            }
            offset += count
            return count
        }
        do {
            let decryptor = try AgeDecryptor(identities: identities, input: input)
            header = decryptor.header
            var buffer = [UInt8](repeating: 0, count: 4 << 10)
            while case let count = try buffer.withUnsafeMutableBytes({ try decryptor.read(into: $0) }), count > 0 {
                plaintext += buffer[..<count]
            }
            precondition(
                decryptor.bytesConsumed == Int64(file.count), "the decryptor reached a verified end before the input's")
            precondition(decryptor.plaintextByteCount == Int64(plaintext.count), "the plaintext count is wrong")
        } catch {
            failure = Failure(error)
        }
    }
}
