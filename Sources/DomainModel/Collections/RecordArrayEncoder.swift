import Concurrency
import Foundation
import JSONCore

/// Writes a list of records as one JSON array — on every core for long lists: each core
/// encodes a slice into its own buffer and the slices are joined in order, so the output is
/// byte for byte what one writer would produce.
public enum RecordArrayEncoder {
    /// Lists shorter than this are encoded on the calling thread.
    static let parallelThreshold = 2048

    /// The canonical JSON array of `records`, followed by `verbatim` elements as given.
    /// - Parameter capacity: the expected size of the output, to allocate it once.
    public static func encode<Record: JSONRecord>(_ records: [Record], verbatim: [[UInt8]] = [], capacity: Int = 4096)
        -> [UInt8]
    {
        encode(records, verbatim: verbatim, capacity: capacity, as: [UInt8].self)
    }

    /// The same array as `encode(_:verbatim:capacity:)`, built directly as `Output` (such as
    /// `Data` for a store value), so the text is never held twice.
    public static func encode<Record: JSONRecord, Output: RangeReplaceableCollection<UInt8>>(
        _ records: [Record], verbatim: [[UInt8]] = [], capacity: Int = 4096, as output: Output.Type
    ) -> Output {
        encode(records, verbatim: verbatim, capacity: capacity, as: output, parts: WorkerPool.default.parts)
    }

    /// - Parameter parts: how many slices to encode at once (tests set it; see `WorkerPool.parts`).
    static func encode<Record: JSONRecord, Output: RangeReplaceableCollection<UInt8>>(
        _ records: [Record], verbatim: [[UInt8]], capacity: Int, as output: Output.Type, parts sliceCount: Int
    ) -> Output {
        guard records.count >= parallelThreshold, sliceCount > 1 else {
            var writer = JSONWriter(capacity: max(capacity, 64))
            writer.beginArray()
            for record in records { record.encode(to: &writer) }
            for element in verbatim { writer.rawJSON(element) }
            writer.endArray()
            if let bytes = writer.bytes as? Output { return bytes }
            return Output(writer.bytes)
        }
        // Whole slices of equal length; the last is shorter, and none starts past the end.
        let sliceLength = (records.count + sliceCount - 1) / sliceCount
        let slices = stride(from: 0, to: records.count, by: sliceLength).map {
            $0..<min(records.count, $0 + sliceLength)
        }
        // Encoding cannot fail, so neither can the map.
        var parts = WorkerPool.default.map(slices) { range -> [UInt8] in
            var writer = JSONWriter(capacity: capacity / slices.count + 1024)
            for record in records[range] { record.encode(to: &writer) }
            return writer.bytes
        }
        return join(&parts, verbatim: verbatim, capacity: capacity, as: output)
    }

    /// One JSON array from parts that each hold elements separated by commas, as a
    /// `JSONWriter` writes values outside any container, followed by `verbatim` elements as
    /// given. Each part is emptied once copied, so the text is never held twice over.
    ///
    ///     var parts = [Array("1,2".utf8), Array("3".utf8)]
    ///     RecordArrayEncoder.join(&parts, as: [UInt8].self)   // "[1,2,3]"
    /// - Parameter capacity: the expected size of the output, to allocate it once.
    public static func join<Output: RangeReplaceableCollection<UInt8>>(
        _ parts: inout [[UInt8]], verbatim: [[UInt8]] = [], capacity: Int = 0, as output: Output.Type
    ) -> Output {
        var pieces = arrayPieces(&parts, verbatim: verbatim)
        return pieces.takeJoined(as: output, capacity: capacity)
    }

    /// The same array as `join` gives, as pieces to be written one after the other: the
    /// parts themselves (moved, not copied; `parts` is empty afterwards) with the brackets and
    /// the commas between them.
    ///
    ///     var parts = [Array("1,2".utf8), Array("3".utf8)]
    ///     RecordArrayEncoder.arrayPieces(&parts)   // ["[", "1,2", ",", "3", "]"]
    public static func arrayPieces(_ parts: inout [[UInt8]], verbatim: [[UInt8]] = []) -> [[UInt8]] {
        let comma = [UInt8(ascii: ",")]
        var pieces: [[UInt8]] = [[UInt8(ascii: "[")]]
        pieces.reserveCapacity(2 * (parts.count + verbatim.count) + 2)
        // Each part's writer put commas between its elements; the joins get theirs here.
        var isEmpty = true
        for index in parts.indices where !parts[index].isEmpty {
            if !isEmpty { pieces.append(comma) }
            pieces.append(parts[index])
            parts[index] = []
            isEmpty = false
        }
        parts = []
        for element in verbatim {
            if !isEmpty { pieces.append(comma) }
            pieces.append(element)
            isEmpty = false
        }
        pieces.append([UInt8(ascii: "]")])
        return pieces
    }
}
