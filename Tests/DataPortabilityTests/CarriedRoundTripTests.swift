import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DataValidation
import Foundation
import JSONCore
import TestSupport
import Testing

/// What a store holds that this build does not read — keys it does not know, leftover legacy
/// keys, records it cannot read — carried verbatim by an export and put back by an import, on
/// both store files (design §4, `CarriedEntry`).
@Suite struct CarriedRoundTripTests {
    /// A value of each kind a store holds, awkward where a kind allows it.
    static func value(of kind: StoreValue.Kind) -> StoreValue {
        switch kind {
        case .data: .data(Data([0x00, 0x01, 0xFE, 0xFF, 0x7B]))
        case .string: .string("café ☕ \"quoted\" \\ \n")
        case .integer: .integer(Int.min)
        case .bool: .bool(true)
        case .double: .double(1.0 / 3.0)
        case .date: .date(Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7))
        case .array: .array([.string("a"), .integer(1), .dictionary(["x": .bool(false)]), .data(Data([9]))])
        case .dictionary:
            .dictionary(["list": .array([.double(-2.5)]), "when": .date(Date(timeIntervalSinceReferenceDate: -1.5))])
        }
    }

    @Test(arguments: StoreValue.Kind.allCases, StoreFile.allCases)
    func anUnknownKeyOfEveryKindIsCarriedAndRestoredExactly(kind: StoreValue.Kind, file: StoreFile) throws {
        let harness = try LosslessHarness(file)
        let value = Self.value(of: kind)
        let (imported, first, second) = try harness.roundTrip(["future.\(kind.rawValue)": value])
        #expect(imported["future.\(kind.rawValue)"] == value)
        #expect(first.carried.storeKeys.map(\.key) == ["future.\(kind.rawValue)"])
        #expect(first.carried.storeKeys[0].value.kind == kind.rawValue)
        #expect(first.carriedContent == second.carriedContent)
    }

    @Test func dataHoldingOneJSONValueIsEmbeddedAsJSONTheRestInBase64() throws {
        let harness = try LosslessHarness(.sqlite)
        let json = Data(#"{"a" : [1, 2.50]}"#.utf8)
        let padded = Data(#" {"a":1} "#.utf8)
        let source = try harness.store("source", ["json": .data(json), "padded": .data(padded)])
        let backup = try harness.export(source, to: "b.ddbackup").url
        let carried = try #require(try verifiedEntries(of: backup).carried[.storeKeys])
        let text = String(decoding: carried, as: UTF8.self)
        #expect(text.contains(#"{"key":"json","value":{"kind":"data","json":{"a" : [1, 2.50]}}}"#))
        #expect(text.contains(#"{"key":"padded","value":{"kind":"data","base64":"IHsiYSI6MX0g"}}"#))
        let target = try harness.open("target")
        try harness.importBackup(backup, into: target)
        #expect(try target.store.value(forKey: "json") == .data(json))
        #expect(try target.store.value(forKey: "padded") == .data(padded))
    }

    @Test(arguments: StoreFile.allCases)
    func aMergeAddsMissingKeysAndKeepsTheStoresValueAReplaceWritesTheBackups(file: StoreFile) throws {
        let harness = try LosslessHarness(file)
        let source = try harness.store("source", ["a": .integer(1), "b": .string("backup")])
        let backup = try harness.export(source, to: "b.ddbackup").url

        let merged = try harness.store("merged", ["b": .string("store"), "c": .bool(true)])
        let summary = try harness.importBackup(backup, into: merged, mode: .merge)
        #expect(try merged.store.value(forKey: "a") == .integer(1))
        #expect(try merged.store.value(forKey: "b") == .string("store"))
        #expect(try merged.store.value(forKey: "c") == .bool(true))
        #expect(summary.carried?.storeKeysAdded == 1 && summary.carried?.storeKeysKept == 1)
        #expect(summary.findings.contains { $0.code == .keptStoreValue && $0.location == "b" })

        let replaced = try harness.store("replaced", ["b": .string("store"), "c": .bool(true)])
        let replacing = try harness.importBackup(backup, into: replaced, mode: .replace)
        #expect(try replaced.store.value(forKey: "a") == .integer(1))
        #expect(try replaced.store.value(forKey: "b") == .string("backup"))
        #expect(try replaced.store.value(forKey: "c") == .bool(true), "keys the backup does not carry are left alone")
        #expect(replacing.carried?.storeKeysAdded == 1 && replacing.carried?.storeKeysReplaced == 1)
    }

    @Test(arguments: StoreFile.allCases)
    func leftoverLegacyKeysAreCarriedAndStatusListsThem(file: StoreFile) throws {
        let harness = try LosslessHarness(file)
        let watched = Data(
            #"[{"id":"\#(SampleIdentity.uuidText(decimal: 1))","domain":"old.example","addedAt":"2020-01-01T00:00:00Z"}]"#
                .utf8)
        // The marker says version 1 ran in the app, which left watchedDomains behind; an older app
        // wrote displayDensity again after version 2; and a key no version knows.
        let source = try harness.store(
            "source",
            [
                StorageKey.preVersioningMarker.rawValue: .bool(true), "watchedDomains": .data(watched),
                "displayDensity": .string("compact"), "future.key": .integer(7),
            ])
        try DataMigrationService().migrateIfNeeded(store: source.store)
        let status = try StoreStatus(explicitPath: harness.folder.file(file.name("source")).path)
        #expect(status.leftoverKeys == ["watchedDomains"], "displayDensity was migrated by version 2")
        #expect(status.unknownKeys == ["future.key"])

        try source.store.transaction { try $0.set(.string("compact"), forKey: "displayDensity") }
        #expect(
            try StoreStatus(explicitPath: harness.folder.file(file.name("source")).path).leftoverKeys == [
                "displayDensity", "watchedDomains",
            ])
        let backup = try harness.export(source, to: "b.ddbackup").url
        #expect(
            try BackupEntries(backup).carried.storeKeys.map(\.key).sorted() == [
                "displayDensity", "future.key", "watchedDomains",
            ])
        let target = try harness.open("target")
        try harness.importBackup(backup, into: target)
        #expect(try target.store.value(forKey: "watchedDomains") == .data(watched))
        #expect(try target.store.value(forKey: "displayDensity") == .string("compact"))
        #expect(try target.store.value(forKey: "future.key") == .integer(7))
    }

    // MARK: Unreadable records

    /// An element each array store key cannot read, and one it can.
    static func elements(of storeKey: String) -> (readable: String, unreadable: String) {
        switch storeKey {
        case "recentSearches": (#""example""#, "42")
        case "savedDomains": (#""example.com""#, #""not a domain!""#)
        default:
            (
                UnknownFieldRoundTripTests.store[storeKey].flatMap { json -> String? in
                    guard case .array(let elements) = json else { return nil }
                    return elements.first?.text
                } ?? "{}",
                #"{"broken" : true, "why": "no id"}"#
            )
        }
    }

    /// Every store key that holds an array, as the sections say.
    static let arrayKeys = BackupSection.allCases.flatMap { section in
        section.entry.arrayStoreKeys.map { (section, $0) }
    }
    .map { "\($0.0.rawValue)/\($0.1)" }

    @Test(arguments: arrayKeys, StoreFile.allCases)
    func anUnreadableElementIsCarriedAndRestoredAtTheEndOfItsArray(sectionAndKey: String, file: StoreFile) throws {
        let parts = sectionAndKey.split(separator: "/").map(String.init)
        let (section, key) = (try #require(BackupSection(rawValue: parts[0])), parts[1])
        let (readable, unreadable) = Self.elements(of: key)
        let harness = try LosslessHarness(file)
        let stored = "[\(unreadable),\(readable)]"
        let (imported, first, second) = try harness.roundTrip([key: .data(Data(stored.utf8))])

        let record = try #require(first.carried.unreadableRecords.first)
        #expect(first.carried.unreadableRecords.count == 1)
        #expect(record.section == section && record.storeKey == key && record.path == "$[0]")
        #expect(record.value == .data(Array(unreadable.utf8)))
        #expect(first.carriedContent == second.carriedContent)
        // Back at the end of its array, verbatim, after the readable record.
        guard case .data(let data)? = imported[key] else {
            Issue.record("\(key) is missing")
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix(",\(unreadable)]"), "\(text)")
        #expect(try JSONDocument(parsing: [UInt8](data)).root.count == 2)
    }

    @Test(arguments: StoreFile.allCases, ImportMode.allCases)
    func theStoresUnreadableElementsStayOnAMergeTheBackupsReplaceThemOnAReplace(file: StoreFile, mode: ImportMode)
        throws
    {
        let harness = try LosslessHarness(file)
        let (readable, _) = Self.elements(of: "trackedDomains")
        let source = try harness.store(
            "source", ["trackedDomains": .data(Data("[\(readable),{\"from\":\"backup\"}]".utf8))])
        let backup = try harness.export(source, to: "b.ddbackup").url
        let target = try harness.store("target", ["trackedDomains": .data(Data(#"[{"from":"store"}]"#.utf8))])
        let summary = try harness.importBackup(backup, into: target, mode: mode)
        let records = try RecordLoader(target.store).load(.trackedDomains)
        #expect(records.records.count == 1)
        let kept = records.unreadableElements.map { String(decoding: $0, as: UTF8.self) }
        #expect(kept == (mode == .merge ? [#"{"from":"store"}"#, #"{"from":"backup"}"#] : [#"{"from":"backup"}"#]))
        #expect(summary.carried?.unreadableRestored == 1)
        #expect(summary.sections.first { $0.section == .trackedDomains }?.removed == (mode == .merge ? 0 : 1))
        // Again: nothing is added twice.
        #expect(try !harness.importBackup(backup, into: target, mode: mode).storeChanged)
    }

    /// Every store key of every section, holding a value that cannot be read at all.
    static let storeKeys = BackupSection.allCases.flatMap { section in
        section.entry.storeKeys.map { "\(section.rawValue)/\($0)" }
    }

    @Test(arguments: storeKeys, StoreFile.allCases)
    func anUnreadableWholeValueIsCarriedAndRestored(sectionAndKey: String, file: StoreFile) throws {
        let parts = sectionAndKey.split(separator: "/").map(String.init)
        let (section, key) = (try #require(BackupSection(rawValue: parts[0])), parts[1])
        let harness = try LosslessHarness(file)
        let garbage = StoreValue.data(Data("{\"cut\": [1, 2".utf8))
        let (imported, first, _) = try harness.roundTrip([key: garbage, "other": .integer(1)])
        #expect(imported[key] == garbage)
        let record = try #require(first.carried.unreadableRecords.first)
        #expect(record.section == section && record.storeKey == key && record.isWholeValue)

        // A merge into a store holding the key keeps the store's; a replace writes the backup's.
        let source = try harness.store("s", [key: garbage])
        let backup = try harness.export(source, to: "whole.ddbackup").url
        let theirs = StoreValue.integer(42)
        for mode in ImportMode.allCases {
            let target = try harness.store("t-\(mode.rawValue)", [key: theirs])
            let summary = try harness.importBackup(backup, into: target, mode: mode)
            #expect(try target.store.value(forKey: key) == (mode == .merge ? theirs : garbage), "\(mode)")
            if mode == .merge {
                #expect(summary.findings.contains { $0.code == .keptUnreadable || $0.code == .keptStoreValue })
            }
        }
    }

    @Test func anElementNestedAsDeepAsAStoreAllowsIsCarriedInBase64AndRestored() throws {
        let harness = try LosslessHarness(.sqlite)
        // The array is one level, so an element may nest 63 more; inside a carried entry it would
        // be three levels deeper still, past the reader's limit, so it is carried in base64.
        let deep = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        let (imported, first, _) = try harness.roundTrip(["trackedDomains": .data(Data("[\(deep)]".utf8))])
        let carried = try #require(first.carried.unreadableRecords.first)
        #expect(carried.value == .data(Array(deep.utf8)))
        #expect(imported["trackedDomains"] == .data(Data("[\(deep)]".utf8)))
    }

    @Test func aMergeNeverOverwritesAStoredValueItCannotRead() throws {
        let harness = try LosslessHarness(.sqlite)
        let (readable, _) = Self.elements(of: "trackedDomains")
        let source = try harness.store("source", ["trackedDomains": .data(Data("[\(readable)]".utf8))])
        let backup = try harness.export(source, to: "b.ddbackup").url
        let garbage = StoreValue.data(Data("not json".utf8))
        let target = try harness.store("target", ["trackedDomains": garbage])
        let summary = try harness.importBackup(backup, into: target)
        #expect(try target.store.value(forKey: "trackedDomains") == garbage)
        let remark = try #require(summary.findings.first { $0.code == .keptUnreadable })
        #expect(remark.severity == .warning && remark.location == "trackedDomains")
        let replace = try harness.importBackup(backup, into: target, mode: .replace)
        #expect(try RecordLoader(target.store).load(.trackedDomains).records.count == 1)
        #expect(replace.sections.first { $0.section == .trackedDomains }?.removed == 1)
    }
}
