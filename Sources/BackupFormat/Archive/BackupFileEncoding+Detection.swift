import DurableIO

extension BackupFileEncoding {
    /// Detects the encoding from a file's first bytes.
    /// - Parameter prefix: the file's first ``prefixLength`` bytes, or all of it if shorter.
    public static func detect(prefix: UnsafeRawBufferPointer) -> BackupFileEncoding {
        classify(prefix) { start in decompressedStart(of: .bytes(Array(start))) }
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
            classify(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { _ in
                try? file.rewind()
                return decompressedStart(of: .descriptor(file))
            }
        }
        try? file.rewind()
        return encoding
    }

    /// Classifies `bytes`, asking `decompress` for the decompressed start of compressed input.
    private static func classify(_ bytes: UnsafeRawBufferPointer, decompress: (UnsafeRawBufferPointer) -> [UInt8]?)
        -> BackupFileEncoding
    {
        switch ArchiveCompression.Algorithm.detect(bytes) {
        case .zstd:
            return decompress(bytes).map { classifyContent($0) == .tar ? .tar(.zstd) : .unknown } ?? .unknown
        case .gzip:
            switch decompress(bytes).flatMap(classifyContent) {
            case .tar: return .tar(.gzip)
            case .json: return .gzipJSON
            case nil: return .unknown
            }
        case .uncompressed:
            switch classifyContent(bytes) {
            case .tar: return .tar(.uncompressed)
            case .json: return .plainJSON
            case nil: return .unknown
            }
        }
    }

    /// Detects the encoding from a file's first bytes.
    public static func detect(prefix: [UInt8]) -> BackupFileEncoding {
        prefix.withUnsafeBytes { detect(prefix: $0) }
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

    private static func classifyContent(_ bytes: [UInt8]) -> Content? {
        bytes.withUnsafeBytes { classifyContent($0) }
    }

    /// Decompresses the start of `source` (a zstd or gzip stream): enough for a tar header,
    /// keeping what decompressed before any failure — a prefix usually ends mid-frame, and only
    /// the first bytes matter here. `nil` when nothing at all decompresses.
    private static func decompressedStart(of source: ArchiveInput) -> [UInt8]? {
        let wanted = 1024
        guard let stream = try? CompressedStreamReader(source: source, name: "prefix", limits: .default) else {
            return nil
        }
        var output = [UInt8](repeating: 0, count: wanted)
        let filled = output.withUnsafeMutableBytes { buffer in buffer.fill { (try? stream.read(into: $0)) ?? 0 } }
        return filled > 0 ? Array(output[..<filled]) : nil
    }
}
