/// Bytes owned in chunks, to be written one after the other as if joined: a large collection's
/// JSON, encoded in runs on several threads, is never copied into one buffer. The chunks are
/// handed on by `drain`, which consumes the value, so each chunk is let go of once its writer
/// is done with it and the bytes are never held twice over.
///
///     var json = ByteChunks(Array("[1,".utf8))
///     json.append(Array("2]".utf8))
///     json.count                                  // 5
///     try json.drain { chunk in try file.write(chunk) }
public struct ByteChunks: ~Copyable, Sendable {
    private var chunks: [[UInt8]] = []
    /// The number of bytes of all the chunks together.
    public private(set) var count = 0

    /// No bytes.
    public init() {}

    /// The bytes as one chunk.
    public init(_ bytes: [UInt8]) {
        append(bytes)
    }

    /// The chunks, in order.
    public init(chunks: [[UInt8]]) {
        for chunk in chunks { append(chunk) }
    }

    /// Adds a chunk after the others (an empty one adds nothing).
    public mutating func append(_ chunk: [UInt8]) {
        guard !chunk.isEmpty else { return }
        chunks.append(chunk)
        count += chunk.count
    }

    /// Hands each chunk, in order, to `body`, letting go of it here once `body` returns: what
    /// is written is freed as the writing goes, unless `body` keeps the chunk. What is left
    /// when `body` throws is let go of too.
    public consuming func drain<Failure: Error>(_ body: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        for index in chunks.indices {
            let chunk = chunks[index]
            chunks[index] = []
            try body(chunk)
        }
    }

    /// The bytes in one collection, each chunk let go of once copied (a single chunk that is
    /// already an `Output` is handed on without a copy).
    public consuming func joined<Output: RangeReplaceableCollection<UInt8>>(as output: Output.Type = [UInt8].self)
        -> Output
    {
        if chunks.count == 1, let only = chunks[0] as? Output { return only }
        var joined = Output()
        joined.reserveCapacity(count)
        drain { joined.append(contentsOf: $0) }
        return joined
    }

    /// Whether the bytes are exactly `other`'s.
    public borrowing func elementsEqual(_ other: some Collection<UInt8>) -> Bool {
        guard count == other.count else { return false }
        var rest = other[...]
        for chunk in chunks {
            guard rest.prefix(chunk.count).elementsEqual(chunk) else { return false }
            rest = rest.dropFirst(chunk.count)
        }
        return true
    }
}
