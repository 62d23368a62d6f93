import Foundation
import Testing

@testable import BackupFormat
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

    /// A section added in a later backup version (here the usage credits, made to arrive one
    /// version after the backup's, so no real section is added to the format) is not expected
    /// of a backup written before it: no finding; from its version on, lacking it is an error.
    @Test(arguments: [3, 4])
    func aBackupIsNotBlamedForLackingASectionAddedAfterItsVersion(version: Int) {
        let session = BackupValidationSession(
            manifest: Self.manifest(version: version, without: .usageCredits), archive: "backup.ddbackup")
        // The table's own versions (every section since the first archive version), which the
        // session checked against as it opened.
        let absent = session.findings.filter { $0.code == .sectionAbsent }
        #expect(absent.map(\.location) == ["sections/usageCredits.json"])

        session.findings = []
        session.checkAbsentSections { $0 == .usageCredits ? version + 1 : $0.entry.since }
        #expect(session.findings.isEmpty)
        session.checkAbsentSections { $0 == .usageCredits ? version : $0.entry.since }
        #expect(session.findings.map(\.location) == ["sections/usageCredits.json"])
        #expect(session.findings.map(\.code) == [.sectionAbsent])
    }
}
