// stage-costs: what each stage of re-encoding a stored array costs on one thread — the lookup
// history's, which is 86 % of the large sample — so that a change to the decoders, the encoders
// or the parser can be measured stage by stage (`make bench-stages`; Docs/performance.md).
//
//     stage-costs lookupHistory.json [--runs N]
//
// Each stage does the work of the one above it and more, so the difference between two rows is
// what the more costs; an aside row is compared with the parse instead: export's transcoder, and
// the least a transcoder would do.
// Every figure is the fastest of N runs of wall time on one thread.
import DomainModel
import Foundation
import JSONCore

/// Writes the element at `index` again from its tape: each key and value copied byte for byte
/// with the punctuation between them — the least a transcoder from stored to canonical JSON would
/// do, without any of the checks or canonical forms.
func copyTape(_ view: JSONView, _ index: Int, into out: inout [UInt8]) {
    switch view.kind(index) {
    case .object:
        out.append(UInt8(ascii: "{"))
        var separator: UInt8? = nil
        view.forEachField(index) { key, _, value in
            if let separator { out.append(separator) }
            separator = UInt8(ascii: ",")
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: key)
            out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
            copyTape(view, value, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    case .array:
        out.append(UInt8(ascii: "["))
        var separator: UInt8? = nil
        view.forEachElement(index) { element in
            if let separator { out.append(separator) }
            separator = UInt8(ascii: ",")
            copyTape(view, element, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    case .string:
        // A string's raw bytes are its text between the quotes.
        out.append(UInt8(ascii: "\""))
        view.withRawBytes(index) { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
    default:
        view.withRawBytes(index) { out.append(contentsOf: $0) }
    }
}

/// Writes the element as export does: transcoded from the tape when decoding would take it as it
/// is, else decoded and encoded. Whether it was transcoded; nil when it does not decode.
func transcode(_ element: JSONValue, into writer: inout JSONWriter) -> Bool? {
    let mark = writer.mark
    let view = element.document.view
    if LookupSnapshot.transcodeKeyed(view, at: element.tapeIndex, checking: false, into: &writer) != nil { return true }
    writer.rewind(to: mark)
    guard let (record, _) = try? LookupSnapshot.decode(element) else { return nil }
    record.encode(to: &writer)
    return false
}

/// The room export gives a run's canonical text: about as long as what was stored.
func textCapacity(_ run: JSONArraySplitter.Run) -> Int { run.bytes.count + run.bytes.count / 16 + 1024 }

/// Cuts `bytes` into 16 runs, as export cuts it on two cores, and calls `body` with each
/// element of each run and the run's output; returns how many elements `body` counted.
func forEachElement(_ bytes: [UInt8], _ body: (JSONValue, inout JSONWriter) -> Bool) throws -> Int {
    guard let runs = JSONArraySplitter.split(bytes, into: 16) else { return 0 }
    var counted = 0
    for run in runs {
        var writer = JSONWriter(capacity: textCapacity(run))
        try JSONArrayStream.forEachElement(in: bytes, run: run) { _, element in
            if body(element, &writer) { counted += 1 }
        }
    }
    return counted
}

/// Each stage does what the row above it does and more, up to export's own builder; the last
/// row is compared with the parse.
let stages = [
    Stage(name: "split into 16 runs") { bytes in JSONArraySplitter.split(bytes, into: 16)?.count ?? 0 },
    Stage(name: "+ strict parse of each record") { bytes in try forEachElement(bytes) { _, _ in true } },
    Stage(name: "+ lenient decode") { bytes in
        try forEachElement(bytes) { element, _ in (try? LookupSnapshot.decode(element)) != nil }
    },
    Stage(name: "+ canonical encode") { bytes in
        try forEachElement(bytes) { element, writer in
            guard let (record, _) = try? LookupSnapshot.decode(element) else { return false }
            record.encode(to: &writer)
            return true
        }
    },
    Stage(name: "aside: + transcode, decoding and encoding only what it leaves", comparedWith: 1) { bytes in
        try forEachElement(bytes) { element, writer in transcode(element, into: &writer) != nil }
    },
    Stage(name: "+ keys, duplicates merged, array built (export's builder)") { bytes in
        // What `CollectionDecoder.reencodeArray` does with the runs, on one thread: each run's
        // records appended to a builder of its own with their natural keys, the runs absorbed
        // in order, duplicates merged and the array's chunks made.
        guard let runs = JSONArraySplitter.split(bytes, into: 16) else { return 0 }
        let builder = CanonicalArrayBuilder<LookupSnapshot>(capacity: 0)
        for run in runs {
            let runBuilder = builder.makeRun(capacity: textCapacity(run))
            try JSONArrayStream.forEachElement(in: bytes, run: run) { _, element in
                if !runBuilder.appendTranscoding(element), let (record, _) = try? LookupSnapshot.decode(element) {
                    runBuilder.append(record, from: element.sourceRange)
                }
            }
            builder.absorb(runBuilder)
        }
        var source: [UInt8]? = bytes
        _ = builder.finish(source: &source, options: .default)
        return builder.count
    },
    Stage(name: "aside: split, parse, and copy each value from the tape", comparedWith: 1) { bytes in
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        return try forEachElement(bytes) { element, _ in
            copyTape(element.document.view, element.tapeIndex, into: &out)
            return true
        }
    },
]

let arguments = CommandLine.arguments
guard arguments.count == 2 || (arguments.count == 4 && arguments[2] == "--runs") else {
    print("usage: stage-costs LOOKUP_HISTORY.json [--runs N]")
    exit(64)
}
let runCount = arguments.count == 4 ? Int(arguments[3]) ?? 0 : 5
guard runCount >= 1 else {
    print("stage-costs: --runs takes a whole number of runs, at least 1, not \(arguments[3])")
    exit(64)
}
guard let input = try? Data(contentsOf: URL(fileURLWithPath: arguments[1])) else {
    print("stage-costs: cannot read \(arguments[1])")
    exit(66)
}
let bytes = [UInt8](input)
// Every stage must have records to work on, or its time says nothing.
guard let runs = JSONArraySplitter.split(bytes, into: 16), !runs.isEmpty else {
    print("stage-costs: \(arguments[1]) is not a JSON array of records that splits into runs")
    exit(65)
}
let megabytes = Double(bytes.count) / 1_000_000
var outcomes: [Bool?: Int] = [:]
_ = try forEachElement(bytes) { element, writer in
    outcomes[transcode(element, into: &writer), default: 0] += 1
    return true
}
print("\(String(format: "%.1f", megabytes)) MB of JSON, one thread, fastest of \(runCount) runs")
print(
    "\(outcomes[true, default: 0]) records transcoded, \(outcomes[false, default: 0]) decoded and encoded, "
        + "\(outcomes[nil, default: 0]) that do not decode")
print("| stage | seconds | MB/s | what the stage adds |")
print("|---|---:|---:|---:|")
var seconds: [Double] = []
for stage in stages {
    var fastest = Double.infinity
    for _ in 0..<runCount {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try stage.run(bytes)
        let elapsed = start.duration(to: clock.now)
        precondition(result > 0, "\(stage.name) decoded, parsed or copied nothing")
        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    let base = stage.comparedWith.map { seconds[$0] } ?? seconds.last
    var added = base.map { String(format: "%+.3f s", fastest - $0) } ?? ""
    if let row = stage.comparedWith { added += " over row \(row + 1)" }
    print(String(format: "| %@ | %.3f | %.0f | %@ |", stage.name, fastest, megabytes / fastest, added))
    seconds.append(fastest)
}
