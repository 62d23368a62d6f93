import BackupFormat
import DomainModel
import JSONCore

/// Validates a v3 backup one section at a time, as the archive streams past.
///
/// The import pipeline drives it and gets each record that passed back through `visit`,
/// so every section is parsed once for validation and decoding together.
///
///     let session = BackupValidationSession(manifest: reader.manifest, archive: name)
///     while let payload = try reader.nextSection() { session.check(payload) }
///     let report = session.finish(missing: reader.missingSections)
public final class BackupValidationSession {
    /// The schema checked against.
    public let schema: BackupSchema
    public let manifest: BackupManifest
    private let archive: String
    let options: JSONParseOptions
    var references = ReferenceRules()
    /// How many runs a large array section is cut into (tests set it to check the parallel
    /// path on any machine).
    var parallelParts = JSONArraySplitter.defaultParts
    /// Each section's schema compiled once: for arrays the items' node, else the section's.
    private var compiled: [BackupSection: CompiledSchema] = [:]
    private var checkedSections = Set<BackupSection>()
    /// Everything found so far.
    public internal(set) var findings: [Finding] = []

    /// Starts validating a backup whose manifest has been read.
    public init(
        manifest: BackupManifest, archive: String, schema: BackupSchema = .current, options: JSONParseOptions = .default
    ) {
        self.manifest = manifest
        self.archive = archive
        self.schema = schema
        self.options = options
        if case .sections(let sections) = schema.layout {
            for (section, node) in sections {
                if case .array(let array) = node.kind {
                    compiled[section] = CompiledSchema(array.items)
                } else {
                    compiled[section] = CompiledSchema(node)
                }
            }
        }
        for listing in manifest.sections {
            guard let section = BackupSection(entryPath: listing.path), section.rawValue == listing.name else {
                findings.append(
                    Finding(
                        .error, .sectionUnknown, section: listing.name, location: listing.path,
                        message:
                            "the manifest lists section \"\(listing.name)\" at \(listing.path), which this version does not know; the backup cannot be imported faithfully."
                    ))
                continue
            }
        }
        let listed = Set(manifest.sections.map(\.path))
        for section in BackupSection.allCases where !listed.contains(section.entryPath) {
            findings.append(
                Finding(
                    .error, .sectionAbsent, section: section.rawValue, location: section.entryPath,
                    message:
                        "the manifest does not list section \(section.rawValue), which every version \(schema.version) backup has."
                ))
        }
    }

    /// Whether an error has been found so far.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Checks one entry: its verification, then its JSON against the schema and the rules.
    /// Large sections are checked on every core.
    /// - Parameter visit: called on this thread with each record (array sections: each
    ///   element with its index; object sections: the root, index nil) that passed every
    ///   check; with it, the entry is checked on this thread alone.
    public func check(_ payload: SectionPayload, visit: ((BackupSection, Int?, JSONValue) throws -> Void)? = nil) throws
    {
        try check(payload, visitor: nil as NoVisitor?, visit: visit)
    }

    /// Checks one entry as `check(_:visit:)` does, giving the records that passed every check
    /// to `visitor` — from several threads for a large section, see `SectionVisitor`.
    public func check<Visitor: SectionVisitor>(_ payload: SectionPayload, visitor: Visitor) throws {
        try check(payload, visitor: visitor, visit: nil)
    }

    private func check<Visitor: SectionVisitor>(
        _ payload: SectionPayload, visitor: Visitor?,
        visit: ((BackupSection, Int?, JSONValue) throws -> Void)?
    ) throws {
        switch payload.verification {
        case .verified:
            break
        case .unlisted:
            return add(
                .error, .entryUnlisted, payload.section?.rawValue, payload.path,
                "the archive holds this entry but the manifest does not list it, so it cannot be verified.")
        case .sizeMismatch(let expected, let actual):
            return add(
                .error, .sizeMismatch, payload.listing?.name, payload.path,
                "the entry holds \(actual) bytes but the manifest says \(expected); the backup is damaged.")
        case .checksumMismatch(let expected, let actual):
            return add(
                .error, .checksumMismatch, payload.listing?.name, payload.path,
                "SHA-256 \(actual.prefix(16))… does not match the manifest's \(expected.prefix(16))…; the backup is damaged."
            )
        }
        guard let section = payload.section, section.rawValue == payload.listing?.name, let bytes = payload.bytes,
            let node = schema.node(for: section)
        else { return }
        checkedSections.insert(section)
        try checkSection(
            section, bytes: bytes, split: payload.arraySplit, node: node, listedRecords: payload.listing?.records,
            visitor: visitor, visit: visit)
    }

    /// The visitor type of checks without one.
    private final class NoVisitor: SectionVisitor {
        func visit(_ section: BackupSection, _ index: Int?, _ record: JSONValue) {}
        func makeRunVisitor(for section: BackupSection) -> Self? { nil }
        func absorb(_ run: NoVisitor) {}
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

    /// The compiled schema of a section's records (array items) or of the section itself.
    func compiledSchema(for section: BackupSection) -> CompiledSchema? {
        compiled[section]
    }

    func add(
        _ severity: Finding.Severity, _ code: FindingCode, _ section: String?, _ location: String, _ message: String
    ) {
        findings.append(Finding(severity, code, section: section, location: location, message: message))
    }
}
