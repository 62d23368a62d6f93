import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DataValidation
import Foundation
import JSONCore
import TestSupport
import Testing

/// The invariant of design §4, over the sample generator's planted problems and random damage:
/// every backup `export` writes validates without errors and imports without errors, and the
/// store it imports into exports to the same sections and carries the same things — nothing
/// is lost on the way.
@Suite struct LosslessInvariantTests {
    /// Damage a store can come to: what older or newer apps, crashes and hand edits leave.
    enum Damage: CaseIterable {
        /// A blob cut short: no longer JSON.
        case truncated
        /// An element of an array replaced by one a record cannot be read from.
        case unreadableElement
        /// A record given fields this build does not know.
        case unknownFields
        /// A data key holding another kind of value.
        case otherKind
        /// A key this build does not know, of any kind.
        case unknownKey
        /// A legacy key left beside the current data.
        case leftoverKey
        /// A key removed.
        case removedKey
    }

    /// Elements no record reads: not objects, required fields missing or invalid, nested deeply.
    static let unreadable = [
        "{}", "[]", #""text""#, "42", "null", "true", #"{"id":"nope","domain":"x.example"}"#,
        #"{"domain":"ok.example","addedAt":"2026-01-01T00:00:00Z"}"#,
        // As deep as an element of a stored array may nest (the array itself is one level).
        String(repeating: "[", count: 63) + String(repeating: "]", count: 63),
    ]

    static func damage(_ values: inout [String: StoreValue], seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let dataKeys = StorageKey.dataKeys.map(\.rawValue)
        for _ in 0..<Int.random(in: 2...8, using: &random) {
            let key = random.pick(dataKeys)
            switch random.pick(Damage.allCases) {
            case .truncated:
                guard case .data(let data)? = values[key], data.count > 2 else { continue }
                values[key] = .data(data.prefix(Int.random(in: 1..<data.count, using: &random)))
            case .unreadableElement:
                guard let elements = elementRanges(values[key]), let range = elements.randomElement(using: &random)
                else { continue }
                values[key] = splice(values[key], range, with: random.pick(unreadable))
            case .unknownFields:
                guard let elements = elementRanges(values[key]), let range = elements.randomElement(using: &random),
                    case .data(let data)? = values[key], data[range.lowerBound] == UInt8(ascii: "{")
                else { continue }
                let field = #""x-\#(seed)":{"kept" : [1, 2.50, "three"]},"#
                values[key] = splice(values[key], range.lowerBound + 1..<range.lowerBound + 1, with: field)
            case .otherKind:
                values[key] = random.pick([
                    .integer(7), .string("text"), .date(Date(timeIntervalSinceReferenceDate: 0)),
                ])
            case .unknownKey:
                values["future.\(seed).\(key)"] = CarriedRoundTripTests.value(of: random.pick(StoreValue.Kind.allCases))
            case .leftoverKey:
                values[StorageKey.legacyWatchedDomains.rawValue] = values[StorageKey.trackedDomains.rawValue]
            case .removedKey:
                values[key] = nil
            }
        }
    }

    /// The byte ranges of a JSON array blob's elements, or nil when the value is no such array.
    static func elementRanges(_ value: StoreValue?) -> [Range<Int>]? {
        guard case .data(let data)? = value, let document = try? JSONDocument(parsing: [UInt8](data)),
            document.root.kind == .array, document.root.count > 0
        else { return nil }
        return document.root.elements.map(\.sourceRange)
    }

    static func splice(_ value: StoreValue?, _ range: Range<Int>, with text: String) -> StoreValue? {
        guard case .data(let data)? = value else { return value }
        var bytes = [UInt8](data)
        bytes.replaceSubrange(range, with: Array(text.utf8))
        return .data(Data(bytes))
    }

    @Test(arguments: Array(UInt64(1)...UInt64(24)))
    func everyExportOfADamagedSampleValidatesImportsAndComesBackTheSame(seed: UInt64) throws {
        var values = Dictionary(
            uniqueKeysWithValues: SampleStoreGenerator(size: .small, seed: seed).makeValues().map {
                ($0.key.rawValue, $0.value)
            }
        ).merging(SampleStoreGenerator.unknownValues) { $1 }
        // The first seeds keep the sample as it is: its planted problems alone.
        if seed > 2 { Self.damage(&values, seed: seed) }
        let file = seed.isMultiple(of: 2) ? StoreFile.sqlite : .plist
        let harness = try LosslessHarness(file)
        let source = try harness.store("source", values)
        let backup = try harness.export(source, to: "first.ddbackup").url

        let report = DataValidationService.standard().validate(backup: try BackupFile(path: backup.path))
        #expect(!report.hasErrors, "seed \(seed): \(report.findings.filter { $0.severity == .error })")

        let target = try harness.open("target")
        let summary = try harness.importBackup(backup, into: target)
        #expect(summary.findings.allSatisfy { $0.severity != .error })
        let again = try harness.export(target, to: "second.ddbackup").url
        let first = try BackupEntries(backup)
        let second = try BackupEntries(again)
        #expect(first.sections == second.sections, "seed \(seed)")
        #expect(first.carriedContent == second.carriedContent, "seed \(seed)")
        // What the source held beyond its records is in the target too, exactly.
        let imported = try harness.values(of: target)
        for (key, value) in values where StorageKey.isCarried(key) {
            #expect(imported[key] == value, "seed \(seed): \(key)")
        }
    }
}
