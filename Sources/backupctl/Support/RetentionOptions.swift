import ArgumentParsing
import DataPortability

/// The `--keep-…` options of `backup` and `prune` (restic's `forget` rules).
struct RetentionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keep the N newest backups.", valueName: "n"))
    var keepLast: Int?

    @Option(help: ArgumentHelp("Keep the newest backup of each of the last N hours that have one.", valueName: "n"))
    var keepHourly: Int?

    @Option(help: ArgumentHelp("Keep the newest backup of each of the last N days that have one.", valueName: "n"))
    var keepDaily: Int?

    @Option(help: ArgumentHelp("Keep the newest backup of each of the last N ISO weeks that have one.", valueName: "n"))
    var keepWeekly: Int?

    @Option(help: ArgumentHelp("Keep the newest backup of each of the last N months that have one.", valueName: "n"))
    var keepMonthly: Int?

    mutating func validate() throws {
        for (name, value) in [
            ("--keep-last", keepLast), ("--keep-hourly", keepHourly), ("--keep-daily", keepDaily),
            ("--keep-weekly", keepWeekly), ("--keep-monthly", keepMonthly),
        ] {
            if let value, value < 0 { throw ValidationError("\(name) must be zero or more, not \(value)") }
        }
    }

    var policy: RetentionPolicy {
        RetentionPolicy(
            keepLast: keepLast ?? 0, keepHourly: keepHourly ?? 0, keepDaily: keepDaily ?? 0,
            keepWeekly: keepWeekly ?? 0, keepMonthly: keepMonthly ?? 0)
    }
}
