import DurableIO

extension BackupFileEncoding {
    /// Detects the encoding from a file's first bytes.
    /// - Parameter prefix: the file's first ``prefixLength`` bytes, or all of it if shorter.
    public static func detect(prefix: [UInt8]) -> BackupFileEncoding {
        prefix.withUnsafeBytes { bytes in classify(bytes) { decompressedContent(of: .bytes(prefix)) } }
    }

    /// Detects the encoding of an open file from its bytes, decompressing its start straight
    /// from the descriptor (a compressed frame can be longer than any prefix). The
    /// descriptor's offset is left at 0.
    public static func detect(_ file: DescriptorIO) -> BackupFileEncoding {
        var prefix = [UInt8](repeating: 0, count: 512)
        guard let count = prefix.withUnsafeMutableBytes({ try? file.read(at: 0, into: $0) }), count > 0 else {
            return .unknown
        }
        let encoding = prefix.withUnsafeBytes { bytes in
            classify(UnsafeRawBufferPointer(rebasing: bytes[..<count])) {
                try? file.rewind()
                return decompressedContent(of: .descriptor(file))
            }
        }
        try? file.rewind()
        return encoding
    }

    /// Classifies `bytes`, asking `decompress` what compressed input holds once decompressed.
    private static func classify(_ bytes: UnsafeRawBufferPointer, decompress: () -> Content?)
        -> BackupFileEncoding
    {
        let algorithm = ArchiveCompression.Algorithm.detect(bytes)
        return switch (algorithm, algorithm == .uncompressed ? classifyContent(bytes) : decompress()) {
        case (_, .tar): .tar(algorithm)
        case (.gzip, .json): .gzipJSON
        case (.uncompressed, .json): .plainJSON
        default: .unknown
        }
    }

    private enum Content {
        case tar
        case json
    }

    /// Looks at uncompressed bytes: a ustar or pax header, or a JSON object.
    private static func classifyContent(_ bytes: UnsafeRawBufferPointer) -> Content? {
        let magic = Array("ustar".utf8)
        if bytes.count >= 257 + magic.count, bytes[257..<(257 + magic.count)].elementsEqual(magic) {
            return .tar
        }
        // JSON's insignificant whitespace (RFC 8259): space, tab, line feed, carriage return.
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") ? .json : nil
    }

    /// Classifies the start of `source` (a zstd or gzip stream) once decompressed: enough for a
    /// tar header, keeping what decompressed before any failure — a prefix usually ends
    /// mid-frame, and only the first bytes matter here. `nil` when nothing at all decompresses.
    private static func decompressedContent(of source: ArchiveInput) -> Content? {
        guard let stream = try? CompressedStreamReader(source: source, name: "prefix", limits: .default) else {
            return nil
        }
        var output = [UInt8](repeating: 0, count: 1024)
        return output.withUnsafeMutableBytes { buffer in
            let filled = buffer.fill { (try? stream.read(into: $0)) ?? 0 }
            return filled > 0 ? classifyContent(UnsafeRawBufferPointer(rebasing: buffer[..<filled])) : nil
        }
    }
}
