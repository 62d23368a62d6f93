import Foundation

/// Which backups to keep, with restic's `forget` semantics: each rule keeps the newest
/// backup in each of its last N periods that hold one; a backup kept by any rule stays.
/// Periods are UTC calendar hours, days, ISO weeks and months.
///
///     let policy = RetentionPolicy(keepHourly: 24, keepDaily: 7, keepWeekly: 4, keepMonthly: 6)
///     let decisions = policy.apply(to: backupTimes)
public struct RetentionPolicy: Sendable, Equatable {
    public enum Rule: String, CaseIterable, Sendable {
        case last, hourly, daily, weekly, monthly
    }

    public var keepLast: Int
    public var keepHourly: Int
    public var keepDaily: Int
    public var keepWeekly: Int
    public var keepMonthly: Int

    public init(keepLast: Int = 0, keepHourly: Int = 0, keepDaily: Int = 0, keepWeekly: Int = 0, keepMonthly: Int = 0) {
        self.keepLast = keepLast
        self.keepHourly = keepHourly
        self.keepDaily = keepDaily
        self.keepWeekly = keepWeekly
        self.keepMonthly = keepMonthly
    }

    /// Whether any rule keeps anything (a policy without rules prunes nothing).
    public var isEmpty: Bool { Rule.allCases.allSatisfy { count(for: $0) == 0 } }

    /// The N of a rule.
    public func count(for rule: Rule) -> Int {
        switch rule {
        case .last: keepLast
        case .hourly: keepHourly
        case .daily: keepDaily
        case .weekly: keepWeekly
        case .monthly: keepMonthly
        }
    }

    /// The rules that keep each of `times` (any order); an empty set means it goes.
    /// Of two equal times, the one later in `times` counts as the newer (a directory's second
    /// backup within one second), so the result never depends on how the sort breaks ties.
    public func apply(to times: [Date]) -> [Set<Rule>] {
        var reasons = [Set<Rule>](repeating: [], count: times.count)
        let newestFirst = times.indices.sorted { (times[$0], $0) > (times[$1], $1) }
        for rule in Rule.allCases {
            var remaining = count(for: rule)
            var lastPeriod: Int?
            for index in newestFirst where remaining > 0 {
                let period = RetentionPolicy.period(of: times[index], for: rule, position: index)
                if period != lastPeriod {
                    reasons[index].insert(rule)
                    remaining -= 1
                    lastPeriod = period
                }
            }
        }
        return reasons
    }

    /// ISO 8601 weeks (Monday first, week 1 holds January 4th) in UTC.
    static let isoCalendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A number identifying the period `date` falls in for `rule`.
    static func period(of date: Date, for rule: Rule, position: Int) -> Int {
        switch rule {
        case .last:
            return position // every backup is its own period
        case .hourly, .daily:
            return Int(date.timeIntervalSince1970.rounded(.down)) / (rule == .hourly ? 3600 : 86_400)
        case .weekly:
            let components = RetentionPolicy.isoCalendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            return (components.yearForWeekOfYear ?? 0) * 100 + (components.weekOfYear ?? 0)
        case .monthly:
            let components = RetentionPolicy.isoCalendar.dateComponents([.year, .month], from: date)
            return (components.year ?? 0) * 100 + (components.month ?? 0)
        }
    }
}
