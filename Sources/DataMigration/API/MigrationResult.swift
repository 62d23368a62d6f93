import Foundation

/// The outcome of one migration.
public struct MigrationResult: Sendable, Equatable {
    /// Whether the migration completed; false makes the runner roll its step back.
    public var success: Bool
    /// Records or keys the migration changed.
    public var migratedCount: Int
    /// What went wrong, when `success` is false.
    public var errors: [MigrationError]
    /// Extra facts for the journal (`"duplicatesMerged": "3"`).
    public var metadata: [String: String]
    /// Wall time, in seconds (set by the runner).
    public var duration: TimeInterval

    public init(
        success: Bool, migratedCount: Int = 0, errors: [MigrationError] = [], metadata: [String: String] = [:],
        duration: TimeInterval = 0
    ) {
        self.success = success
        self.migratedCount = migratedCount
        self.errors = errors
        self.metadata = metadata
        self.duration = duration
    }

    /// A migration that found nothing to do.
    public static let nothingToDo = MigrationResult(success: true)
}
