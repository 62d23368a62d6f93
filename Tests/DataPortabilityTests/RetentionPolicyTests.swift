import DataPortability
import Foundation
import Testing

@Suite struct RetentionPolicyTests {
    private typealias Rule = RetentionPolicy.Rule

    private func date(_ text: String) -> Date { BackupDirectoryFixture.date(text) }

    /// The times `policy` keeps, sorted.
    private func kept(_ times: [Date], _ policy: RetentionPolicy) -> [Date] {
        zip(times, policy.apply(to: times)).filter { !$0.1.isEmpty }.map(\.0).sorted()
    }

    @Test func aPolicyWithoutRulesIsEmptyAndKeepsNothingByItself() {
        let policy = RetentionPolicy()
        #expect(policy.isEmpty)
        #expect(RetentionPolicy(keepHourly: 0, keepDaily: 0).isEmpty)
        #expect(policy.apply(to: [date("2026-01-01T00:00:00Z"), date("2026-01-02T00:00:00Z")]) == [[], []])
        for rule in Rule.allCases {
            var single = RetentionPolicy()
            switch rule {
            case .last: single.keepLast = 1
            case .hourly: single.keepHourly = 1
            case .daily: single.keepDaily = 1
            case .weekly: single.keepWeekly = 1
            case .monthly: single.keepMonthly = 1
            }
            #expect(!single.isEmpty, "\(rule)")
            #expect(single.count(for: rule) == 1)
        }
    }

    @Test func anEmptyHistoryKeepsNothing() {
        #expect(RetentionPolicy(keepLast: 3, keepHourly: 24).apply(to: []).isEmpty)
    }

    @Test func keepLastKeepsTheNewestWhateverTheInputOrder() {
        let times = [
            "2026-01-03T10:00:00Z", "2026-01-01T10:00:00Z", "2026-01-05T10:00:00Z",
            "2026-01-02T10:00:00Z", "2026-01-04T10:00:00Z",
        ].map(date)
        let reasons = RetentionPolicy(keepLast: 2).apply(to: times)
        #expect(reasons == [[], [], [.last], [], [.last]])
        #expect(RetentionPolicy(keepLast: 10).apply(to: times).allSatisfy { $0 == [.last] })
    }

