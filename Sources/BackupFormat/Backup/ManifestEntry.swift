import DurableIO
import Foundation

/// The tar bytes of entries alone — headers and padded data, without the end-of-archive
/// blocks — so they can be compressed as a frame of their own in front of the sections: the
/// `manifest.json` entry, and a version 4 backup's carried entries.
enum ManifestEntry {
    /// The entries `(path, data)`, in order.
    static func tarBytes(of entries: [(path: String, data: [UInt8])], modificationTime: Date) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
        let scratch = try SpoolFile(directory: folder)
        let tar = try TarArchiveWriter(
            descriptor: scratch.io.named("a temporary file in \(folder.path)"), compression: .uncompressed)
        for (path, data) in entries {
            try tar.beginEntry(path: path, size: Int64(data.count), modificationTime: modificationTime)
            try tar.write(data)
        }
        try tar.finish()
        // The writer wrote through the descriptor, so its count is the file's size.
        var bytes = [UInt8](repeating: 0, count: Int(tar.compressedBytesWritten))
        try bytes.withUnsafeMutableBytes { try scratch.read(at: 0, into: $0) }
        return Array(bytes[..<entryLength(bytes)])
    }

    /// The length of the entries before the first all-zero block (the end of the archive),
    /// walking headers by the size field each carries (extended pax headers included).
    static func entryLength(_ tar: [UInt8]) -> Int {
        var offset = 0
        while offset + 512 <= tar.count {
            let header = tar[offset..<(offset + 512)]
            if header.allSatisfy({ $0 == 0 }) { return offset }
            let sizeField = header[(offset + 124)..<(offset + 136)].prefix { $0 != 0 && $0 != 0x20 }
            let size = Int(String(decoding: sizeField, as: UTF8.self), radix: 8) ?? 0
            offset += 512 + (size + 511) / 512 * 512
        }
        return tar.count
    }
}
