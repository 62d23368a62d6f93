import Concurrency
import JSONCore

/// Writes a list of records as one JSON array — the one way backupctl encodes an array of
/// records, for a section and for a store value — on every core for long lists: each core
/// encodes a slice into its own buffer, and the slices become the array's chunks in order, so
/// the bytes are exactly what one writer would produce, never joined into one buffer.
public enum RecordArrayEncoder {
    /// Lists shorter than this are encoded on the calling thread.
    static let parallelThreshold = 2048

    /// The canonical JSON array of `records`, followed by `verbatim` elements as given.
    /// - Parameters:
    ///   - capacity: the expected size of the output, to allocate it once.
    ///   - parts: how many slices to encode at once (tests set it; see `WorkerPool.parts`).
    public static func encode<Record: JSONRecord>(
        _ records: [Record], verbatim: [[UInt8]] = [], capacity: Int = 4096,
        parts sliceCount: Int = WorkerPool.default.parts
    ) -> ByteChunks {
        guard records.count >= parallelThreshold, sliceCount > 1 else {
            var writer = JSONWriter(capacity: max(capacity, 64))
            writer.beginArray()
            for record in records { record.encode(to: &writer) }
            for element in verbatim { writer.rawJSON(element) }
            writer.endArray()
            return ByteChunks(writer.takeBytes())
        }
        // Whole slices of equal length; the last is shorter, and none starts past the end.
        let sliceLength = (records.count + sliceCount - 1) / sliceCount
        let slices = stride(from: 0, to: records.count, by: sliceLength).map {
            $0..<min(records.count, $0 + sliceLength)
        }
        // Encoding cannot fail, so neither can the map.
        let parts = WorkerPool.default.map(slices) { range -> [UInt8] in
            var writer = JSONWriter(capacity: capacity / slices.count + 1024)
            for record in records[range] { record.encode(to: &writer) }
            return writer.takeBytes()
        }
        return array(parts, verbatim: verbatim)
    }

    /// One JSON array from parts that each hold elements separated by commas, as a
    /// `JSONWriter` writes values outside any container, followed by `verbatim` elements as
    /// given: the parts themselves become its chunks (moved, not copied), with the brackets and
    /// the commas between them.
    ///
    ///     RecordArrayEncoder.array([Array("1,2".utf8), Array("3".utf8)])   // "[", "1,2", ",", "3", "]"
    static func array(_ parts: consuming [[UInt8]], verbatim: [[UInt8]] = []) -> ByteChunks {
        var chunks = ByteChunks([UInt8(ascii: "[")])
        // Each part's writer put commas between its elements; the joins get theirs here.
        for chunk in parts.filter({ !$0.isEmpty }) + verbatim {
            if chunks.count > 1 { chunks.append([UInt8(ascii: ",")]) }
            chunks.append(chunk)
        }
        chunks.append([UInt8(ascii: "]")])
        return chunks
    }
}
