import Foundation
import JSONCore
import TestSupport
import Testing

@testable import DomainModel

/// `CanonicalArrayBuilder` and `CollectionDecoder.reencodeArray` must give exactly the array
/// the decoded records give through `RecordCollection` and `RecordArrayEncoder`, with the same
/// counts and issues, however the records are cut into runs.
@Suite struct CanonicalArrayBuilderTests {
    /// What decoding then encoding gives: the reference.
    func reference<Record: DeduplicatingRecord>(_ blob: [UInt8], as type: Record.Type) -> EncodedCollection {
        let decoded = CollectionDecoder.decodeSequentially(blob, as: Record.self, options: .default)
        return EncodedCollection(
            bytes: RecordArrayEncoder.encode(decoded.records), records: decoded.records.count,
            duplicatesMerged: decoded.duplicatesMerged, findings: DecodingFindings(issues: decoded.issues))
    }

    func expectSame(
        _ actual: consuming EncodedCollection, _ expected: consuming EncodedCollection, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.records == expected.records, comment, sourceLocation: sourceLocation)
        #expect(actual.duplicatesMerged == expected.duplicatesMerged, comment, sourceLocation: sourceLocation)
        #expect(actual.findings.issues == expected.findings.issues, comment, sourceLocation: sourceLocation)
        let actualBytes = actual.bytes.joined()
        let expectedBytes = expected.bytes.joined()
        // The first differing byte, not megabytes of text, when they differ.
        let firstDifference = zip(actualBytes, expectedBytes).enumerated().first { $0.element.0 != $0.element.1 }?
            .offset
        #expect(
            firstDifference == nil && actualBytes.count == expectedBytes.count, comment, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 4, 7])
    func reencodingALargeArrayGivesWhatDecodingAndEncodingGive(parts: Int) throws {
        let blob = ParallelCollectionDecoderTests.largeBlob()
        try #require(blob.count >= JSONArraySplitter.parallelThreshold)
        let expected = reference(blob, as: LookupSnapshot.self)
        #expect(
            expected.duplicatesMerged > 0 && !expected.findings.issues.isEmpty,
            "the blob has duplicates and malformed records")
        expectSame(
            CollectionDecoder.reencodeArray(blob, as: LookupSnapshot.self, parts: parts), expected, "\(parts) parts")
    }

    @Test(arguments: [2, 4])
    func reencodingAnArrayCutInsideItsElementsGivesWhatDecodingAndEncodingGive(parts: Int) {
        let blob = ParallelCollectionDecoderTests.blobCutInsideElements()
        expectSame(
            CollectionDecoder.reencodeArray(blob, as: LookupSnapshot.self, parts: parts),
            reference(blob, as: LookupSnapshot.self), "\(parts) parts")
    }

    /// Snapshots, then later copies of some of them: exact copies (left out; the first copy
    /// merged with itself is the same text), copies with an HTTP probe the first copy lacks
    /// (their merged record is longer), and copies with a shorter probe than the first's (the
    /// first wins: the same text).
    static func blobWithDuplicatesAcrossRuns() -> [UInt8] {
        func snapshot(_ n: Int, http: String?) -> String {
            let id = String(format: "%08x-0000-4000-8000-%012x", n, n)
            let probe = http.map { #","http":{"url":"https://h\#(n).example.com/","statusCode":\#($0)}"# } ?? ""
            return #"{"id":"\#(id)","domain":"h\#(n).example.com","capturedAt":"2026-01-01T00:00:00Z","#
                + #""trigger":"manual"\#(probe)}"#
        }
        var elements = (0..<12_000).map { snapshot($0, http: $0 % 3 == 0 ? "200" : nil) }
        for n in stride(from: 0, to: 12_000, by: 5) {
            elements.append(snapshot(n, http: n % 2 == 0 ? nil : "301"))
        }
        return Array(("[" + elements.joined(separator: ",") + "]").utf8)
    }

    @Test(arguments: [1, 2, 4, 7])
    func duplicatesAcrossRunsGiveWhatDecodingAndEncodingGive(parts: Int) throws {
        let blob = Self.blobWithDuplicatesAcrossRuns()
        try #require(blob.count >= JSONArraySplitter.parallelThreshold)
        let expected = reference(blob, as: LookupSnapshot.self)
        #expect(expected.duplicatesMerged == 2_400)
        expectSame(
            CollectionDecoder.reencodeArray(blob, as: LookupSnapshot.self, parts: parts), expected, "\(parts) parts")
    }

    @Test func aRecordTypesOwnReencodingGivesWhatDecodingAndEncodingGive() throws {
        let blob = ParallelCollectionDecoderTests.largeBlob()
        expectSame(
            LookupSnapshot.reencodeArray(blob, options: .default, parts: 4), reference(blob, as: LookupSnapshot.self),
            "the requirement's witness")
    }

    @Test func aLargeArrayThatDoesNotParseIsUnreadableAsAWhole() throws {
        var blob = ParallelCollectionDecoderTests.largeBlob()
        blob.insert(UInt8(ascii: ","), at: try #require(blob.lastIndex(of: UInt8(ascii: "}"))))
        let encoded = CollectionDecoder.reencodeArray(blob, as: LookupSnapshot.self, parts: 4)
        let isEmptyArray = encoded.bytes.elementsEqual(Array("[]".utf8))
        #expect(isEmptyArray && encoded.findings.issues.map(\.path) == ["$"])
        expectSame(encoded, reference(blob, as: LookupSnapshot.self), "a broken array")
    }

    @Test(arguments: ["[]", "{}", "null", "[1,", #"[{"id":"x"}]"#, "[{}, 3, \"a\"]"])
    func smallOddBlobsGiveWhatDecodingAndEncodingGive(text: String) {
        let blob = Array(text.utf8)
        expectSame(
            CollectionDecoder.reencodeArray(blob, as: TrackedDomain.self), reference(blob, as: TrackedDomain.self),
            "\(text)")
    }

    @Test func aRunAbsorbedTwiceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let builder = CanonicalArrayBuilder<TrackedDomain>()
            let run = builder.makeRun()
            builder.absorb(run)
            builder.absorb(run)
        }
    }

    @Test func addingToAFinishedBuilderStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let builder = CanonicalArrayBuilder<TrackedDomain>()
            var source: [UInt8]? = Array("[]".utf8)
            _ = builder.finish(source: &source, options: .default)
            builder.append(
                TrackedDomain(id: UUID(), domain: "example.com", addedAt: Date(timeIntervalSince1970: 0)), from: 0..<2)
        }
    }

    /// Random tracked domains with repeated domains in other spellings, malformed elements
    /// between them, added to a builder and to runs cut at random.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomRunsWithDuplicatesGiveTheMergedArray(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<40 {
            let elements = (0..<Int.random(in: 0...30, using: &random)).map { position -> String in
                if random.chance(1, in: 8) { return #"{"domain":"no-id.example"}"# }
                let host = "host\(Int.random(in: 1...5, using: &random)).example"
                let spelling = random.chance(1, in: 2) ? host.uppercased() + "." : host
                let id = SampleIdentity.uuidText(decimal: position + 1)
                return
                    #"{"id":"\#(id)","domain":"\#(spelling)","addedAt":"202\#(Int.random(in: 0...5, using: &random))-01-01T00:00:00Z","tags":["t\#(Int.random(in: 1...4, using: &random))"],"notes":"n\#(position)"}"#
            }
            let blob = Array(("[" + elements.joined(separator: ",") + "]").utf8)
            let values = Array(try JSONDocument(parsing: blob).root.elements)
            let builder = CanonicalArrayBuilder<TrackedDomain>(capacity: 16)
            var current = builder
            let own = Int.random(in: 0...values.count, using: &random)
            for (index, value) in values.enumerated() {
                if index >= own, index == own || random.chance(1, in: 3) {
                    if current !== builder { builder.absorb(current) }
                    current = builder.makeRun(capacity: 16)
                }
                if let record = try? TrackedDomain.decode(value).0 { current.append(record, from: value.sourceRange) }
            }
            if current !== builder { builder.absorb(current) }
            var source: [UInt8]? = blob
            // The chunks must concatenate to the array decoding and encoding give.
            let bytes = builder.finish(source: &source, options: .default).joined()
            #expect(source == nil, "the source is let go before the array is joined")
            // The builder sees decoded records only; issues are the decoders' (tested above).
            let expected = reference(blob, as: TrackedDomain.self)
            let shown = "\(String(decoding: blob, as: UTF8.self)), own \(own)"
            let isExpected = expected.bytes.elementsEqual(bytes)
            #expect(isExpected, "\(shown)")
            #expect(
                builder.distinctCount == expected.records && builder.duplicates == expected.duplicatesMerged, "\(shown)"
            )
        }
    }
}
