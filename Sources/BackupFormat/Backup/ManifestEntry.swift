import DurableIO
import Foundation

/// The tar bytes of entries alone — headers and padded data, without the end-of-archive
/// blocks — so they can be compressed as a frame of their own in front of the sections: the
/// `manifest.json` entry, and a version 4 backup's carried entries.
enum ManifestEntry {
    static func tarBytes(of manifest: BackupManifest, modificationTime: Date) throws -> [UInt8] {
        try tarBytes(of: [(BackupManifest.entryPath, manifest.encoded())], modificationTime: modificationTime)
    }

    /// The entries `(path, data)`, in order.
    static func tarBytes(of entries: [(path: String, data: [UInt8])], modificationTime: Date) throws -> [UInt8] {
        let scratch = try SpoolFile(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        let tar = try TarArchiveWriter(
            fileDescriptor: scratch.fileDescriptor, archiveName: "the manifest's temporary file",
            compression: .uncompressed)
        for (path, data) in entries {
            try tar.beginEntry(path: path, size: Int64(data.count), modificationTime: modificationTime)
            try tar.write(data)
        }
        try tar.finish()
        // libarchive wrote through the descriptor, so the writer's count is the file's size.
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

/// Writing to a raw descriptor that may take bytes in pieces.
enum FileDescriptorWriting {
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileIOError(errno: errno, path: name)
            }
            offset += written
        }
    }
}
