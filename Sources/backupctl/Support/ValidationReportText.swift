import DataValidation
import DomainModel
import Foundation

/// How a validation report is printed: grouped by severity, then by code, with the first
/// findings of each code; `--json` holds every finding.
enum ValidationReportText {
    /// Prints the report; `verbose` lists every finding section by section instead of the
    /// first of each code, and `timing` (the bytes checked and how long it took) is shown then.
    static func print(
        _ report: ValidationReport, to console: Console, verbose: Bool = false,
        timing: (bytes: Int64, seconds: TimeInterval)? = nil
    ) {
        let version = report.schemaVersion.map { " (schema version \($0))" } ?? ""
        console.print("Validated \(report.file)\(version): \(counts(report.findings))")
        if verbose {
            for line in findingsBySection(report.findings) { console.print(line) }
            if let timing { console.print("Checked \(Formatting.throughput(timing.bytes, in: timing.seconds)).") }
        } else {
            printGroupedByCode(report, to: console)
        }
        console.print(report.hasErrors ? "Invalid: the import would be refused." : "Valid: the backup can be imported.")
    }

    /// `1 error, 12 warnings, 3 notes`.
    static func counts(_ findings: [Finding]) -> String {
        Finding.Severity.allCases.map { severity in
            Wording.count(findings.filter { $0.severity == severity }.count, severity.rawValue)
        }.joined(separator: ", ")
    }

    /// Every finding under its section, in the order the sections first appear; findings
    /// about the backup as a whole (its manifest, its version) come under "backup".
    static func findingsBySection(_ findings: [Finding]) -> [String] {
        var seen = Set<String>()
        return findings.map { $0.section ?? "backup" }.filter { seen.insert($0).inserted }.flatMap { section in
            let found = findings.filter { ($0.section ?? "backup") == section }
            let bySeverity = Finding.Severity.allCases.flatMap { severity in found.filter { $0.severity == severity } }
            return ["\(section):"] + bySeverity.map { "  \($0)" }
        }
    }

    private static func printGroupedByCode(_ report: ValidationReport, to console: Console) {
        for severity in Finding.Severity.allCases {
            let findings = report.findings.filter { $0.severity == severity }
            guard !findings.isEmpty else { continue }
            console.print("\(severity.rawValue)s:")
            var seen = Set<FindingCode>()
            for code in findings.map(\.code) where seen.insert(code).inserted {
                let group = findings.filter { $0.code == code }
                console.print("  \(code.rawValue) (\(group.count))")
                console.print(lines: first(5, of: group, indent: "    "))
            }
        }
    }

    /// The first `limit` findings, each as `label` and `location: message` after `indent`,
    /// then how many more `--verbose` lists.
    static func first(_ limit: Int, of findings: [Finding], indent: String, label: String = "") -> [String] {
        findings.prefix(limit).map { "\(indent)\(label)\($0.location): \($0.message)" }
            + (findings.count > limit ? ["\(indent)… and \(findings.count - limit) more (see --verbose)"] : [])
    }

    /// The report in JSON: the backup read, its schema version when it could be read, and
    /// its findings.
    static func fields(_ report: ValidationReport) -> ReportFields {
        ["input": .string(report.file), "schemaVersion": report.schemaVersion.map(ReportValue.int)]
            + fields(report.findings)
    }

    /// Findings in JSON, as every command gives them: `findingCounts` per severity, and
    /// `findings`, each with its severity, code, section (null for the backup as a whole),
    /// JSON path and message.
    static func fields(_ findings: [Finding]) -> ReportFields {
        var counts: ReportFields = [:]
        for severity in Finding.Severity.allCases {
            counts[severity.rawValue + "s"] = .int(findings.filter { $0.severity == severity }.count)
        }
        return [
            "findingCounts": .object(counts),
            "findings": .objects(findings) { finding in
                [
                    "severity": .string(finding.severity.rawValue), "code": .string(finding.code.rawValue),
                    "section": finding.section.map(ReportValue.string) ?? .null, "path": .string(finding.location),
                    "message": .string(finding.message),
                ]
            },
        ]
    }
}
