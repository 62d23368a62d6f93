/// The source of an age file being read, with the bytes already read past the header in front.
struct AgeInput {
    /// Reads up to `buffer.count` bytes; 0 at the end.
    typealias Read = (UnsafeMutableRawBufferPointer) throws -> Int

    private let read: Read
    private var pending: ArraySlice<UInt8>
    private var reachedEnd = false
    /// Bytes handed out so far, header included.
    private(set) var consumed: Int64

    init(read: @escaping Read, pending: ArraySlice<UInt8>, consumed: Int64) {
        self.read = read
        self.pending = pending
        self.consumed = consumed
    }

    /// Fills `buffer` as far as the input goes.
    /// - Returns: `buffer.count`, or fewer only at the end of the input.
    mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        if !pending.isEmpty {
            let count = min(buffer.count, pending.count)
            pending.withUnsafeBytes { pending in
                UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: pending[..<count]))
            }
            pending = count < pending.count ? pending.dropFirst(count) : []
            filled = count
        }
        while filled < buffer.count && !reachedEnd {
            let count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { reachedEnd = true }
            filled += count
        }
        consumed += Int64(filled)
        return filled
    }

    /// Reads the header from the start of `read`: chunks until the MAC line has been seen,
    /// refusing at once a start that is not age and a header longer than the limit.
    /// - Returns: the parsed header and the input positioned just after it.
    static func readingHeader(from read: @escaping Read) throws -> (AgeHeader.Parsed, AgeInput) {
        let prefix = Array(AgeHeader.versionPrefix.utf8)
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 16 << 10)
        var searchFrom = 0
        while true {
            let count = try block.withUnsafeMutableBytes { try read($0) }
            bytes += block[..<count]
            let checked = min(bytes.count, prefix.count)
            guard bytes[..<checked].elementsEqual(prefix[..<checked]) else { throw AgeError.notAgeFile }
            if count == 0 || macLineEnds(in: bytes, from: searchFrom) {
                let parsed = try AgeHeader.parse(bytes)
                let rest = bytes[parsed.byteCount...]
                return (parsed, AgeInput(read: read, pending: rest, consumed: Int64(parsed.byteCount)))
            }
            guard bytes.count <= AgeHeader.maximumByteCount else {
                throw AgeError.headerTooLarge(byteLimit: AgeHeader.maximumByteCount)
            }
            // Lines before the last line feed are complete and were searched.
            searchFrom = bytes.lastIndex(of: 0x0A) ?? 0
        }
    }

    /// Whether a complete line starting with `---` (the MAC line) begins at or after `start`.
    private static func macLineEnds(in bytes: [UInt8], from start: Int) -> Bool {
        bytes[start...].indices.contains { newline in
            bytes[newline] == 0x0A && bytes[(newline + 1)...].starts(with: "---".utf8)
                && bytes[(newline + 1)...].contains(0x0A)
        }
    }
}
