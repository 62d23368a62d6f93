import DataValidation
import Foundation
import JSONCore

/// How a validation report is printed: grouped by severity, then by code, with the first
/// findings of each code; `--json` prints every finding.
enum ValidationReportText {
    static let shownPerCode = 5

    /// Prints the report; `verbose` lists every finding section by section instead of the
    /// first of each code, and `timing` (the bytes checked and how long it took) is shown then.
    static func print(
        _ report: ValidationReport, to console: Console, verbose: Bool = false,
        timing: (bytes: Int64, seconds: TimeInterval)? = nil
    ) {
        let version = report.schemaVersion.map { " (schema version \($0))" } ?? ""
        console.print(
            "Validated \(report.file)\(version): \(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.note)) notes"
        )
        if verbose {
            for line in findingsBySection(report.findings) { console.print(line) }
            if let timing { console.print("Checked \(Formatting.throughput(timing.bytes, in: timing.seconds)).") }
        } else {
            printGroupedByCode(report, to: console)
        }
        console.print(report.hasErrors ? "Invalid: the import would be refused." : "Valid: the backup can be imported.")
        emitJSON(report, to: console)
    }

    /// Every finding under its section, in the order the sections first appear; findings
    /// about the backup as a whole (its manifest, its version) come under "backup".
    static func findingsBySection(_ findings: [Finding]) -> [String] {
        var order: [String] = []
        var bySection: [String: [Finding]] = [:]
        for finding in findings {
            let section = finding.section ?? "backup"
            if bySection[section] == nil { order.append(section) }
            bySection[section, default: []].append(finding)
        }
        return order.flatMap { section in
            let found = bySection[section, default: []]
            let bySeverity = Finding.Severity.allCases.flatMap { severity in found.filter { $0.severity == severity } }
            return ["\(section):"] + bySeverity.map { "  \($0)" }
        }
    }

    private static func printGroupedByCode(_ report: ValidationReport, to console: Console) {
        for severity in Finding.Severity.allCases {
            let findings = report.findings.filter { $0.severity == severity }
            guard !findings.isEmpty else { continue }
            console.print("\(severity.rawValue)s:")
            var order: [FindingCode] = []
            var byCode: [FindingCode: [Finding]] = [:]
            for finding in findings {
                if byCode[finding.code] == nil { order.append(finding.code) }
                byCode[finding.code, default: []].append(finding)
            }
            for code in order {
                let group = byCode[code]!
                console.print("  \(code.rawValue) (\(group.count))")
                for finding in group.prefix(shownPerCode) {
                    console.print("    \(finding.location): \(finding.message)")
                }
                if group.count > shownPerCode {
                    console.print("    … and \(group.count - shownPerCode) more (see --verbose)")
                }
            }
        }
    }

    private static func emitJSON(_ report: ValidationReport, to console: Console) {
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(!report.hasErrors)
            writer.key("file")
            writer.string(report.file)
            if let schemaVersion = report.schemaVersion {
                writer.key("schemaVersion")
                writer.int(schemaVersion)
            }
            writer.key("counts")
            writer.beginObject()
            for severity in Finding.Severity.allCases {
                writer.key(severity.rawValue + "s")
                writer.int(report.count(severity))
            }
            writer.endObject()
            writer.key("findings")
            writer.beginArray()
            for finding in report.findings {
                writer.beginObject()
                writer.key("severity")
                writer.string(finding.severity.rawValue)
                writer.key("code")
                writer.string(finding.code.rawValue)
                if let section = finding.section {
                    writer.key("section")
                    writer.string(section)
                }
                writer.key("location")
                writer.string(finding.location)
                writer.key("message")
                writer.string(finding.message)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }
}
