/// The stable codes of validation findings, each listed with its meaning in
/// `Docs/validation.md`, in its order. Codes never change meaning; new ones are added.
public enum FindingCode: String, Sendable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    // Version
    /// The backup is from a newer schema version than this build (error).
    case versionNewer = "version.newer"
    /// The backup is from an older schema version and will be upgraded (note).
    case versionOlder = "version.older"

    // File and archive
    /// The file cannot be read as a backup at all: unsafe, truncated, corrupt (error).
    case archiveUnreadable = "archive.unreadable"
    /// The manifest is missing or invalid (error).
    case manifestInvalid = "manifest.invalid"
    /// A section this build requires is not in the manifest (error).
    case sectionAbsent = "section.absent"
    /// The manifest lists a section this build does not know (error).
    case sectionUnknown = "section.unknown"
    /// The manifest lists a section the archive lacks (error).
    case sectionMissing = "section.missing"
    /// The archive holds an entry the manifest does not list (error).
    case entryUnlisted = "entry.unlisted"
    /// A section's size differs from the manifest's (error).
    case sizeMismatch = "section.size-mismatch"
    /// A section's SHA-256 differs from the manifest's (error).
    case checksumMismatch = "section.checksum-mismatch"
    /// A section holds a different number of records than the manifest says (error).
    case countMismatch = "section.count-mismatch"
    /// A section is not valid JSON, or nests deeper than the limit (error).
    case jsonSyntax = "json.syntax"
    /// A section's top level has the wrong shape (error).
    case sectionShape = "section.shape"

    // Records
    /// A value has the wrong JSON type (error).
    case wrongType = "record.type"
    /// A required field is missing or null (error).
    case requiredMissing = "record.required"
    /// A domain field does not hold a valid domain name (error).
    case invalidDomain = "record.domain"
    /// A string does not have its format: timestamp, UUID, URL, time of day (error).
    case invalidFormat = "record.format"
    /// A number is outside its range (error).
    case outOfRange = "record.range"
    /// A list is longer than allowed (error).
    case tooManyItems = "record.too-many"
    /// An object repeats a key, which readers resolve differently (error).
    case duplicateKey = "record.duplicate-key"
    /// A field this build does not know; it is kept as written (note).
    case unknownField = "record.unknown-field"
    /// An enum value this build does not know; it maps to the safe default and is kept (note).
    case unknownValue = "record.unknown-value"
    /// A domain not in canonical form; it will be stored canonically (note).
    case domainNotCanonical = "domain.not-canonical"

    // Semantics
    /// Two records with the same natural key; they are merged on import (warning).
    case duplicate = "record.duplicate"
    /// A record names a domain that is not tracked (warning).
    case untrackedDomain = "reference.untracked-domain"
    /// A monitoring log names a snapshot that is not in the lookup history (warning).
    case missingSnapshot = "reference.missing-snapshot"
    /// The ledger's balance differs from the sum of its entries (warning).
    case ledgerBalance = "ledger.balance-mismatch"
    /// A date before 1985 or after 2100 (warning).
    case dateOutOfBounds = "date.out-of-bounds"

    // Carried (version 4)
    /// A store record the store could not read, carried verbatim and restored on import (warning).
    case unreadableRecord = "record.unreadable"
    /// A store key this build does not read, carried verbatim and restored on import (note).
    case unknownStoreKey = "store.unknown-key"
    /// A carried entry that cannot be restored as it is: malformed, reserved, repeated or out of place (error).
    case carriedInvalid = "carried.invalid"

    // Import (remarks of the import itself, not of validation)
    /// A stored value that cannot be read, which a merge kept rather than overwrite (warning).
    case keptUnreadable = "import.kept-unreadable"
    /// A carried store key the store already held with another value, which a merge kept (note).
    case keptStoreValue = "import.kept-store-value"
}
