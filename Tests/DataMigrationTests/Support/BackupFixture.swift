import BackupFormat
import Foundation
import TestSupport

/// A backup under `Tests/Fixtures/Backups/` and the current sections it should become
/// (`<stem>.expected-sections.json`).
struct BackupFixture: Sendable, CustomStringConvertible {
    /// The file name: `v1.json`, `v2.json.gz`…
    let file: String
    /// The backup schema version it declares.
    let declaredVersion: Int

    static let all = [
        BackupFixture(file: "v1.json", declaredVersion: 1),
        BackupFixture(file: "v2.json.gz", declaredVersion: 2),
        BackupFixture(file: "v3.ddbackup", declaredVersion: 3),
        BackupFixture(file: "newer.ddbackup", declaredVersion: 99),
    ]
    /// The single-document versions the upgrader brings forward.
    static let legacy = all.filter { LegacyBackupDocument.supportedVersions.contains($0.declaredVersion) }
    static let current = all.first { $0.declaredVersion == DomainDigBackup.currentSchemaVersion }!
    static let newer = all.first { $0.declaredVersion > DomainDigBackup.currentSchemaVersion }!

    var description: String { file }
    /// The name without its extensions: `v1`, `newer`.
    var stem: String { String(file.prefix { $0 != "." }) }
    var url: URL { Fixtures.url("Backups/\(file)") }
    var expectedURL: URL { Fixtures.url("Backups/\(stem).expected-sections.json") }

    /// Section name → expected JSON.
    func expectedSections() throws -> [String: StrictJSON] {
        guard let sections = try StrictJSON(contentsOf: expectedURL).objectFields else {
            throw FixtureError("\(expectedURL.path) must be a JSON object")
        }
        return sections
    }
}
