import BackupFormat
import DataMigration
import DataPortability
import DataValidation

extension FuzzHarness {
    /// Reads the bytes as a version 1 or 2 backup (plain or gzip-compressed JSON). Every
    /// document that parses is upgraded — validated or not: an upgrader must refuse what it
    /// cannot use, never trap on it — and then validated as `validate` and `import` do.
    static func fuzzLegacy(_ input: UnsafeRawBufferPointer) -> Verdict {
        guard let file = try? BackupFile(contents: Array(input), name: "fuzz-input") else { return .keep }
        guard file.encoding == .plainJSON || file.encoding == .gzipJSON else { return .reject }
        if let legacy = try? file.readLegacyDocument(limits: tightLimits),
            let upgraded = try? BackupUpgrader().upgrade(legacy)
        {
            _ = try? upgraded.manifest(compression: "none")
        }
        let report = DataValidationService.standard(limits: tightLimits).validate(backup: file)
        _ = report.hasErrors
        return .keep
    }
}
