import BackupFormat
import DomainModel
import JSONCore

extension DataValidationService {
    /// Findings of the upgraded sections worth reporting again: the checks only the current
    /// version's rules make, and any error (which would mean the upgrade went wrong).
    static let afterUpgradeCodes: Set<FindingCode> = [.duplicate, .untrackedDomain, .missingSnapshot, .ledgerBalance]

    func validateLegacy(_ file: BackupFile) -> ValidationReport {
        let legacy: LegacyBackupDocument
        do {
            legacy = try file.readLegacyDocument(limits: limits)
        } catch let error as BackupFormatError {
            var report = ValidationReport(file: file.name, findings: [Self.finding(for: error, file: file.name)])
            if case .newerSchemaVersion(_, let found, _) = error { report.schemaVersion = found }
            return report
        } catch {
            return ValidationReport(
                file: file.name,
                findings: [
                    Finding(
                        .error, .archiveUnreadable, section: nil,
                        location: file.name, message: "\(error)")
                ])
        }
        var report = ValidationReport(file: file.name, schemaVersion: legacy.schemaVersion)
        report.findings.append(
            Finding(
                .note, .versionOlder, section: nil, location: file.name,
                message:
                    "this is a schema version \(legacy.schemaVersion) backup; it will be upgraded from v\(legacy.schemaVersion) to v\(DomainDigBackup.currentSchemaVersion) on import."
            ))
        guard let schema = BackupSchema.version(legacy.schemaVersion), let node = schema.documentNode else {
            return report
        }
        var walker = SchemaWalker(section: nil, root: "$")
        walker.check(legacy.document.root, node)
        report.findings += walker.takeFindings()
        guard !report.hasErrors, let upgrader else { return report }
        do {
            let upgraded = try upgrader.upgrade(legacy)
            report.findings += try Self.checkUpgraded(upgraded, file: file.name, options: limits.json)
                .filter { $0.severity == .error || Self.afterUpgradeCodes.contains($0.code) }
                .map { finding in
                    var finding = finding
                    finding.message =
                        "after the upgrade to v\(DomainDigBackup.currentSchemaVersion): " + finding.message
                    return finding
                }
        } catch {
            report.findings.append(
                Finding(
                    .error, .archiveUnreadable, section: nil, location: file.name,
                    message: "the backup cannot be upgraded: \(error)"))
        }
        return report
    }

    /// Runs the current version's checks over upgraded sections.
    static func checkUpgraded(_ upgraded: UpgradedBackup, file: String, options: JSONParseOptions) throws -> [Finding] {
        let manifest = try upgraded.manifest(compression: "none")
        let session = BackupValidationSession(manifest: manifest, archive: file, options: options)
        for (section, bytes) in upgraded.sections {
            let listing = manifest.section(atPath: section.entryPath)
            try session.check(
                SectionPayload(
                    path: section.entryPath, listing: listing, size: Int64(bytes.count),
                    verification: .verified, bytes: bytes))
        }
        return session.finish(missing: [])
    }
}
