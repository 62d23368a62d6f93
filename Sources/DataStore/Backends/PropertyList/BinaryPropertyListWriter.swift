import Foundation

/// Encodes `StoreValue`s as a binary property list (`bplist00`), streaming to a sink.
///
/// Foundation's `PropertyListSerialization` on Linux writes binary property lists at about
/// 5 MB/s; this writer passes blobs to the sink without copying them and buffers the small
/// pieces, so memory grows with the largest value, not with the file. Dictionary keys are
/// written in sorted order, so the same values always give the same bytes. Objects are written
/// children first; the trailer names the top object.
struct BinaryPropertyListWriter {
    private var sink: ByteSink
    private var offsets: [Int] = []
    private let referenceSize: Int

    /// Writes `value` as a complete binary property list.
    /// - Parameters:
    ///   - value: the top-level value; a store's file has a dictionary.
    ///   - consume: receives the bytes in order; a buffer is valid only during the call.
    /// - Throws: whatever `consume` throws.
    static func encode(_ value: StoreValue, to consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let count = objectCount(of: value)
        try withoutActuallyEscaping(consume) { consume in
            var writer = BinaryPropertyListWriter(
                sink: ByteSink(consume: consume), referenceSize: byteWidth(of: UInt64(count)))
            writer.offsets.reserveCapacity(count)
            for byte in "bplist00".utf8 { try writer.sink.append(byte: byte) }
            let top = try writer.write(value)
            try writer.finish(top: top)
        }
    }

    /// The binary property list of `value`, in memory (for small values such as settings).
    /// - Throws: nothing in practice: appending to `Data` does not fail.
    static func encode(_ value: StoreValue) throws -> Data {
        var data = Data()
        try encode(value) { data.append(contentsOf: $0) }
        return data
    }

    private static func objectCount(of value: StoreValue) -> Int {
        switch value {
        case .array(let values): 1 + values.reduce(0) { $0 + objectCount(of: $1) }
        case .dictionary(let values): 1 + values.values.reduce(0) { $0 + 1 + objectCount(of: $1) }
        default: 1
        }
    }

    /// Writes `value` and its children; returns its object index.
    private mutating func write(_ value: StoreValue) throws -> Int {
        switch value {
        case .array(let values):
            let references = try values.map { try write($0) }
            let index = beginObject()
            try writeMarker(0xA0, length: references.count)
            for reference in references { try sink.appendBigEndian(UInt64(reference), size: referenceSize) }
            return index
        case .dictionary(let values):
            // Each key, then its value: the objects' order, which the bytes depend on.
            let pairs = try values.keys.sorted().map { key in (try write(.string(key)), try write(values[key]!)) }
            let index = beginObject()
            try writeMarker(0xD0, length: pairs.count)
            for reference in pairs.map(\.0) + pairs.map(\.1) {
                try sink.appendBigEndian(UInt64(reference), size: referenceSize)
            }
            return index
        default:
            let index = beginObject()
            try writeScalar(value)
            return index
        }
    }

    private mutating func writeScalar(_ value: StoreValue) throws {
        switch value {
        case .bool(let bool):
            try sink.append(byte: bool ? 0x09 : 0x08)
        case .integer(let integer):
            try writeInteger(integer)
        case .double(let double):
            try sink.append(byte: 0x23)
            try sink.appendBigEndian(double.bitPattern, size: 8)
        case .date(let date):
            try sink.append(byte: 0x33)
            try sink.appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let data):
            try writeMarker(0x40, length: data.count)
            try data.withUnsafeBytes { try sink.append($0) }
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                try writeMarker(0x50, length: string.utf8.count)
                var string = string
                try string.withUTF8 { try sink.append(UnsafeRawBufferPointer($0)) }
            } else {
                let units = string.utf16.map(\.bigEndian)
                try writeMarker(0x60, length: units.count)
                try units.withUnsafeBytes { try sink.append($0) }
            }
        case .array, .dictionary:
            preconditionFailure("containers are written by write(_:)")
        }
    }

    /// Integers as plistlib and CoreFoundation write them: non-negative values in the
    /// smallest of 1, 2, 4 or 8 bytes; negative ones in 8 bytes, two's complement.
    private mutating func writeInteger(_ integer: Int) throws {
        let width = integer < 0 ? 8 : Self.byteWidth(of: UInt64(integer))
        try sink.append(byte: 0x10 | UInt8(width.trailingZeroBitCount))
        try sink.appendBigEndian(UInt64(bitPattern: Int64(integer)), size: width)
    }

    private mutating func writeMarker(_ type: UInt8, length: Int) throws {
        if length < 15 {
            try sink.append(byte: type | UInt8(length))
        } else {
            try sink.append(byte: type | 0x0F)
            try writeInteger(length)
        }
    }

    private mutating func beginObject() -> Int {
        offsets.append(sink.position)
        return offsets.count - 1
    }

    private mutating func finish(top: Int) throws {
        let tableStart = sink.position
        let offsetSize = Self.byteWidth(of: UInt64(offsets.last ?? 0))
        for offset in offsets { try sink.appendBigEndian(UInt64(offset), size: offsetSize) }
        for byte in [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)] { try sink.append(byte: byte) }
        try sink.appendBigEndian(UInt64(offsets.count), size: 8)
        try sink.appendBigEndian(UInt64(top), size: 8)
        try sink.appendBigEndian(UInt64(tableStart), size: 8)
        try sink.flush()
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    private static func byteWidth(of value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }
}
