/// The stable codes of validation findings, each listed with its meaning in
/// `Docs/validation.md`. Codes never change meaning; new ones are added.
public struct FindingCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    // Version
    /// The backup is from a newer schema version than this build (error).
    public static let versionNewer = FindingCode(rawValue: "version.newer")
    /// The backup is from an older schema version and will be upgraded (note).
    public static let versionOlder = FindingCode(rawValue: "version.older")

    // File and archive
    /// The file cannot be read as a backup at all: unsafe, truncated, corrupt (error).
    public static let archiveUnreadable = FindingCode(rawValue: "archive.unreadable")
    /// The manifest is missing or invalid (error).
    public static let manifestInvalid = FindingCode(rawValue: "manifest.invalid")
    /// A section this build requires is not in the manifest (error).
    public static let sectionAbsent = FindingCode(rawValue: "section.absent")
    /// The manifest lists a section this build does not know (error).
    public static let sectionUnknown = FindingCode(rawValue: "section.unknown")
    /// The manifest lists a section the archive lacks (error).
    public static let sectionMissing = FindingCode(rawValue: "section.missing")
    /// The archive holds an entry the manifest does not list (error).
    public static let entryUnlisted = FindingCode(rawValue: "entry.unlisted")
    /// A section's size differs from the manifest's (error).
    public static let sizeMismatch = FindingCode(rawValue: "section.size-mismatch")
    /// A section's SHA-256 differs from the manifest's (error).
    public static let checksumMismatch = FindingCode(rawValue: "section.checksum-mismatch")
    /// A section holds a different number of records than the manifest says (error).
    public static let countMismatch = FindingCode(rawValue: "section.count-mismatch")
    /// A section is not valid JSON, or nests deeper than the limit (error).
    public static let jsonSyntax = FindingCode(rawValue: "json.syntax")
    /// A section's top level has the wrong shape (error).
    public static let sectionShape = FindingCode(rawValue: "section.shape")

    // Records
    /// A value has the wrong JSON type (error).
    public static let wrongType = FindingCode(rawValue: "record.type")
    /// A required field is missing or null (error).
    public static let requiredMissing = FindingCode(rawValue: "record.required")
    /// A domain field does not hold a valid domain name (error).
    public static let invalidDomain = FindingCode(rawValue: "record.domain")
    /// A string does not have its format: timestamp, UUID, URL, time of day (error).
    public static let invalidFormat = FindingCode(rawValue: "record.format")
    /// A number is outside its range (error).
    public static let outOfRange = FindingCode(rawValue: "record.range")
    /// A list is longer than allowed (error).
    public static let tooManyItems = FindingCode(rawValue: "record.too-many")
    /// An object repeats a key, which readers resolve differently (error).
    public static let duplicateKey = FindingCode(rawValue: "record.duplicate-key")
    /// A field this build does not know; it is kept as written (note).
    public static let unknownField = FindingCode(rawValue: "record.unknown-field")
    /// An enum value this build does not know; it maps to the safe default and is kept (note).
    public static let unknownValue = FindingCode(rawValue: "record.unknown-value")
    /// A domain not in canonical form; it will be stored canonically (note).
    public static let domainNotCanonical = FindingCode(rawValue: "domain.not-canonical")

    // Semantics
    /// Two records with the same natural key; they are merged on import (warning).
    public static let duplicate = FindingCode(rawValue: "record.duplicate")
    /// A record names a domain that is not tracked (warning).
    public static let untrackedDomain = FindingCode(rawValue: "reference.untracked-domain")
    /// A monitoring log names a snapshot that is not in the lookup history (warning).
    public static let missingSnapshot = FindingCode(rawValue: "reference.missing-snapshot")
    /// The ledger's balance differs from the sum of its entries (warning).
    public static let ledgerBalance = FindingCode(rawValue: "ledger.balance-mismatch")
    /// A date before 1985 or after 2100 (warning).
    public static let dateOutOfBounds = FindingCode(rawValue: "date.out-of-bounds")

    // Carried (version 4)
    /// A store record the store could not read, carried verbatim and restored on import (warning).
    public static let unreadableRecord = FindingCode(rawValue: "record.unreadable")
    /// A store key this build does not read, carried verbatim and restored on import (note).
    public static let unknownStoreKey = FindingCode(rawValue: "store.unknown-key")
    /// A carried entry that cannot be restored as it is: malformed, reserved, repeated or out of place (error).
    public static let carriedInvalid = FindingCode(rawValue: "carried.invalid")

    // Import (remarks of the import itself, not of validation)
    /// A stored value that cannot be read, which a merge kept rather than overwrite (warning).
    public static let keptUnreadable = FindingCode(rawValue: "import.kept-unreadable")
    /// A carried store key the store already held with another value, which a merge kept (note).
    public static let keptStoreValue = FindingCode(rawValue: "import.kept-store-value")

    /// Every code, in documentation order.
    public static let all: [FindingCode] = [
        versionNewer, versionOlder, archiveUnreadable, manifestInvalid, sectionAbsent, sectionUnknown, sectionMissing,
        entryUnlisted, sizeMismatch, checksumMismatch, countMismatch, jsonSyntax, sectionShape, wrongType,
        requiredMissing, invalidDomain, invalidFormat, outOfRange, tooManyItems, duplicateKey, unknownField,
        unknownValue,
        domainNotCanonical, duplicate, untrackedDomain, missingSnapshot, ledgerBalance, dateOutOfBounds,
        unreadableRecord, unknownStoreKey, carriedInvalid, keptUnreadable, keptStoreValue,
    ]
}
