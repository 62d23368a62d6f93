import BackupFormat
import DomainModel
import JSONCore

extension DataValidationService {
    /// Findings of the upgraded sections worth reporting again: the checks only the current
    /// version's rules make, and any error (which would mean the upgrade went wrong).
    static let afterUpgradeCodes: Set<FindingCode> = [.duplicate, .untrackedDomain, .missingSnapshot, .ledgerBalance]

    /// Validates a version 1 or 2 backup read whole: its own version's schema, then — when that
    /// finds no error and an upgrader is set — the current version's rules over its upgrade,
    /// which is handed back with the report when they find no error either.
    public func validate(document legacy: LegacyBackupDocument) -> BackupValidation {
        let file = legacy.file
        var report = ValidationReport(file: file, schemaVersion: legacy.schemaVersion)
        report.findings.append(
            Finding(
                .note, .versionOlder, section: nil, location: file,
                message:
                    "this is a schema version \(legacy.schemaVersion) backup; it will be upgraded from v\(legacy.schemaVersion) to v\(DomainDigBackup.currentSchemaVersion) on import."
            ))
        // Every single-document version has a schema (`LegacyBackupDocument.supportedVersions`).
        if let node = BackupSchema.version(legacy.schemaVersion)?.documentNode {
            var walker = SchemaWalker(section: nil, root: "$")
            walker.check(legacy.document.root, node)
            report.findings += walker.takeFindings()
        }
        guard !report.hasErrors, let upgrader else { return BackupValidation(report: report) }
        do {
            let upgraded = try upgrader.upgrade(legacy)
            report.findings += try Self.checkUpgraded(upgraded, file: file, options: limits.json)
                .filter { $0.severity == .error || Self.afterUpgradeCodes.contains($0.code) }
                .map { finding in
                    var finding = finding
                    finding.message =
                        "after the upgrade to v\(DomainDigBackup.currentSchemaVersion): " + finding.message
                    return finding
                }
            return BackupValidation(report: report, upgraded: report.hasErrors ? nil : upgraded)
        } catch {
            report.findings.append(
                Finding(
                    .error, .archiveUnreadable, section: nil, location: file,
                    message: "the backup cannot be upgraded: \(error)"))
            return BackupValidation(report: report)
        }
    }

    /// Runs the current version's checks over upgraded sections.
    static func checkUpgraded(_ upgraded: UpgradedBackup, file: String, options: JSONParseOptions) throws -> [Finding] {
        let manifest = try upgraded.manifest(compression: "none")
        let session = BackupValidationSession(manifest: manifest, archive: file, options: options)
        for (section, bytes) in upgraded.sections {
            let listing = manifest.section(atPath: section.entryPath)
            session.check(
                SectionPayload(
                    path: section.entryPath, listing: listing, size: Int64(bytes.count),
                    verification: .verified, bytes: bytes))
        }
        return session.finish(missing: [])
    }
}
