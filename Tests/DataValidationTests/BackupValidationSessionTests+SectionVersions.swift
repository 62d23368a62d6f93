import BackupFormat
import Foundation
import Testing

@testable import DataValidation

extension BackupValidationSessionTests {
    /// A manifest of `version` listing every section but `missing`.
    static func manifest(version: Int, without missing: BackupSection) -> BackupManifest {
        let listed = BackupSection.allCases.filter { $0 != missing }.map { section in
            ManifestSection(name: section.rawValue, path: section.entryPath, records: 0, bytes: 2, sha256: "")
        }
        return BackupManifest(
            schemaVersion: version, createdAt: Date(timeIntervalSince1970: 0), storeSchemaVersion: 3,
            compression: "zstd", sections: listed)
    }

    /// A section added in a later backup version (here a table whose usage credits arrive in
    /// version 5, so no real section is added to the format) is not expected of a backup
    /// written before it: no finding; from its version on, lacking it is an error as ever.
    @Test(arguments: [3, 4])
    func aBackupIsNotBlamedForLackingASectionAddedAfterItsVersion(version: Int) {
        let session = BackupValidationSession(
            manifest: Self.manifest(version: version, without: .usageCredits), archive: "backup.ddbackup")
        let laterCredits = { (section: BackupSection) in section == .usageCredits ? version + 1 : section.entry.since }
        #expect(session.absentSectionFindings(since: laterCredits).isEmpty)

        let sameVersion = { (section: BackupSection) in section == .usageCredits ? version : section.entry.since }
        let findings = session.absentSectionFindings(since: sameVersion)
        #expect(findings.map(\.code) == [.sectionAbsent])
        #expect(findings.map(\.location) == ["sections/usageCredits.json"])
        // The table's own versions (every section since the first archive version), which the
        // session checked against as it opened.
        #expect(session.findings.contains { $0.location == "sections/usageCredits.json" })
        #expect(session.absentSectionFindings().map(\.code) == [.sectionAbsent])
    }
}
