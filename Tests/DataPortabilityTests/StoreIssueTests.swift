import DomainModel
import Testing

@testable import DataPortability

@Suite struct StoreIssueTests {
    @Test func describesTheKeyPathAndMessage() {
        let issue = StoreIssue(
            key: "trackedDomains",
            issue: DecodingIssue(
                kind: .skippedRecord, path: "$[12].domain",
                message: "is not a valid domain name; the record was left out"))
        #expect(issue.description == "trackedDomains $[12].domain: is not a valid domain name; the record was left out")
    }
}
