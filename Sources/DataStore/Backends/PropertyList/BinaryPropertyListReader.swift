import Foundation

/// Decodes a binary property list (`bplist00`) straight into `StoreValue`s.
///
/// Foundation's `PropertyListSerialization` on Linux reads binary property lists at about
/// 10 MB/s; this reader copies each blob once and runs at memory speed. It trusts nothing:
/// every offset and length is bounds-checked, and a container that is referenced twice (which
/// no writer produces) is refused, so a crafted file cannot loop or blow up exponentially.
///
/// Format: the header `bplist00`, the objects, a table of object offsets, and a 32-byte
/// trailer giving the offset and reference sizes, the object count, the top object and the
/// table's offset. Each object starts with a marker byte: its type in the high nibble, a
/// length or size in the low nibble (15 means "an integer object follows with the length").
struct BinaryPropertyListReader {
    private let bytes: UnsafeRawBufferPointer
    private let path: String
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    private var containersInUse = Set<Int>()

    private static let maximumDepth = 512

    /// Decodes the property list in `bytes`, the whole file at `path` (for messages).
    /// - Throws: `StoreError.propertyList` naming what is malformed.
    static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws -> StoreValue {
        let header = Array("bplist00".utf8)
        guard bytes.count >= header.count + 32, bytes.starts(with: header) else {
            throw StoreError.propertyList(message: "it is not a complete binary property list", path: path)
        }
        var reader = try BinaryPropertyListReader(bytes: bytes, path: path)
        let top = Int(truncatingIfNeeded: Self.unsigned(in: bytes, at: bytes.count - 16, size: 8))
        guard top >= 0, top < reader.objectCount else { throw reader.malformed("its top object is out of range") }
        return try reader.value(ofObject: top, depth: 0, keyPath: "")
    }

    private init(bytes: UnsafeRawBufferPointer, path: String) throws {
        self.bytes = bytes
        self.path = path
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        objectCount = Int(truncatingIfNeeded: Self.unsigned(in: bytes, at: trailer + 8, size: 8))
        offsetTableStart = Int(truncatingIfNeeded: Self.unsigned(in: bytes, at: trailer + 24, size: 8))
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount > 0,
            offsetTableStart >= 9, offsetTableStart < trailer,
            objectCount <= (trailer - offsetTableStart) / offsetSize
        else { throw malformed("its trailer is inconsistent") }
    }

