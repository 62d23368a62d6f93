import Foundation
import JSONCore
import Testing

@testable import DomainModel

extension RecordArrayEncoderTests {
    /// With many cores, some list lengths used to leave the last slices past the end of the
    /// list (`(slices - 1) * ceil(count / slices) > count`), which trapped building a range.
    /// Every slicing must encode exactly as one writer would, on any machine.
    @Test(arguments: [3, 48, 128])
    func encodesEveryLengthWhateverTheNumberOfSlices(parts: Int) throws {
        let decoded = CollectionDecoder.decodeSequentially(
            ParallelCollectionDecoderTests.largeBlob(), as: LookupSnapshot.self,
            options: .default)
        for count in [RecordArrayEncoder.parallelThreshold, 2_065, 2_100, 2_161, 4_099, 9_001] {
            let records = Array(decoded.records.prefix(count))
            try #require(records.count == count)
            var writer = JSONWriter()
            writer.records(records)
            let encoded = RecordArrayEncoder.encode(records, verbatim: [], capacity: 4096, parts: parts)
            #expect(encoded.joined() == writer.bytes, "\(count) records in \(parts) slices")
        }
    }
}
