/// The name and version this build writes into backups, journals and `--version`.
public enum ToolIdentity {
    /// The producer name recorded in manifests.
    public static let name = "backupctl"
    /// This build's version (semantic versioning).
    public static let version = "0.1.0"
}
