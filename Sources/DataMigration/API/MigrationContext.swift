import DomainModel
import Foundation

/// What a migration may base decisions on: the tool's version, the platform, and which
/// migrations already ran (from the store's journal).
public struct MigrationContext: Sendable {
    public var appVersion: String
    /// The machine running the migration.
    public var platform: Platform
    /// When each migration identifier was last applied, from the journal.
    public var migrationHistory: [String: Date]
    /// The time stamped into the journal.
    public var now: Date

    public init(
        appVersion: String = ToolIdentity.version, platform: Platform = .current,
        migrationHistory: [String: Date] = [:], now: Date = Date()
    ) {
        self.appVersion = appVersion
        self.platform = platform
        self.migrationHistory = migrationHistory
        self.now = now
    }

    /// The operating system and processor a migration runs on.
    public struct Platform: Sendable, Equatable, CustomStringConvertible {
        public var operatingSystem: String
        public var architecture: String

        /// Public, as `MigrationContext.init(platform:)` is: a caller outside the module may
        /// describe another machine.
        public init(operatingSystem: String, architecture: String) {
            self.operatingSystem = operatingSystem
            self.architecture = architecture
        }

        /// This machine.
        public static var current: Platform {
            #if os(Linux)
                let system = "Linux"
            #elseif os(macOS)
                let system = "macOS"
            #else
                let system = "unknown"
            #endif
            #if arch(x86_64)
                let architecture = "x86_64"
            #elseif arch(arm64)
                let architecture = "arm64"
            #else
                let architecture = "unknown"
            #endif
            return Platform(operatingSystem: system, architecture: architecture)
        }

        public var description: String { "\(operatingSystem) \(architecture)" }
    }
}
