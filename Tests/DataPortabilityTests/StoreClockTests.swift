import DataPortability
import Foundation
import Testing

@Suite struct StoreClockTests {
    @Test func theTestVariableFixesTheClock() {
        let clock = StoreClock(environment: [StoreClock.testVariable: "2026-03-04T05:06:07Z"])
        #expect(clock.now() == Date(timeIntervalSince1970: 1_772_600_767))
        #expect(clock.now() == clock.now())
    }

    @Test func theTestVariableMayCarryAnOffsetAndMilliseconds() {
        let clock = StoreClock(environment: ["BACKUPCTL_TEST_NOW": "2026-03-04T07:06:07.250+02:00"])
        #expect(clock.now() == Date(timeIntervalSince1970: 1_772_600_767.25))
    }

    @Test(arguments: [nil, "", "yesterday", "2026-03-04 05:06:07"])
    func withoutAValidTestVariableTheRealClockRuns(value: String?) {
        let environment = value.map { [StoreClock.testVariable: $0] } ?? [:]
        let before = Date()
        let now = StoreClock(environment: environment).now()
        let after = Date()
        #expect(before <= now && now <= after)
    }

    @Test func aClockCanBeStoppedAtADate() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(StoreClock(fixedAt: date).now() == date)
    }
}
