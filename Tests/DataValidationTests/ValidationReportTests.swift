import DataValidation
import Testing

@Suite struct ValidationReportTests {
    private func finding(_ severity: Finding.Severity, _ code: FindingCode) -> Finding {
        Finding(severity, code, section: nil, location: "$", message: "m")
    }

    @Test func countsFindingsPerSeverity() {
        let report = ValidationReport(
            file: "b",
            findings: [
                finding(.warning, .duplicate), finding(.note, .unknownField), finding(.warning, .ledgerBalance),
            ])
        #expect(report.count(.error) == 0)
        #expect(report.count(.warning) == 2)
        #expect(report.count(.note) == 1)
        #expect(!report.hasErrors)
        #expect(!report.isFromNewerVersion)
    }

    @Test func anyErrorMakesTheBackupUnusable() {
        let report = ValidationReport(
            file: "b", schemaVersion: 3, findings: [finding(.note, .unknownValue), finding(.error, .jsonSyntax)])
        #expect(report.hasErrors)
        #expect(!report.isFromNewerVersion)
    }

    @Test func aNewerVersionIsRecognisedByItsCode() {
        let report = ValidationReport(file: "b", schemaVersion: 99, findings: [finding(.error, .versionNewer)])
        #expect(report.isFromNewerVersion)
        #expect(report.hasErrors)
    }

    @Test func anEmptyReportIsValid() {
        let report = ValidationReport(file: "standard input")
        #expect(report.findings.isEmpty)
        #expect(report.schemaVersion == nil)
        #expect(!report.hasErrors)
    }
}
