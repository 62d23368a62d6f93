import DataValidation
import Testing

@Suite struct FindingTests {
    @Test func describesItselfAsSeverityCodeLocationAndMessage() {
        let finding = Finding(
            .error, .invalidDomain, section: "trackedDomains", location: "$.trackedDomains[12].domain",
            message: "\"exa mple.com\" is not a valid domain name.")
        #expect(
            finding.description
                == "error record.domain $.trackedDomains[12].domain: \"exa mple.com\" is not a valid domain name.")
    }

    @Test func severitiesOrderFromMostToLeastSerious() {
        #expect(Finding.Severity.error < .warning)
        #expect(Finding.Severity.warning < .note)
        #expect(Finding.Severity.allCases.sorted() == [.error, .warning, .note])
        #expect(Finding.Severity.allCases.map(\.rawValue) == ["error", "warning", "note"])
    }
}
