import Dispatch
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
    public static func encode<Record: JSONRecord>(_ records: [Record], verbatim: [[UInt8]] = [], capacity: Int = 4096) -> [UInt8] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard records.count >= parallelThreshold, cores > 1 else {
            var writer = JSONWriter(capacity: max(capacity, 64))
            writer.beginArray()
            for record in records { record.encode(to: &writer) }
            for element in verbatim { writer.rawJSON(element) }
            writer.endArray()
            return writer.bytes
        }
        let sliceCount = cores * 2
        let sliceLength = (records.count + sliceCount - 1) / sliceCount
        let slices = SliceBuffers(count: sliceCount)
        DispatchQueue.concurrentPerform(iterations: sliceCount) { slice in
            let range = (slice * sliceLength)..<min(records.count, (slice + 1) * sliceLength)
            guard !range.isEmpty else { return }
            var writer = JSONWriter(capacity: capacity / sliceCount + 1024)
            for record in records[range] { record.encode(to: &writer) }
            slices.store(writer.bytes, at: slice)
        }
        var output: [UInt8] = []
        output.reserveCapacity(max(capacity, slices.totalCount + verbatim.reduce(0) { $0 + $1.count + 1 } + 2))
        output.append(UInt8(ascii: "["))
        // Each slice's writer put commas between its records; the joins get theirs here.
        for bytes in slices.all where !bytes.isEmpty {
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: bytes)
        }
        for element in verbatim {
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: element)
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    /// Per-slice output, filled from several threads (each slot by exactly one).
    private final class SliceBuffers: @unchecked Sendable {
        private var buffers: [[UInt8]]
        private let lock = NSLock()

        init(count: Int) {
            buffers = Array(repeating: [], count: count)
        }

        func store(_ bytes: [UInt8], at index: Int) {
            lock.lock()
            buffers[index] = bytes
            lock.unlock()
        }

        var all: [[UInt8]] { buffers }
        var totalCount: Int { buffers.reduce(0) { $0 + $1.count + 1 } }
    }
}
