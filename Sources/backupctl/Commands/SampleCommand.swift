import ArgumentParsing
import DataPortability
import DataStore
import Foundation

extension SampleSize: ExpressibleByArgument {}

/// `backupctl sample`: writes a deterministic, realistic store for demos, tests and benchmarks.
struct SampleCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Write a deterministic sample DomainDig store.",
        discussion: """
            The same size and seed always give the same data. Besides clean records the sample \
            holds what real stores accumulate: duplicates in mixed case with trailing dots, a few \
            malformed records, unknown enum values and dangling references. A store that already \
            holds data is refused unless --force is given.
            """,
        examples: [
            CommandExample(
                "Write a medium sample store", "backupctl sample --store demo.sqlite --size medium --seed 7"),
            CommandExample("Write a sample store as a property list", "backupctl sample --store demo.plist"),
        ])

    @Option(
        help: ArgumentHelp("The store to write (created if missing; .plist for a property list).", valueName: "path"),
        completion: .file)
    var store: String

    @Option(help: "How much data to write: small is a few hundred KB of JSON, large about 200 MB.")
    var size: SampleSize = .small

    @Option(help: ArgumentHelp("The seed of the generator.", valueName: "n"))
    var seed: Int = 1

    @Flag(help: "Replace the contents of a store that already holds data.")
    var force = false

    @OptionGroup var common: CommonOptions

    mutating func validate() throws {
        guard seed >= 0 else { throw ValidationError("--seed must be zero or positive, not \(seed)") }
    }

    func execute(_ console: Console) throws -> ReportFields {
        let locked = try LockedStore.open(explicitPath: store, mode: .createIfMissing)
        defer { locked.release() }
        Console.reportRemovedLeftovers(locked.removedLeftovers, to: console)
        let generator = SampleStoreGenerator(size: size, seed: UInt64(seed))
        try generator.write(into: locked.store, replacingExisting: force)
        let inventory = try StoreInventory(reading: locked.store)
        console.print("Wrote a \(size.rawValue) sample (seed \(seed)) to \(locked.location.url.path)")
        console.print(lines: StoreInventoryText.table(inventory))
        console.print("Planted on purpose:")
        for problem in SampleStoreGenerator.plantedProblems { console.print("  - \(problem)") }
        return [
            "store": .string(locked.location.url.path), "size": .string(size.rawValue), "seed": .int(seed),
            "keys": StoreInventoryText.value(inventory), "planted": .strings(SampleStoreGenerator.plantedProblems),
        ]
    }
}
