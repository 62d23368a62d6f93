import DomainModel

extension UsageCreditLedger {
    /// The sum of the entries' amounts.
    var entriesTotal: Int { entries.reduce(0) { $0 + $1.amount } }
}
