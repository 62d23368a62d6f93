@testable import BackupFormat
import Foundation
import Testing

@Suite struct UnsafeMutableRawBufferPointerHugePagesTests {
    /// The `VmFlags` of the mapping holding `address`, from `/proc/self/smaps`.
    static func mappingFlags(at address: Int) throws -> [String] {
        // Read to the end: /proc files report a size of 0.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { Int($0, radix: 16) }
                inMapping = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inMapping, fields.first == "VmFlags:" {
                return fields.dropFirst().map(String.init)
            }
        }
        return []
    }

    @Test func theWholeHugePagesInsideABufferAreAdvised() throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 << 20, alignment: 4096)
        defer { buffer.deallocate() }
        let base = Int(bitPattern: buffer.baseAddress)
        let firstWholePage = (base + (2 << 20) - 1) & ~((2 << 20) - 1)
        buffer.adviseHugePages()
        let flags = try Self.mappingFlags(at: firstWholePage)
        #expect(flags.contains("hg"), "\(flags) \(String(firstWholePage, radix: 16))")
    }

    @Test func aBufferSmallerThanAHugePageIsLeftAlone() throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 4096)
        defer { buffer.deallocate() }
        buffer.adviseHugePages()
        #expect(try !Self.mappingFlags(at: Int(bitPattern: buffer.baseAddress)).contains("hg"))
        UnsafeMutableRawBufferPointer(start: nil, count: 0).adviseHugePages()
    }
}
