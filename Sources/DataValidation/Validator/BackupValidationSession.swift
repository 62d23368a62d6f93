import BackupFormat
import Concurrency
import DomainModel
import JSONCore

/// Validates an archive backup (version 3 or 4) one entry at a time, as the archive streams
/// past, against the schema of the version its manifest declares.
///
/// Validation is decoding: each record is offered to the visitor as it stands (a clean one is
/// written from its JSON by its transcoder), else decoded, and only a record whose decoding met
/// something the schema reports is walked against the schema (`SchemaWalker`) for its
/// findings. The import pipeline gets each record that passed through its `SectionVisitor`,
/// so every section is parsed once and decoded at most once; the carried entries of a version 4 backup,
/// once checked, are in `carried`.
///
///     let session = BackupValidationSession(manifest: reader.manifest, archive: name)
///     while let payload = try reader.nextSection() { session.check(payload) }
///     let report = session.finish(missing: reader.missingSections)
public final class BackupValidationSession {
    public let schema: BackupSchema
    public let manifest: BackupManifest
    let options: JSONParseOptions
    var references = ReferenceRules()
    /// The threads a large array section's records are checked on, and the parts it is cut into.
    let pool: WorkerPool
    /// Each section's schema compiled once: for arrays the items' node, else the section's.
    private(set) var compiled: [BackupSection: CompiledSchema] = [:]
    var checkedSections = Set<BackupSection>()
    /// Everything found so far.
    public internal(set) var findings: [Finding] = []
    /// What the backup carries, from the carried entries checked so far: only entries that
    /// passed every check are here.
    public internal(set) var carried = CarriedContents()

    /// Starts validating a backup whose manifest has been read.
    /// - Parameters:
    ///   - schema: the schema to check against; by default that of the version the manifest
    ///     declares.
    ///   - pool: the threads a large array section is checked on (one: on the calling thread).
    public init(
        manifest: BackupManifest, archive: String, schema: BackupSchema? = nil, options: JSONParseOptions = .default,
        pool: WorkerPool = .default
    ) {
        self.manifest = manifest
        self.pool = pool
        let schema = schema ?? BackupSchema.version(manifest.schemaVersion) ?? .current
        self.schema = schema
        self.options = options
        if manifest.schemaVersion < DomainDigBackup.currentSchemaVersion {
            add(
                .note, .versionOlder, nil, archive,
                "this is a schema version \(manifest.schemaVersion) backup; its sections are read as version \(DomainDigBackup.currentSchemaVersion) sections, which have the same shape."
            )
        }
        if case .sections(let sections) = schema.layout {
            for (section, node) in sections {
                let root = if case .array(let array) = node.kind { array.items } else { node }
                compiled[section] = CompiledSchema(root)
            }
        }
        for listing in manifest.sections {
            if let section = BackupSection(entryPath: listing.path), section.rawValue == listing.name { continue }
            if schema.isLossless, let entry = CarriedEntry(entryPath: listing.path), entry.rawValue == listing.name {
                continue
            }
            add(
                .error, .sectionUnknown, listing.name, listing.path,
                "the manifest lists section \"\(listing.name)\" at \(listing.path), which this version does not know; the backup cannot be imported faithfully."
            )
        }
        checkAbsentSections()
    }

