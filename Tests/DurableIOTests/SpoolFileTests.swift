import DurableIO
import Foundation
import Glibc
import TestSupport
import Testing

@Suite struct SpoolFileTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func append(_ bytes: [UInt8], to spool: SpoolFile) throws {
        try bytes.withUnsafeBytes { try spool.append($0) }
    }

    private func read(_ spool: SpoolFile, at offset: Int64, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        try buffer.withUnsafeMutableBytes { try spool.read(at: offset, into: $0) }
        return buffer
    }

    @Test func readsBackAppendedBytesAtAnyOffset() throws {
        let spool = try SpoolFile(directory: folder.url)
        #expect(spool.size == 0)
        try append(Array("[\"first\"]".utf8), to: spool)
        try append([], to: spool)
        try append(Array("{\"second\":2}".utf8), to: spool)
        #expect(spool.size == 21)
        #expect(try read(spool, at: 0, count: 9) == Array("[\"first\"]".utf8))
        #expect(try read(spool, at: 9, count: 12) == Array("{\"second\":2}".utf8))
        // Across the boundary between two appends, and the very last byte.
        #expect(try read(spool, at: 7, count: 4) == Array("\"]{\"".utf8))
        #expect(try read(spool, at: 20, count: 1) == Array("}".utf8))
        #expect(try read(spool, at: 21, count: 0) == [])
    }

    @Test func readsDoNotDependOnOrder() throws {
        let spool = try SpoolFile(directory: folder.url)
        let parts = (0..<10).map { index in [UInt8](repeating: UInt8(index), count: 1000 + index) }
        var offsets: [Int64] = []
        for part in parts {
            offsets.append(spool.size)
            try append(part, to: spool)
        }
        for index in parts.indices.reversed() {
            #expect(try read(spool, at: offsets[index], count: parts[index].count) == parts[index])
        }
    }

    @Test func holdsTensOfMegabytes() throws {
        let spool = try SpoolFile(directory: folder.url)
        let chunkSize = 1 << 20
        let chunkCount = 48
        var block = [UInt8](repeating: 0, count: chunkSize)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        block.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in words.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                words[index] = state
            }
        }
        // Each chunk starts with its own number, so a chunk read from the wrong place shows.
        func chunk(_ number: Int) -> [UInt8] {
            var copy = block
            withUnsafeBytes(of: UInt64(number)) { copy.replaceSubrange(0..<8, with: $0) }
            return copy
        }
        for number in 0..<chunkCount { try append(chunk(number), to: spool) }
        #expect(spool.size == Int64(chunkSize * chunkCount))

        var buffer = [UInt8](repeating: 0, count: chunkSize)
        for number in stride(from: chunkCount - 1, through: 0, by: -5) {
            try buffer.withUnsafeMutableBytes { try spool.read(at: Int64(number * chunkSize), into: $0) }
            let expected = chunk(number)
            #expect(memcmp(buffer, expected, chunkSize) == 0, "chunk \(number)")
        }
        // A read straddling two chunks: the end of chunk 10 and the number of chunk 11.
        let straddle = try read(spool, at: Int64(11 * chunkSize - 4), count: 12)
        #expect(Array(straddle[0..<4]) == Array(block[(chunkSize - 4)...]))
        #expect(Array(straddle[4..<12]) == withUnsafeBytes(of: UInt64(11)) { Array($0) })
    }

    @Test func readingPastTheEndThrows() throws {
        let spool = try SpoolFile(directory: folder.url)
        try append(Array("0123456789".utf8), to: spool)
        #expect(throws: FileIOError.self) { _ = try read(spool, at: 8, count: 4) }
        #expect(throws: FileIOError.self) { _ = try read(spool, at: 10, count: 1) }
        #expect(throws: FileIOError.self) { _ = try read(spool, at: 1000, count: 1) }
        let error = #expect(throws: FileIOError.self) { _ = try read(spool, at: 10, count: 1) }
        #expect(error?.path == folder.path)
        #expect("\(error.map { String(describing: $0) } ?? "")".contains("ended early"))
        // The spool is still usable afterwards.
        #expect(try read(spool, at: 6, count: 4) == Array("6789".utf8))
    }

    @Test func leavesNoNameInItsFolder() throws {
        let spool = try SpoolFile(directory: folder.url)
        try append([UInt8](repeating: 7, count: 100_000), to: spool)
        #expect(try entries(of: folder.url).isEmpty)
        let status = try spool.io.status()
        #expect(status.linkCount == 0, "the spool has a link in the file system")
        #expect(status.permissions == 0o600)
        #expect(status.size == 100_000)
    }

    @Test func aMissingFolderIsNotFound() throws {
        let missing = folder.file("missing")
        #expect {
            _ = try SpoolFile(directory: missing)
        } throws: { error in
            guard case FileIOError.notFound(let path, _) = error else { return false }
            return path == missing.path
        }
    }

    @Test func appendsEverythingAPipeDelivers() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = Array(String(repeating: "{\"domain\":\"example.com\"},", count: 1000).utf8)
        let written = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == text.count)

        let spool = try SpoolFile(directory: folder.url)
        try append(Array("[".utf8), to: spool)
        try spool.appendContents(of: DescriptorIO(borrowing: ends[0], name: "standard input"), limit: 1 << 20)
        #expect(spool.size == Int64(text.count + 1))
        #expect(try read(spool, at: 1, count: text.count) == text)
    }

    @Test func refusesMoreThanTheLimitFromAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = [UInt8](repeating: 0x41, count: 5000)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let spool = try SpoolFile(directory: folder.url)
        #expect(throws: FileIOError.tooLarge(path: "standard input", limit: 4096)) {
            try spool.appendContents(of: DescriptorIO(borrowing: ends[0], name: "standard input"), limit: 4096)
        }
    }
}
