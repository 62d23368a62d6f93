/// The backup format's identity and versions (design §4). Tests build whole backups in
/// memory (`InMemoryBackup`); the pipelines stream one section at a time.
public enum DomainDigBackup {
    /// The backup schema version this build writes (policy: `DomainDigBackup.currentSchemaVersion`).
    public static let currentSchemaVersion = 4
    /// The first version written as a tar archive; the ones before are single JSON documents.
    public static let firstArchiveSchemaVersion = 3
    /// The value of the manifest's `format` field.
    public static let formatIdentifier = "DomainDigBackup"
}
