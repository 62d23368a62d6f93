import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

@Suite struct BufferFillingTests {
    @Test func fillKeepsReadingShortReadsUntilTheBufferIsFull() {
        let source = Array(UInt8(0)..<UInt8(20))
        var offset = 0
        var target = [UInt8](repeating: 0xFF, count: 16)
        let filled = target.withUnsafeMutableBytes { buffer in
            buffer.fill { free in
                // At most 3 bytes a call, as a pipe or a decompressor may hand them out.
                let count = min(3, free.count, source.count - offset)
                source.withUnsafeBytes { bytes in
                    free.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                }
                offset += count
                return count
            }
        }
        #expect(filled == 16)
        #expect(target == Array(source[..<16]))
    }

    @Test func fillStopsAtTheEndWithWhatItRead() {
        var calls = 0
        var target = [UInt8](repeating: 0, count: 10)
        let filled = target.withUnsafeMutableBytes { buffer in
            buffer.fill { free in
                calls += 1
                guard calls <= 2 else { return 0 }
                free[0] = UInt8(calls)
                return 1
            }
        }
        #expect(filled == 2)
        #expect(target[..<3] == [1, 2, 0])
        #expect(calls == 3, "one more call, which found the end")
    }

    @Test func readFullyReadsFromItsOffsetToTheEndOfTheFile() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("data")
        let content = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try content.write(to: url)
        let file = try FileDescriptor.open(url.path, O_RDONLY)
        var middle = [UInt8](repeating: 0, count: 1000)
        #expect(try middle.withUnsafeMutableBytes { try file.io.readFully(at: 50_000, into: $0) } == 1000)
        #expect(middle == Array(content[50_000..<51_000]))
        var tail = [UInt8](repeating: 0, count: 1000)
        #expect(try tail.withUnsafeMutableBytes { try file.io.readFully(at: 99_500, into: $0) } == 500)
        #expect(Array(tail[..<500]) == Array(content[99_500...]))
        try file.close()
    }
}
