import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

@Suite struct FileDescriptorTests {
    @Test func writesAndReadsBackLargeContent() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("big.bin").path
        let content = Data((0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 &* 31) })

        let writer = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL)
        try writer.writeAll(content)
        try writer.sync()
        try writer.close()

        let reader = try FileDescriptor.open(path, O_RDONLY)
        #expect(try reader.readAll(limit: content.count) == content)
        #expect(try reader.readAll(limit: content.count) == Data(), "the offset is at the end")
        try reader.close()
    }

    @Test func readAllRefusesFilesBeyondTheLimit() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("data")
        try Data(repeating: 7, count: 1000).write(to: url)
        let file = try FileDescriptor.open(url.path, O_RDONLY)
        #expect(throws: FileIOError.tooLarge(path: url.path, limit: 999)) {
            try file.readAll(limit: 999)
        }
    }

    @Test func readAllReadsStreamsOfUnknownSize() throws {
        // A pipe has no size up front: readAll must grow its buffer as it goes.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let reader = FileDescriptor(adopting: ends[0], path: "pipe")
        let writer = FileDescriptor(adopting: ends[1], path: "pipe")
        let content = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0) })
        try writer.writeAll(content)
        try writer.close()
        #expect(try reader.readAll(limit: 50_000) == content)
    }

    @Test func openingAMissingFileIsNotFound() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("missing").path
        #expect(throws: FileIOError.notFound(path: path, message: String(cString: strerror(ENOENT)))) {
            _ = try FileDescriptor.open(path, O_RDONLY)
        }
    }

    @Test func closesItsDescriptorWhenDropped() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("owned").path
        var raw: Int32 = -1
        do {
            let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT)
            raw = file.rawValue
            #expect(descriptorTarget(raw) == path)
        }
        // The number may be reused by a parallel test, but never for this file.
        #expect(descriptorTarget(raw) != path)
    }

    @Test func setPermissionsIsNotNarrowedByTheUmask() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("mode").path
        let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT, permissions: 0o600)
        try file.setPermissions(0o640)
        #expect(try permissions(of: path) == 0o640)
    }
}
