import JSONCore

/// One entry read from a backup after the manifest, with the outcome of checking it against
/// the manifest. Its bytes are handed out only once they have been verified.
public struct SectionPayload: Sendable {
    /// How the entry compares with the manifest.
    public enum Verification: Sendable, Equatable {
        /// Size and SHA-256 match.
        case verified
        /// The manifest does not list the entry.
        case unlisted
        /// The entry's size differs from the manifest's; its data was not read.
        case sizeMismatch(expected: Int64, actual: Int64)
        /// The entry's SHA-256 differs from the manifest's.
        case checksumMismatch(expected: String, actual: String)
    }

    /// The entry's path in the archive.
    public let path: String
    /// The manifest's description, when listed.
    public let listing: ManifestSection?
    /// The section this build knows at that path, if any.
    public var section: BackupSection? { BackupSection(entryPath: path) }
    /// The carried entry at that path, if it is one.
    public var carried: CarriedEntry? { CarriedEntry(entryPath: path) }
    /// The entry's size in the archive.
    public let size: Int64
    /// The outcome of the checks.
    public let verification: Verification
    /// The entry's bytes: present only when verified and collected.
    public let bytes: [UInt8]?
    /// Where the bytes' array can be cut into runs for the parallel checks, found while a
    /// large entry was read; nil when it was not looked for.
    public let arraySplit: JSONArraySplitter.Split?

    /// A payload; readers make these, and so do upgrades of single-document backups.
    public init(
        path: String, listing: ManifestSection?, size: Int64, verification: Verification, bytes: [UInt8]?,
        arraySplit: JSONArraySplitter.Split? = nil
    ) {
        self.path = path
        self.listing = listing
        self.size = size
        self.verification = verification
        self.bytes = bytes
        self.arraySplit = arraySplit
    }

    /// The error a strict reader raises for this payload, nil when verified.
    public func failure(archive: String) -> BackupFormatError? {
        switch verification {
        case .verified: nil
        case .unlisted: .unlistedEntry(archive: archive, path: path)
        case .sizeMismatch(let expected, let actual):
            .sectionSizeMismatch(archive: archive, path: path, expected: expected, actual: actual)
        case .checksumMismatch(let expected, let actual):
            .sectionChecksumMismatch(archive: archive, path: path, expected: expected, actual: actual)
        }
    }
}
