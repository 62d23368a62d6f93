import Foundation
import JSONCore
import Testing

@testable import DomainModel

@Suite struct ParallelCollectionDecoderTests {
    /// A stored array over the parallel threshold, with duplicates in other spellings,
    /// malformed records, and strings full of brackets, commas and escaped quotes.
    static func largeBlob() -> [UInt8] {
        var elements: [String] = []
        for index in 0..<12_000 {
            let id = String(format: "%08x-0000-4000-8000-%012x", index % 11_000, index % 11_000)
            let domain = index % 9 == 0 ? " Host\(index % 11_000).Example.COM. " : "host\(index % 11_000).example.com"
            if index % 997 == 0 {
                elements.append(#"{"id":"not-a-uuid","domain":"x.example","capturedAt":"2026-01-01T00:00:00Z"}"#)
                continue
            }
            elements.append(
                #"""
                {"id":"\#(id)","domain":"\#(domain)","capturedAt":"2026-01-0\#(index % 9 + 1)T00:00:00Z","trigger":"manual",
                 "dns":{"resolver":"https://x/[q],{\"a\":1}","records":[{"type":"TXT","name":"_dmarc.example.com","value":"v=DMARC1; p=none, \"quoted\" ] }","ttl":300}]}}
                """#)
        }
        return Array(("[\n" + elements.joined(separator: ",\n") + "\n]").utf8)
    }

    @Test(arguments: [2, 4, 7])
    func givesExactlyWhatTheSequentialPassGives(parts: Int) throws {
        let blob = Self.largeBlob()
        let size = blob.count
        try #require(size >= JSONArraySplitter.parallelThreshold)
        let result = ParallelCollectionDecoder.decode(blob, as: LookupSnapshot.self, options: .default, parts: parts)
        let parallel = try #require(result, "the parallel pass gave up on a valid array")
        let sequential = CollectionDecoder.decodeSequentially(blob, as: LookupSnapshot.self, options: .default)
        // Compared element by element, so a failure names the first difference, not megabytes.
        #expect(parallel.records.count == sequential.records.count)
        let firstDifferentRecord = Array(zip(parallel.records, sequential.records)).firstIndex { $0 != $1 }
        #expect(firstDifferentRecord == nil)
        #expect(parallel.issues == sequential.issues)
        #expect(parallel.unreadableElements == sequential.unreadableElements)
        #expect(parallel.elementCount == sequential.elementCount)
        #expect(parallel.duplicatesMerged == sequential.duplicatesMerged)
        #expect(sequential.duplicatesMerged > 0 && !sequential.issues.isEmpty)
    }

    /// Snapshots each holding a list of DNS records longer than the text parsed to confirm a
    /// cut, a malformed one among them, and a duplicate: the cuts fall inside elements.
    static func blobCutInsideElements() -> [UInt8] {
        let record = #"{"type":"A","name":"a.example.com","value":"192.0.2.1","ttl":300}"#
        let records = Array(repeating: record, count: 3 * DNSLookupResult.maxRecords).joined(separator: ",")
        var elements = (0..<8).map { n in
            #"{"id":"\#(String(format: "%08x-0000-4000-8000-000000000000", n))","domain":"h\#(n).example.com","#
                + #""capturedAt":"2026-01-01T00:00:00Z","trigger":"manual","dns":{"resolver":"https://x","#
                + #""records":[\#(records)]}}"#
        }
        elements.insert(#"{"id":"not-a-uuid","domain":"x.example","capturedAt":"2026-01-01T00:00:00Z"}"#, at: 5)
        elements.append(elements[3])
        return Array(("[" + elements.joined(separator: ",") + "]").utf8)
    }

    @Test(arguments: [2, 4])
    func cutsInsideElementsGiveWhatTheSequentialPassGives(parts: Int) throws {
        let blob = Self.blobCutInsideElements()
        let runs = try #require(JSONArraySplitter.cuts(blob, parts: parts))
        let misjudged = runs.dropFirst().contains { !blob[$0].starts(with: Array(#"{"id""#.utf8)) }
        try #require(misjudged, "a cut fell inside an element, so the rest is read on one thread")
        let parallel = try #require(
            ParallelCollectionDecoder.decode(blob, as: LookupSnapshot.self, options: .default, parts: parts))
        let sequential = CollectionDecoder.decodeSequentially(blob, as: LookupSnapshot.self, options: .default)
        #expect(parallel.records == sequential.records)
        #expect(parallel.issues == sequential.issues)
        #expect(parallel.unreadableElements == sequential.unreadableElements)
        #expect(parallel.elementCount == 10 && sequential.elementCount == 10)
        #expect(parallel.duplicatesMerged == 1)
        let paths = Set(sequential.issues.map(\.path))
        #expect(paths.contains("$[5].id") && paths.contains("$[9].dns.records"), "\(paths)")
    }

    @Test func leavesABrokenArrayToTheSequentialPass() throws {
        var blob = Self.largeBlob()
        // A doubled comma between two elements in the middle: only a strict parse catches it.
        let boundary = Array(",\n{".utf8)
        let middle = try #require(
            (blob.count / 2..<blob.count - boundary.count).first {
                Array(blob[$0..<$0 + boundary.count]) == boundary
            })
        blob.insert(UInt8(ascii: ","), at: middle)
        let parallel = ParallelCollectionDecoder.decode(blob, as: LookupSnapshot.self, options: .default, parts: 4)
        #expect(parallel == nil)
        let decoded = CollectionDecoder.decodeArray(blob, as: LookupSnapshot.self)
        #expect(decoded.records.count == 0)
        #expect(decoded.issues.count == 1)
        #expect(decoded.issues.first?.path == "$")
    }
}

@Suite struct RecordArrayEncoderTests {
    @Test func encodesLongListsExactlyAsOneWriterWould() throws {
        let decoded = CollectionDecoder.decodeSequentially(
            ParallelCollectionDecoderTests.largeBlob(), as: LookupSnapshot.self, options: .default)
        try #require(decoded.records.count >= RecordArrayEncoder.parallelThreshold)
        var writer = JSONWriter()
        writer.records(decoded.records)
        #expect(RecordArrayEncoder.encode(decoded.records).joined() == writer.bytes)
        var withVerbatim = JSONWriter()
        withVerbatim.beginArray()
        for record in decoded.records { record.encode(to: &withVerbatim) }
        withVerbatim.rawJSON(Array(#"{"kept":true}"#.utf8))
        withVerbatim.endArray()
        #expect(
            RecordArrayEncoder.encode(decoded.records, verbatim: [Array(#"{"kept":true}"#.utf8)]).joined()
                == withVerbatim.bytes)
    }
}
