import BackupFormat
import DomainModel
import Foundation
import JSONCore
import Testing

@testable import DataPortability

@Suite struct RecordStageTests {
    typealias F = ImportFixtures

    func value(_ json: String) throws -> JSONValue {
        try JSONDocument(parsing: Array(json.utf8)).root
    }

    @Test func absorbedRunsFollowInOrderAndCountTheirMalformedRecords() throws {
        let stage = RecordStage<TrackedDomain>()
        let first = try #require(stage.makeRunVisitor(for: .trackedDomains))
        let second = try #require(stage.makeRunVisitor(for: .trackedDomains))
        first.visit(0, try value(F.tracked(1, "a.com")))
        first.visit(1, try value(#"{"domain":"no-id.com"}"#))
        second.visit(2, try value(F.tracked(3, "c.com")))
        second.visit(3, try value(F.tracked(4, "d.com")))
        stage.absorb(first)
        stage.absorb(second)
        #expect(stage.records.map(\.domain) == ["a.com", "c.com", "d.com"])
        #expect(stage.malformed == 1)
    }

    @Test func aStageVisitedDirectlyKeepsItsOrder() throws {
        let stage = RecordStage<TrackedDomain>()
        for (index, domain) in ["x.com", "y.com", "z.com"].enumerated() {
            stage.visit(index, try value(F.tracked(index + 1, domain)))
        }
        #expect(stage.records.map(\.domain) == ["x.com", "y.com", "z.com"])
        #expect(stage.malformed == 0)
    }
}
