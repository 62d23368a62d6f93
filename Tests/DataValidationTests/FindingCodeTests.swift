import DataValidation
import Foundation
import TestSupport
import Testing

@Suite struct FindingCodeTests {
    /// The rows of the code table in Docs/validation.md: code → severity.
    private func documentedCodes() throws -> [(code: String, severity: String)] {
        let doc = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/validation.md"), encoding: .utf8)
        let section =
            try #require(doc.components(separatedBy: "## 4. Finding codes").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`"), cells[0].hasSuffix("`") else { return nil }
            return (String(cells[0].dropFirst().dropLast()), cells[1])
        }
    }

    @Test func everyCodeIsDocumentedWithItsSeverityInOrder() throws {
        let documented = try documentedCodes()
        #expect(documented.map(\.code) == FindingCode.all.map(\.rawValue))
        for (code, severity) in documented {
            #expect(Finding.Severity(rawValue: severity) != nil, "\(code) is documented with severity \(severity)")
        }
    }

    @Test func theDocumentedSeveritiesAreThePolicys() throws {
        let severities = Dictionary(
            try documentedCodes().map { ($0.code, $0.severity) }, uniquingKeysWith: { first, _ in first })
        let notes: [FindingCode] = [
            .versionOlder, .unknownField, .unknownValue, .domainNotCanonical, .unknownStoreKey, .keptStoreValue,
        ]
        let warnings: [FindingCode] = [
            .duplicate, .untrackedDomain, .missingSnapshot, .ledgerBalance, .dateOutOfBounds, .unreadableRecord,
            .keptUnreadable,
        ]
        for code in FindingCode.all {
            let expected = notes.contains(code) ? "note" : warnings.contains(code) ? "warning" : "error"
            #expect(severities[code.rawValue] == expected, "\(code)")
        }
    }

    @Test func codesAreUniqueAndWrittenAsAreaDotName() {
        let raw = FindingCode.all.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for code in raw {
            #expect(code.range(of: #"^[a-z]+\.[a-z]+(-[a-z]+)*$"#, options: .regularExpression) != nil, "\(code)")
        }
    }

    @Test func aCodeIsItsRawValue() {
        #expect(FindingCode(rawValue: "record.domain") == .invalidDomain)
        #expect(FindingCode.checksumMismatch.description == "section.checksum-mismatch")
    }
}