    @Test func hourlyKeepsTheNewestBackupOfEachHour() {
        // Three backups in one hour: only the last of them counts for the hour.
        let times = [
            "2026-01-01T10:05:00Z", "2026-01-01T10:59:59Z", "2026-01-01T10:30:00Z",
            "2026-01-01T11:00:00Z", "2026-01-01T09:59:59Z",
        ].map(date)
        #expect(RetentionPolicy(keepHourly: 2).apply(to: times) == [[], [.hourly], [], [.hourly], []])
        #expect(
            kept(times, RetentionPolicy(keepHourly: 3))
                == ["2026-01-01T09:59:59Z", "2026-01-01T10:59:59Z", "2026-01-01T11:00:00Z"].map(date))
    }

    @Test func periodsWithoutABackupDoNotCount() {
        // Hours 3, 4, 6 and 9 are empty: the last three hours that hold a backup are 8, 7 and 5.
        let times = ["2026-01-01T02:10:00Z", "2026-01-01T05:10:00Z", "2026-01-01T07:10:00Z", "2026-01-01T08:10:00Z"]
            .map(date)
        #expect(RetentionPolicy(keepHourly: 3).apply(to: times) == [[], [.hourly], [.hourly], [.hourly]])
        // A week-long gap: the daily rule reaches back past it.
        let daily = ["2026-01-01T12:00:00Z", "2026-01-02T12:00:00Z", "2026-01-10T12:00:00Z"].map(date)
        #expect(RetentionPolicy(keepDaily: 2).apply(to: daily) == [[], [.daily], [.daily]])
    }

    @Test func eachBackupCarriesEveryRuleThatKeepsIt() {
        let times = ["2025-12-31T23:00:00Z", "2026-01-01T00:30:00Z", "2026-01-01T01:15:00Z"].map(date)
        let reasons = RetentionPolicy(keepLast: 1, keepHourly: 2, keepDaily: 2, keepWeekly: 2, keepMonthly: 2).apply(
            to: times)
        #expect(reasons[2] == [.last, .hourly, .daily, .weekly, .monthly])
        #expect(reasons[1] == [.hourly])
        // 2025-12-31 is a Wednesday in ISO week 2026-W01, like 2026-01-01: a new day and month, not a new week.
        #expect(reasons[0] == [.daily, .monthly])
    }

    @Test func weeksAreISOWeeksAcrossTheYearBoundary() {
        // 2020 has 53 ISO weeks: Monday 2020-12-28 to Sunday 2021-01-03 is 2020-W53, and
        // 2021-W01 starts on Monday 2021-01-04.
        let times = [
            "2020-12-27T12:00:00Z", // Sunday, 2020-W52
            "2020-12-28T00:00:00Z", // Monday, 2020-W53
            "2021-01-03T23:59:59Z", // Sunday, 2020-W53
            "2021-01-04T00:00:00Z",
        ].map(date) // Monday, 2021-W01
        #expect(RetentionPolicy(keepWeekly: 2).apply(to: times) == [[], [], [.weekly], [.weekly]])
        #expect(RetentionPolicy(keepWeekly: 3).apply(to: times) == [[.weekly], [], [.weekly], [.weekly]])
    }

    @Test func daysAndMonthsAreUTCCalendarPeriods() {
        let times = [
            "2026-01-31T00:00:00Z", "2026-01-31T23:59:59Z", "2026-02-01T00:00:00Z", "2026-02-28T23:00:00Z",
            "2026-03-01T00:00:01Z",
        ].map(date)
        #expect(RetentionPolicy(keepMonthly: 3).apply(to: times) == [[], [.monthly], [], [.monthly], [.monthly]])
        #expect(RetentionPolicy(keepDaily: 4).apply(to: times) == [[], [.daily], [.daily], [.daily], [.daily]])
    }

    @Test func ofTwoBackupsWithTheSameTimeTheLaterInTheInputIsTheNewer() {
        let second = date("2026-01-01T10:00:00Z")
        #expect(RetentionPolicy(keepHourly: 1).apply(to: [second, second, second]) == [[], [], [.hourly]])
        #expect(RetentionPolicy(keepLast: 2).apply(to: [second, second, second]) == [[], [.last], [.last]])
    }

    @Test func ninetyDaysOfHourlyBackupsAgreeWithTheReference() throws {
        let start = date("2025-10-21T00:00:05Z")
        let times = (0..<(90 * 24)).map { start.addingTimeInterval(Double($0) * 3600) }
        let policy = RetentionPolicy(keepHourly: 24, keepDaily: 7, keepWeekly: 4, keepMonthly: 6)
        let reasons = policy.apply(to: times)
        #expect(reasons == (try ForgetReference.reasons(for: times, policy: policy)))
        // 24 hours + 6 more days + 3 more weeks + 3 more months (October, November, December).
        #expect(reasons.filter { !$0.isEmpty }.count == 36)
        #expect(reasons.suffix(24).allSatisfy { $0.contains(.hourly) })
    }

    /// Random histories — gaps of minutes to weeks, several backups in an hour, equal times,
    /// any input order — under random policies, keep-last included, against the reference.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomHistoriesAgreeWithTheReference(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var cases: [ForgetReference.Case] = []
        for _ in 0..<60 {
            var time = date("2024-06-01T00:00:00Z").addingTimeInterval(Double(random.int(in: 0...40_000_000)))
            var times: [Date] = []
            for _ in 0..<random.int(in: 0...150) {
                let roll = random.int(in: 0...99)
                let step: Int
                switch roll {
                case 0..<5: step = 0 // the same second again
                case 5..<55: step = random.int(in: 1...1200) // within the hour
                case 55..<80: step = random.int(in: 3600...(3 * 3600))
                case 80..<95: step = random.int(in: 86_400...(9 * 86_400))
                default: step = random.int(in: (10 * 86_400)...(50 * 86_400))
                }
                time = time.addingTimeInterval(Double(step))
                times.append(time)
            }
            times.shuffle(using: &random)
            func count() -> Int { random.chance(0.3) ? 0 : random.int(in: 1...12) }
            let policy = RetentionPolicy(
                keepLast: random.chance(0.4) ? random.int(in: 1...5) : 0, keepHourly: count(),
                keepDaily: count(), keepWeekly: count(), keepMonthly: count())
            cases.append(ForgetReference.Case(times: times, policy: policy))
        }
        let expected = try ForgetReference.reasons(for: cases)
        for (index, item) in cases.enumerated() {
            #expect(item.policy.apply(to: item.times) == expected[index], "seed \(seed), case \(index), \(item.policy)")
        }
    }
}
