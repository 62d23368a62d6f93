import BackupFormat
import DurableIO
import Foundation
import TestSupport
import Testing

extension ArchiveCompression.Algorithm {
    /// The conventional file extension for a tar archive compressed this way (readers go by
    /// the bytes; the tests' files are named for a person looking at them).
    var fileExtension: String {
        switch self {
        case .zstd: "tar.zst"
        case .gzip: "tar.gz"
        case .uncompressed: "tar"
        }
    }
}

/// JSON-like text that compresses the way DomainDig sections do (roughly 5–30×).
func sampleJSON(records: Int) -> [UInt8] {
    var generator = SeededBytes(seed: 7)
    var text = "["
    for index in 0..<records {
        let noise = generator.next(4).map { String($0, radix: 16) }.joined()
        text +=
            "{\"domain\":\"example-\(index % 977)-\(noise).com\",\"checkedAt\":\"2024-05-\(10 + index % 18)T12:00:00Z\","
            + "\"status\":\"\(index % 3 == 0 ? "active" : "expired")\",\"score\":\(index % 101)},"
    }
    text += "{}]"
    return Array(text.utf8)
}

/// Writes `entries` with ``TarArchiveWriter`` to `url`, each entry's data in chunks of `chunkSize`.
@discardableResult
func writeArchive(
    _ entries: [(path: String, data: [UInt8])],
    to url: URL,
    compression: ArchiveCompression = .default,
    chunkSize: Int = 65_536,
    modificationTime: Date = Date(timeIntervalSince1970: 1_700_000_000)
) throws -> TarArchiveWriter {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0, "cannot create \(url.path)")
    defer { close(descriptor) }
    let writer = try TarArchiveWriter(
        descriptor: DescriptorIO(borrowing: descriptor, name: url.path), compression: compression)
    for (path, data) in entries {
        try writer.beginEntry(path: path, size: Int64(data.count), modificationTime: modificationTime)
        var offset = 0
        repeat {
            let end = min(offset + chunkSize, data.count)
            try data[offset..<end].withUnsafeBytes { try writer.write($0) }
            offset = end
        } while offset < data.count
    }
    try writer.finish()
    return writer
}

/// Reads every entry of the archive at `url` into memory.
func readArchive(_ url: URL, limits: ArchiveReaderLimits = .default) throws -> [(entry: TarEntry, data: [UInt8])] {
    let reader = try TarArchiveReader(path: url.path, limits: limits)
    var result: [(entry: TarEntry, data: [UInt8])] = []
    while let entry = try reader.nextEntry() {
        result.append((entry, try reader.readEntry()))
    }
    return result
}

/// One entry of a tar crafted by Python's `tarfile`, an independent implementation.
struct CraftedEntry: Encodable {
    /// `file`, `dir`, `symlink`, `hardlink`, `chardev`, `blockdev` or `fifo`.
    var type = "file"
    var name: String
    var data = ""
    var link = ""

    static func file(_ name: String, _ data: String = "{}") -> CraftedEntry { CraftedEntry(name: name, data: data) }
}

/// Writes a tar archive with Python's `tarfile` in pax format.
/// - Parameter mode: `tarfile.open` mode: `w` (uncompressed) or `w:gz`.
func craftTar(_ entries: [CraftedEntry], at url: URL, mode: String = "w") throws {
    let script = """
        import io, json, sys, tarfile
        out, mode, spec = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
        types = {"file": tarfile.REGTYPE, "dir": tarfile.DIRTYPE, "symlink": tarfile.SYMTYPE,
                 "hardlink": tarfile.LNKTYPE, "chardev": tarfile.CHRTYPE, "blockdev": tarfile.BLKTYPE,
                 "fifo": tarfile.FIFOTYPE}
        with tarfile.open(out, mode, format=tarfile.PAX_FORMAT) as archive:
            for entry in spec:
                info = tarfile.TarInfo(entry["name"])
                info.type = types[entry["type"]]
                info.linkname = entry["link"]
                info.mtime = 1700000000
                data = entry["data"].encode()
                if info.type == tarfile.REGTYPE:
                    info.size = len(data)
                    archive.addfile(info, io.BytesIO(data))
                else:
                    archive.addfile(info)
        """
    let spec = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
    let output = try ProcessRunner.python(script, [url.path, mode, spec])
    try #require(output.status == 0, "tarfile failed: \(output.stderrText)")
}

/// Runs a tool and requires it to succeed.
@discardableResult
func run(_ executable: String, _ arguments: [String], currentDirectory: URL? = nil) throws -> ProcessOutput {
    let output = try ProcessRunner.run(executable, arguments, currentDirectory: currentDirectory)
    try #require(output.status == 0, "\(executable) \(arguments) failed: \(output.stderrText)")
    return output
}

/// Reads every entry and returns the error the reader throws, if any.
func readingError(_ url: URL, limits: ArchiveReaderLimits = .default) -> BackupFormatError? {
    do {
        _ = try readArchive(url, limits: limits)
        return nil
    } catch {
        return error as? BackupFormatError
    }
}

/// Builds a zstd-compressed tar whose first entry, `zeros.json`, holds `zeroCount` zero bytes
/// (a multiple of 512), followed by a small `next.json`: a decompression bomb of a few KB.
///
/// Python's `tarfile` writes the headers, `/dev/zero` the data and the `zstd` CLI compresses,
/// so no code under test is involved.
func makeZstdBomb(at url: URL, zeroCount: Int) throws {
    precondition(zeroCount % 512 == 0)
    let header = """
        import sys, tarfile
        info = tarfile.TarInfo("zeros.json"); info.size = int(sys.argv[1])
        sys.stdout.buffer.write(info.tobuf(tarfile.PAX_FORMAT))
        """
    let trailer = """
        import io, sys, tarfile
        out = io.BytesIO()
        with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as archive:
            info = tarfile.TarInfo("next.json"); info.size = 2
            archive.addfile(info, io.BytesIO(b"{}"))
        sys.stdout.buffer.write(out.getvalue())
        """
    let python = ProcessRunner.python
    let script = "{ \"$0\" -c \"$1\" \"$3\"; head -c \"$3\" /dev/zero; \"$0\" -c \"$2\"; } | zstd -q -1 -f -o \"$4\""
    try run("sh", ["-c", script, python, header, trailer, String(zeroCount), url.path])
}
