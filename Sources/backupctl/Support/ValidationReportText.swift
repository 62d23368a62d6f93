import DataValidation
import JSONCore

/// How a validation report is printed: grouped by severity, then by code, with the first
/// findings of each code; `--json` prints every finding.
enum ValidationReportText {
    static let shownPerCode = 5

    static func print(_ report: ValidationReport, to console: Console) {
        let version = report.schemaVersion.map { " (schema version \($0))" } ?? ""
        console.print(
            "Validated \(report.file)\(version): \(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.note)) notes"
        )
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
                    console.print("    … and \(group.count - shownPerCode) more")
                }
            }
        }
        console.print(report.hasErrors ? "Invalid: the import would be refused." : "Valid: the backup can be imported.")
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
