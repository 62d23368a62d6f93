/// Everything that stops a migration: the module's one error type.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data could not be read in the shape the migration expects.
    case validationFailed(String)
    /// A blob could not be rewritten.
    case transformationFailed(String)
    /// A forced migration's identifier is not known.
    case unknownMigration(String)
    /// A step failed; the store is left at `storedVersion`.
    case stepFailed(version: Int, migration: String, storedVersion: Int, reason: String)
    /// The store was written by a newer build; it was left untouched.
    case storeIsNewer(found: Int, supported: Int, location: String)
    /// The version stamp is not an integer.
    case unreadableVersion(location: String, found: String)

    public var description: String {
        switch self {
        case .validationFailed(let message):
            "Migration validation failed: \(message)."
        case .transformationFailed(let message):
            "Data transformation failed: \(message)."
        case .unknownMigration(let identifier):
            "There is no migration named \"\(identifier)\"; `backupctl status` lists them."
        case .stepFailed(let version, let migration, let storedVersion, let reason):
            "Migrating the store to version \(version) failed in \(migration): \(reason) The store was left at version \(storedVersion), unchanged by this step; fix the cause and run `backupctl migrate` again."
        case .storeIsNewer(let found, let supported, let location):
            "The store at \(location) is at schema version \(found), newer than this build's \(supported); it was written by a newer DomainDig or backupctl and was left untouched. Use a newer backupctl."
        case .unreadableVersion(let location, let found):
            "The store at \(location) holds \(found) as its schema version instead of an integer; it was left untouched."
        }
    }
}
