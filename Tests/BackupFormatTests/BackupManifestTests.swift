import DomainModel
import Foundation
import Testing

@testable import BackupFormat

@Suite struct BackupManifestTests {
    private static let digest = String(repeating: "0123456789abcdef", count: 4)

    private static let sample = BackupManifest(
        createdAt: Date(timeIntervalSince1970: 1_767_225_600.25), producer: .init(name: "backupctl", version: "1.2.3"),
        storeSchemaVersion: 3, compression: "zstd",
        sections: [
            ManifestSection(
                name: "trackedDomains", path: "sections/trackedDomains.json", records: 40, bytes: 12_345, sha256: digest
            ),
            ManifestSection(
                name: "entitlement", path: "sections/entitlement.json", records: 0, bytes: 4, sha256: digest),
        ])

    /// A valid manifest's text with `field` replaced by `value` (JSON text), or removed when `value` is nil.
    private static func text(setting field: String, to value: String?) -> String {
        var fields: [(String, String)] = [
            ("format", #""DomainDigBackup""#),
            ("schemaVersion", "3"),
            ("createdAt", #""2026-01-01T00:00:00Z""#),
            ("producer", #"{"name":"backupctl","version":"1.0.0"}"#),
            ("storeSchemaVersion", "3"),
            ("compression", #""zstd""#),
            (
                "sections",
                #"[{"name":"trackedDomains","path":"sections/trackedDomains.json","records":2,"bytes":10,"sha256":"\#(digest)"}]"#
            ),
        ]
        if let index = fields.firstIndex(where: { $0.0 == field }) {
            if let value { fields[index].1 = value } else { fields.remove(at: index) }
        } else if let value {
            fields.append((field, value))
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private func decode(_ text: String) throws -> BackupManifest {
        try BackupManifest.decode(Array(text.utf8), archive: "b.tar.zst")
    }

    /// The `invalidManifest` reason decoding `text` gives; records an issue for any other outcome.
    private func rejection(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let error = backupFormatError(sourceLocation: sourceLocation) { _ = try decode(text) }
        guard case .invalidManifest(let archive, let reason)? = error else {
            Issue.record("expected invalidManifest, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        #expect(archive == "b.tar.zst", sourceLocation: sourceLocation)
        return reason
    }

    @Test func encodingThenDecodingGivesTheSameManifest() throws {
        let decoded = try BackupManifest.decode(Self.sample.encoded(), archive: "b.tar.zst")
        #expect(decoded == Self.sample)
        #expect(decoded.encoded() == Self.sample.encoded())
    }

    @Test func theEncodedTextIsAnObjectEndingInANewline() throws {
        let bytes = Self.sample.encoded()
        #expect(bytes.last == 0x0A)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["format"] as? String == "DomainDigBackup")
        #expect(object["schemaVersion"] as? Int == 4)
        #expect(object["absentSections"] == nil, "written only when a section is absent")
        #expect(object["createdAt"] as? String == "2026-01-01T00:00:00.250Z")
        #expect((object["sections"] as? [Any])?.count == 2)
    }

    @Test func aValidTextDecodes() throws {
        let manifest = try decode(Self.text(setting: "unused", to: nil))
        #expect(manifest.format == DomainDigBackup.formatIdentifier)
        #expect(manifest.schemaVersion == 3)
        #expect(manifest.producer == .init(name: "backupctl", version: "1.0.0"))
        #expect(manifest.sections.map(\.path) == ["sections/trackedDomains.json"])
        #expect(manifest.section(atPath: "sections/trackedDomains.json")?.records == 2)
        #expect(manifest.section(atPath: "sections/other.json") == nil)
    }

    @Test func unknownFieldsAreIgnoredAndAMissingCompressionIsUnknown() throws {
        let manifest = try decode(
            Self.text(setting: "compression", to: nil).replacingOccurrences(
                of: "{\"format\"", with: "{\"comment\":\"hi\",\"format\""))
        #expect(manifest.compression == "unknown")
    }

    @Test func anUpperCaseChecksumIsStoredLowerCase() throws {
        let upper = Self.digest.uppercased()
        let manifest = try decode(
            Self.text(setting: "unused", to: nil).replacingOccurrences(of: Self.digest, with: upper))
        #expect(manifest.sections.first?.sha256 == Self.digest)
    }

    @Test(arguments: ["not json", "{\"format\":", "[]", "\"DomainDigBackup\""])
    func textThatIsNotAJSONObjectIsRefused(text: String) throws {
        let reason = try #require(rejection(text))
        #expect(reason.contains("not valid JSON") || reason.contains("must be a JSON object"))
    }

    @Test(arguments: [nil, #""DomainDigArchive""#, "3"])
    func theFormatMustBeDomainDigBackup(value: String?) throws {
        #expect(rejection(Self.text(setting: "format", to: value)) == "its \"format\" must be \"DomainDigBackup\"")
    }

    @Test(arguments: [nil, #""3""#, "0", "-1", "3.5"])
    func theSchemaVersionMustBeAPositiveInteger(value: String?) throws {
        #expect(
            rejection(Self.text(setting: "schemaVersion", to: value))
                == "its \"schemaVersion\" must be a positive integer")
    }

    @Test(arguments: [1, 2])
    func olderSchemaVersionsAreNotTarArchives(version: Int) throws {
        #expect(
            rejection(Self.text(setting: "schemaVersion", to: String(version)))
                == "schema version \(version) backups are single JSON documents, not tar archives")
    }

    @Test(arguments: [nil, "1767225600", #""yesterday""#, #""2026-13-01T00:00:00Z""#])
    func createdAtMustBeATimestamp(value: String?) throws {
        #expect(
            rejection(Self.text(setting: "createdAt", to: value)) == "its \"createdAt\" must be an ISO 8601 timestamp")
    }

    @Test(arguments: [nil, #""backupctl 1.0""#, #"{"name":"backupctl"}"#, #"{"name":"backupctl","version":1}"#])
    func theProducerNeedsANameAndAVersion(value: String?) throws {
        #expect(
            rejection(Self.text(setting: "producer", to: value))
                == "its \"producer\" must be an object with a \"name\" and a \"version\"")
    }

    @Test(arguments: [nil, #""3""#, "-1"])
    func theStoreSchemaVersionMustBeAnInteger(value: String?) throws {
        #expect(
            rejection(Self.text(setting: "storeSchemaVersion", to: value))
                == "its \"storeSchemaVersion\" must be an integer")
    }

    @Test(arguments: [nil, "{}", #""sections/trackedDomains.json""#])
    func theSectionsMustBeAnArray(value: String?) throws {
        #expect(rejection(Self.text(setting: "sections", to: value)) == "its \"sections\" must be an array")
    }

    @Test(arguments: [
        #"{"path":"sections/a.json","records":1,"bytes":2,"sha256":"DIGEST"}"#, // no name
        #"{"name":"","path":"sections/a.json","records":1,"bytes":2,"sha256":"DIGEST"}"#, // empty name
        #"{"name":"a","records":1,"bytes":2,"sha256":"DIGEST"}"#, // no path
        #"{"name":"a","path":"sections/a.json","records":"1","bytes":2,"sha256":"DIGEST"}"#, // records a string
        #"{"name":"a","path":"sections/a.json","records":-1,"bytes":2,"sha256":"DIGEST"}"#, // negative records
        #"{"name":"a","path":"sections/a.json","records":1,"sha256":"DIGEST"}"#, // no bytes
        #"{"name":"a","path":"sections/a.json","records":1,"bytes":2.5,"sha256":"DIGEST"}"#, // fractional bytes
        #"{"name":"a","path":"sections/a.json","records":1,"bytes":2}"#, // no sha256
        #"{"name":"a","path":"sections/a.json","records":1,"bytes":2,"sha256":"abc"}"#, // short sha256
        #"{"name":"a","path":"sections/a.json","records":1,"bytes":2,"sha256":"DIGESTff"}"#, // long sha256
        #"{"name":"a","path":"sections/a.json","records":1,"bytes":2,"sha256":"zz\#(String(repeating: "0", count: 62))"}"#,
        #""sections/a.json""#, // not an object
    ])
    func aSectionWithAMissingOrIllTypedFieldIsRefused(entry: String) throws {
        let sections = "[" + entry.replacingOccurrences(of: "DIGEST", with: Self.digest) + "]"
        #expect(
            rejection(Self.text(setting: "sections", to: sections))
                == "sections[0] must have a name, a path, records and bytes (non-negative integers) and a 64-digit hexadecimal sha256"
        )
    }

    @Test func aRepeatedSectionPathIsRefused() throws {
        let entry = #"{"name":"a","path":"sections/a.json","records":1,"bytes":2,"sha256":"\#(Self.digest)"}"#
        #expect(
            rejection(Self.text(setting: "sections", to: "[\(entry),\(entry)]"))
                == "sections[1] repeats the path \"sections/a.json\"")
    }

    @Test func aSectionAtTheManifestsOwnPathIsRefused() throws {
        let entry = #"{"name":"a","path":"manifest.json","records":1,"bytes":2,"sha256":"\#(Self.digest)"}"#
        #expect(
            rejection(Self.text(setting: "sections", to: "[\(entry)]"))
                == "sections[0] repeats the path \"manifest.json\"")
    }

    @Test func aNewerSchemaVersionIsReportedEvenWhenTheRestIsGarbage() throws {
        let texts = [
            #"{"format":"DomainDigBackup","schemaVersion":99}"#,
            #"{"format":"DomainDigBackup","schemaVersion":99,"createdAt":17,"producer":[],"sections":"all of them"}"#,
            Self.text(setting: "schemaVersion", to: "99"),
        ]
        for text in texts {
            let error = backupFormatError { _ = try decode(text) }
            #expect(
                error
                    == .newerSchemaVersion(
                        archive: "b.tar.zst", found: 99, supported: DomainDigBackup.currentSchemaVersion))
            let message = error?.description ?? ""
            #expect(
                message.contains("99") && message.contains("up to \(DomainDigBackup.currentSchemaVersion)"),
                "\(message)")
        }
    }

    @Test(arguments: [
        (#"{"format":"DomainDigBackup","schemaVersion":3,"schemaVersion":4}"#, "schemaVersion", "$"),
        (#"{"format":"DomainDigBackup","\u0066ormat":"DomainDigBackup"}"#, "format", "$"),
        (#"{"producer":{"name":"a","version":"1","name":"b"}}"#, "name", "$.producer"),
        (#"{"sections":[{"path":"a"},{"path":"b","path":"c"}]}"#, "path", "$.sections[1]"),
    ])
    func aRepeatedKeyAnywhereIsRefused(text: String, key: String, path: String) {
        // One manifest, two readings: this decoder would take the first value, Python and jq the last.
        #expect(
            rejection(text) == "the key \"\(key)\" appears more than once in \(path), so readers disagree on its value")
    }
}