    /// Every section the backup's version has (`SectionEntry.since`) is listed, or — in
    /// version 4 — named absent on purpose, never both. A section added after the backup was
    /// written is not expected of it: importing the backup leaves the store's as it is.
    /// - Parameter since: each section's first version: the table's, or a test's.
    func checkAbsentSections(since: (BackupSection) -> Int = \.entry.since) {
        let listed = Set(manifest.sections.map(\.path))
        var absent = Set<BackupSection>()
        for name in manifest.absentSections {
            guard let section = BackupSection(rawValue: name), schema.isLossless, !listed.contains(section.entryPath)
            else {
                let reason =
                    !schema.isLossless
                    ? "a version \(schema.version) backup holds every section"
                    : BackupSection(rawValue: name) == nil
                        ? "this version knows no such section" : "the manifest also lists it"
                add(
                    .error, .sectionAbsent, name, BackupManifest.entryPath,
                    "the manifest names \"\(name)\" among its absent sections, but \(reason).")
                continue
            }
            absent.insert(section)
        }
        for section in BackupSection.allCases where since(section) <= manifest.schemaVersion {
            guard !listed.contains(section.entryPath) && !absent.contains(section) else { continue }
            add(
                .error, .sectionAbsent, section.rawValue, section.entryPath,
                schema.isLossless
                    ? "the manifest neither lists section \(section.rawValue) nor names it absent; the backup lost it."
                    : "the manifest does not list section \(section.rawValue), which every version \(schema.version) backup has."
            )
        }
    }

    /// Whether an error has been found so far.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Checks one entry: its verification, then its records against the schema and the
    /// rules. Large sections are checked on every core.
    ///
    /// With no visitor to take them, records are walked against the schema and not decoded:
    /// a walk costs less than decoding a record, or transcoding it, only to drop it
    /// (Docs/performance.md, "Validate").
    public func check(_ payload: SectionPayload) {
        checkSection(payload, visitor: nil as NoVisitor?)
    }

    /// The visitor type of checks without one, which decode nothing (so its record type is
    /// never used).
    private final class NoVisitor: SectionVisitor {
        typealias Record = AppSettings
        func visit(_ record: AppSettings?, at index: Int?, from json: JSONValue) {}
        func makeRunVisitor(for section: BackupSection) -> sending NoVisitor? { NoVisitor() }
        func absorb(_ run: NoVisitor) {}
    }

    /// Checks one entry as `check(_:)` does, its records decoded as `Visitor.Record`, giving
    /// those that passed every check to `visitor` — from several threads for a large section,
    /// see `SectionVisitor`.
    public func check<Visitor: SectionVisitor>(_ payload: SectionPayload, visitor: Visitor) {
        checkSection(payload, visitor: visitor)
    }

    /// Checks the entry's verification, and a carried entry whole; returns the section whose
    /// records are to be checked next, if the entry is one the manifest lists as such.
    func sectionToCheck(_ payload: SectionPayload) -> BackupSection? {
        switch payload.verification {
        case .verified:
            break
        case .unlisted:
            add(
                .error, .entryUnlisted, payload.section?.rawValue, payload.path,
                "the archive holds this entry but the manifest does not list it, so it cannot be verified.")
            return nil
        case .sizeMismatch(let expected, let actual):
            add(
                .error, .sizeMismatch, payload.listing?.name, payload.path,
                "the entry holds \(actual) bytes but the manifest says \(expected); the backup is damaged.")
            return nil
        case .checksumMismatch(let expected, let actual):
            add(
                .error, .checksumMismatch, payload.listing?.name, payload.path,
                "SHA-256 \(actual.prefix(16))… does not match the manifest's \(expected.prefix(16))…; the backup is damaged."
            )
            return nil
        }
        if schema.isLossless, let entry = payload.carried, entry.rawValue == payload.listing?.name,
            let bytes = payload.bytes
        {
            checkCarried(entry, bytes: bytes)
            return nil
        }
        guard let section = payload.section, section.rawValue == payload.listing?.name, payload.bytes != nil,
            schema.node(for: section) != nil
        else { return nil }
        checkedSections.insert(section)
        return section
    }

    /// Ends validation; `missing` are the manifest entries the archive lacked.
    public func finish(missing: [ManifestSection]) -> [Finding] {
        for listing in missing {
            add(
                .error, .sectionMissing, listing.name, listing.path,
                "the manifest lists this section but the archive does not hold it; the backup is truncated or damaged.")
        }
        return findings
    }

    func add(
        _ severity: Finding.Severity, _ code: FindingCode, _ section: String?, _ location: String, _ message: String
    ) {
        findings.append(Finding(severity, code, section: section, location: location, message: message))
    }
}
