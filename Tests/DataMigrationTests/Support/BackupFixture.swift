import BackupFormat
import Foundation
import TestSupport

/// A backup under `Tests/Fixtures/Backups/` and what it should become
/// (`<stem>.expected-sections.json`, `<stem>.expected-store.json`; generate-fixtures.py).
struct BackupFixture: Sendable, CustomStringConvertible {
    /// The file name: `v1.json`, `v2.json.gz`…
    let file: String
    /// The backup schema version it declares.
    let declaredVersion: Int

    /// One fixture per backup version this build reads, `1...currentSchemaVersion`, found by
    /// its name (`v<n>.…`) — a version without one is missing here, which
    /// `FixtureCoverageTests` reports — and the one from a newer build.
    static let all: [BackupFixture] =
        (1...DomainDigBackup.currentSchemaVersion).compactMap { version in
            fixtureFile(version: version).map { BackupFixture(file: $0, declaredVersion: version) }
        } + [BackupFixture(file: "newer.ddbackup", declaredVersion: 99)]
    /// The single-document versions the upgrader brings forward.
    static let legacy = all.filter { LegacyBackupDocument.supportedVersions.contains($0.declaredVersion) }
    /// The archive versions this build reads.
    static let archives = all.filter {
        (DomainDigBackup.firstArchiveSchemaVersion...DomainDigBackup.currentSchemaVersion).contains($0.declaredVersion)
    }
    static let newer = all.first { $0.declaredVersion > DomainDigBackup.currentSchemaVersion }!

    /// The fixture file of `version`: `v<version>.` followed by anything but an expectation.
    static func fixtureFile(version: Int) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.url("Backups").path)) ?? []
        return names.sorted().first { $0.hasPrefix("v\(version).") && !$0.contains(".expected-") }
    }

    var description: String { file }
    /// The name without its extensions: `v1`, `newer`.
    var stem: String { String(file.prefix { $0 != "." }) }
    var url: URL { Fixtures.url("Backups/\(file)") }
    var expectedURL: URL { Fixtures.url("Backups/\(stem).expected-sections.json") }
    var expectedStoreURL: URL { Fixtures.url("Backups/\(stem).expected-store.json") }

    /// What `<stem>.expected-sections.json` says.
    struct Expectation {
        /// Section name → expected JSON, for the sections the backup holds.
        var sections: [String: StrictJSON]
        /// The sections it does not hold, named absent.
        var absentSections: [String]
        /// Carried entry name → its JSON (version 4).
        var carried: [String: StrictJSON]
    }

    func expectation() throws -> Expectation {
        let json = try StrictJSON(contentsOf: expectedURL)
        guard let sections = json["sections"]?.objectFields, let absent = json["absentSections"]?.arrayElements else {
            throw FixtureError(
                "\(expectedURL.path) needs \"sections\" and \"absentSections\"; regenerate it with generate-fixtures.py"
            )
        }
        return Expectation(
            sections: sections, absentSections: absent.compactMap(\.stringValue),
            carried: json["carried"]?.objectFields ?? [:])
    }
}
