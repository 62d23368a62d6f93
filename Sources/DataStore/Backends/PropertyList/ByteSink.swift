/// Collects small writes into 64 KiB chunks for a consumer, and hands large buffers through
/// without copying them.
struct ByteSink {
    private let consume: (UnsafeRawBufferPointer) throws -> Void
    private var buffer: [UInt8] = []
    /// The number of bytes appended so far.
    private(set) var position = 0

    private static let chunkSize = 64 * 1024

    /// - Parameter consume: receives the bytes in order; a buffer is valid only during the call.
    init(consume: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.consume = consume
        buffer.reserveCapacity(Self.chunkSize)
    }

    mutating func append(byte: UInt8) throws {
        if buffer.count == Self.chunkSize { try flush() }
        buffer.append(byte)
        position += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.count >= Self.chunkSize {
            try flush()
            try consume(bytes)
        } else {
            if buffer.count + bytes.count > Self.chunkSize { try flush() }
            buffer.append(contentsOf: bytes)
        }
        position += bytes.count
    }

    /// Appends the low `size` bytes of `value`, most significant first.
    mutating func appendBigEndian(_ value: UInt64, size: Int) throws {
        if buffer.count + size > Self.chunkSize { try flush() }
        for index in 0..<size {
            buffer.append(UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))))
        }
        position += size
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try consume($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