    private mutating func value(ofObject index: Int, depth: Int, keyPath: String) throws -> StoreValue {
        guard depth < Self.maximumDepth else { throw malformed("it nests deeper than \(Self.maximumDepth) levels") }
        let start = try offset(ofObject: index)
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .bool(false)
        case 0x0 where marker == 0x09: return .bool(true)
        case 0x1: return try integer(at: start + 1, sizeExponent: low, keyPath: keyPath)
        case 0x2 where low == 2:
            return .double(Double(Float(bitPattern: UInt32(try checkedUnsigned(at: start + 1, size: 4)))))
        case 0x2 where low == 3: return .double(Double(bitPattern: try checkedUnsigned(at: start + 1, size: 8)))
        case 0x3 where low == 3:
            let seconds = Double(bitPattern: try checkedUnsigned(at: start + 1, size: 8))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (count, body) = try length(at: start)
            return .data(Data(try slice(from: body, count: count)))
        case 0x5, 0x7: // ASCII; UTF-8 in later writers
            let (count, body) = try length(at: start)
            return .string(String(decoding: try slice(from: body, count: count), as: UTF8.self))
        case 0x6:
            let (count, body) = try length(at: start)
            let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw malformed("a string's length is out of range") }
            let raw = try slice(from: body, count: byteCount)
            let units = (0..<count).map { UInt16(raw[2 * $0]) << 8 | UInt16(raw[2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0xA:
            return try container(index) { reader in
                let (count, body) = try reader.length(at: start)
                let references = try reader.references(from: body, count: count)
                return .array(
                    try references.enumerated().map { position, reference in
                        try reader.value(ofObject: reference, depth: depth + 1, keyPath: "\(keyPath)[\(position)]")
                    })
            }
        case 0xD:
            return try container(index) { reader in
                let (count, body) = try reader.length(at: start)
                let references = try reader.references(from: body, count: count * 2)
                var values: [String: StoreValue] = [:]
                values.reserveCapacity(count)
                for pair in 0..<count {
                    guard
                        case .string(let key) = try reader.value(
                            ofObject: references[pair], depth: depth + 1, keyPath: keyPath)
                    else {
                        throw reader.malformed(
                            "a dictionary at \(keyPath.isEmpty ? "the top level" : keyPath) has a key that is not a string"
                        )
                    }
                    let childPath = keyPath.isEmpty ? key : "\(keyPath).\(key)"
                    values[key] = try reader.value(
                        ofObject: references[count + pair], depth: depth + 1, keyPath: childPath)
                }
                return .dictionary(values)
            }
        default:
            let place = keyPath.isEmpty ? "the top level" : keyPath
            throw malformed(
                "the value at \(place) has the type marker 0x\(String(marker, radix: 16)), which a store cannot hold (null, UID or set)"
            )
        }
    }

    /// Decodes a container while refusing to enter it a second time: writers never share
    /// containers, and sharing is how a crafted file would loop or explode.
    private mutating func container(
        _ index: Int, _ decode: (inout BinaryPropertyListReader) throws -> StoreValue
    ) throws -> StoreValue {
        guard containersInUse.insert(index).inserted else {
            throw malformed("a container is referenced more than once")
        }
        return try decode(&self)
    }

    private func integer(at start: Int, sizeExponent: Int, keyPath: String) throws -> StoreValue {
        switch sizeExponent {
        case 0, 1, 2:
            return .integer(Int(try checkedUnsigned(at: start, size: 1 << sizeExponent)))
        case 3:
            return .integer(Int(Int64(bitPattern: try checkedUnsigned(at: start, size: 8))))
        case 4:
            // 128-bit integers: writers use them for values beyond Int64 (e.g. UInt64.max).
            let high = try checkedUnsigned(at: start, size: 8)
            let low = try checkedUnsigned(at: start + 8, size: 8)
            let signed = Int64(bitPattern: low)
            if (high == 0 && signed >= 0) || (high == .max && signed < 0) { return .integer(Int(signed)) }
            throw malformed("the integer at \(keyPath) is beyond the signed 64-bit range")
        default:
            throw malformed("the integer at \(keyPath) has an invalid size")
        }
    }

    /// The length in an object's marker (or in the integer object after it), and where the
    /// object's body starts.
    private func length(at start: Int) throws -> (count: Int, body: Int) {
        let low = Int(bytes[start] & 0x0F)
        if low != 0x0F { return (low, start + 1) }
        guard start + 1 < offsetTableStart, bytes[start + 1] >> 4 == 0x1 else {
            throw malformed("a length is malformed")
        }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        guard size <= 8 else { throw malformed("a length is malformed") }
        let count = try checkedUnsigned(at: start + 2, size: size)
        guard count <= UInt64(offsetTableStart) else { throw malformed("a length runs past the end of the objects") }
        return (Int(count), start + 2 + size)
    }

    private func references(from start: Int, count: Int) throws -> [Int] {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: referenceSize)
        guard !overflow, start + byteCount <= offsetTableStart else {
            throw malformed("a container runs past the end of the objects")
        }
        return (0..<count).map {
            Int(truncatingIfNeeded: Self.unsigned(in: bytes, at: start + $0 * referenceSize, size: referenceSize))
        }
    }

    private func offset(ofObject index: Int) throws -> Int {
        guard index >= 0, index < objectCount else { throw malformed("an object reference is out of range") }
        let offset = Self.unsigned(in: bytes, at: offsetTableStart + index * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw malformed("an object offset is out of range")
        }
        return Int(offset)
    }

    private func slice(from start: Int, count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw malformed("a value runs past the end of the objects")
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
    }

    private func checkedUnsigned(at start: Int, size: Int) throws -> UInt64 {
        guard start + size <= offsetTableStart else { throw malformed("a value runs past the end of the objects") }
        return Self.unsigned(in: bytes, at: start, size: size)
    }

    /// A big-endian unsigned integer of `size` bytes; the caller has checked the bounds.
    private static func unsigned(in bytes: UnsafeRawBufferPointer, at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<start + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func malformed(_ problem: String) -> StoreError {
        .propertyList(message: "the binary property list is malformed: \(problem)", path: path)
    }
}
