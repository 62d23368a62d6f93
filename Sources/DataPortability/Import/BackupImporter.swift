import BackupFormat
import DataMigration
import DataStore
import DataValidation
import Foundation
import JSONCore

/// The import pipeline (design §2): file → reader with limits → manifest → validation →
/// upgrade of older versions → store migrations → deduplicating save paths, all in one store
/// transaction. Nothing is committed unless every section validated; a refused or failed
/// import leaves the store exactly as it was. What a version 4 backup carries besides its
/// records — unknown store keys, unreadable records — goes back into the store too.
///
/// Given a store file instead of a backup — the safety snapshot an import leaves, whose undo
/// it prints — it restores that store key by key (`SnapshotRestore`).
///
///     let summary = try BackupImporter(mode: .merge).run(backup: "backup.ddbackup", into: locked)
public struct BackupImporter {
    public var mode: ImportMode
    /// Compute everything, then roll back: nothing is written, not even the migration stamp.
    public var isDryRun: Bool
    /// Export the store next to itself before writing (design §8).
    public var makesSafetySnapshot: Bool
    public var limits: BackupReadLimits
    public var decryption: BackupDecryption
    /// The time of the safety snapshot's name and of the migration journal's `appliedAt`.
    public var clock: StoreClock
    /// The store's migrations; by default this build's, their journal entries timed by `clock`.
    public var migrations: DataMigrationService
    /// Brings a version 1 or 2 backup to the current version, once: the validation that
    /// checks the upgrade hands it to the import.
    public var upgrader: any BackupUpgrading = BackupUpgrader()
    /// Called with each section as it is imported, for progress display.
    public var progress: (@Sendable (BackupSection) -> Void)?
    /// Receives how much of the backup file has been read, for a progress display (see
    /// `BackupFile.readProgress`).
    public var inputProgress: ByteProgress.Handler?
    /// Called with the stage each section's records go to (see `init(_:observingStages:)`).
    private var stageObserver: ((BackupSection, any SectionVisitor) -> Void)?

    public init(
        mode: ImportMode = .merge, isDryRun: Bool = false, makesSafetySnapshot: Bool = true,
        limits: BackupReadLimits = .default, decryption: BackupDecryption = .none, clock: StoreClock = StoreClock(),
        migrations: DataMigrationService? = nil, progress: (@Sendable (BackupSection) -> Void)? = nil
    ) {
        self.mode = mode
        self.isDryRun = isDryRun
        self.makesSafetySnapshot = makesSafetySnapshot
        self.limits = limits
        self.decryption = decryption
        self.clock = clock
        self.migrations = migrations ?? DataMigrationService(now: { clock.now() })
        self.progress = progress
    }

    /// `importer`, calling `observer` with the stage each section's records go to: tests check
    /// which one the pipeline picks, which the store's contents alone cannot show.
    init(_ importer: BackupImporter, observingStages observer: @escaping (BackupSection, any SectionVisitor) -> Void) {
        self = importer
        stageObserver = observer
    }

    /// Imports the backup at `path` (`-` for standard input, `s3://bucket/key` for an object)
    /// into `store`.
    /// - Throws: `ImportRefusal` when validation finds errors or the backup is from a newer
    ///   version; `MigrationError.storeIsNewer` for a store from a newer build;
    ///   `BackupFormatError.decryptionFailed` for an encrypted backup no key opens; file, format
    ///   and store errors. In every case the store is unchanged and no snapshot is left.
    public func run(backup path: String, into store: LockedStore) throws -> ImportSummary {
        try run(backup: open(backup: path, for: store), into: store)
    }

    /// Opens the backup at `path` (`-`, a path or `s3://bucket/key`) for an import into `store`,
    /// decrypting it with ``decryption``: a newer store is refused first, before standard input
    /// is read or an object downloaded (a local file is only opened here).
    /// - Throws: `MigrationError.storeIsNewer`; as `BackupInput.open(_:maxInputSize:decryption:)`.
    public func open(backup path: String, for store: LockedStore) throws -> BackupFile {
        if path == "-" || RemoteStorage.isRemote(path) { _ = try migrations.pendingSteps(in: store.store) }
        return try BackupInput.open(path, maxInputSize: limits.archive.maxTotalSize, decryption: decryption)
    }

    /// Imports an opened backup into `store`; see ``run(backup:into:)-(String,_)``. (A command
    /// opens the file itself to refuse one it cannot open, or decrypt, before it touches the
    /// store.) A safety snapshot — a local store file, not a backup — is restored as such;
    /// standard input and an `s3://` object are always taken for backups.
    public func run(backup file: BackupFile, into store: LockedStore) throws -> ImportSummary {
        let started = Date()
        if file.name != BackupFile.standardInputName, file.encryptionHeader == nil, file.encoding == .unknown,
            case .local(let local) = try RemoteStorage.location(file.name),
            case .recognized = try StoreBackend.detectContents(at: URL(fileURLWithPath: local))
        {
            var summary = try SnapshotRestore(importer: self).run(
                snapshot: URL(fileURLWithPath: local).standardizedFileURL, into: store)
            summary.duration = Date().timeIntervalSince(started)
            return summary
        }
        _ = try migrations.pendingSteps(in: store.store) // refuses a newer store before reading its sections
        file.readProgress = inputProgress
        let source = try ImportSource(
            file: file, validation: DataValidationService.standard(limits: limits, upgrader: upgrader))
        var snapshotURL: URL?
        do {
            // A dry run does everything an import does, then rolls it all back.
            var summary = try store.store.inTransaction { transaction in
                let summary = try importSections(from: source, into: transaction, store: store, snapshot: &snapshotURL)
                return isDryRun ? .rollback(summary) : .commit(summary)
            }
            summary.duration = Date().timeIntervalSince(started)
            return summary
        } catch {
            if let snapshotURL { try? FileManager.default.removeItem(at: snapshotURL) }
            throw error
        }
    }

    /// Validates the sections up to the next one to apply, decoding its records as validation
    /// passes them; nil once every section has been read. Once anything failed, sections are
    /// only checked: nothing is kept (the import will be refused), but validation goes on to
    /// report everything.
    private func stageNextSection(
        of source: ImportSource, checkedBy session: BackupValidationSession,
        for importer: SectionImporter
    ) throws -> SectionStage? {
        while true {
            let next: SectionPayload?
            do {
                next = try source.nextPayload()
            } catch let error as BackupFormatError where session.hasErrors {
                // Damage shows first as an entry failing its SHA-256, and only later as the
                // stream's own failure (a zstd frame's checksum at its end, a corrupt block or a
                // garbled tar header further on): refused with every finding, that entry's first
                // and the stream's last, as validate reports them.
                let findings =
                    session.finish(missing: []) + [DataValidationService.finding(for: error, file: source.file.name)]
                throw ImportRefusal(
                    report: ValidationReport(
                        file: source.file.name, schemaVersion: source.schemaVersion, findings: findings))
            }
            guard let payload = next else { return nil }
            if let section = payload.section { progress?(section) }
            guard !session.hasErrors, let section = payload.section else {
                session.check(payload)
                continue
            }
            let stage = importer.makeStage(for: section, source: payload.bytes, options: limits.json)
            stageObserver?(section, stage.visitor)
            session.check(payload, visitor: stage.visitor)
            if !session.hasErrors, payload.verification == .verified { return stage }
        }
    }

    private func importSections(
        from source: ImportSource, into transaction: any StoreTransaction, store: LockedStore,
        snapshot: inout URL?
    ) throws -> ImportSummary {
        // First, before the migrations: the undo brings back the store as it was.
        if makesSafetySnapshot && !isDryRun {
            snapshot = try SafetySnapshot.write(of: store, clock: clock)
        }
        let applied = try migrations.applyPendingSteps(in: transaction)
        let session = BackupValidationSession(
            manifest: source.manifest, archive: source.file.name, options: limits.json)
        let importer = try SectionImporter(transaction: transaction, mode: mode)
        var counts: [ImportSummary.SectionCounts] = []
        var changed = !applied.isEmpty
        while let stage = try stageNextSection(of: source, checkedBy: session, for: importer) {
            // The section's JSON is gone by now — only its decoded records are held while they
            // are merged — unless an `EncodingStage` or a `MergingStage` holds it until it is
            // applied.
            // The carried entries come first in a version 4 archive: checked by now.
            importer.carried = session.carried
            let (sectionCounts, wrote) = try importer.apply(
                stage, present: source.presentSections.contains(stage.section))
            counts.append(sectionCounts)
            changed = changed || wrote
        }
        // Sections the backup does not hold are marked so, in their place.
        let staged = Set(counts.map(\.section))
        counts += BackupSection.allCases.filter { !staged.contains($0) && !source.presentSections.contains($0) }
            .map { ImportSummary.SectionCounts(section: $0, present: false) }
        let order = Dictionary(uniqueKeysWithValues: BackupSection.allCases.enumerated().map { ($1, $0) })
        counts.sort { order[$0.section, default: 0] < order[$1.section, default: 0] }
        let sessionFindings = session.finish(missing: source.missingSections())
        var report = ValidationReport(
            file: source.file.name, schemaVersion: source.schemaVersion,
            findings: source.legacyFindings ?? sessionFindings)
        if source.legacyFindings != nil { report.findings += sessionFindings.filter { $0.severity == .error } }
        guard !report.hasErrors else { throw ImportRefusal(report: report) }
        // The unreadable elements went back with their sections; the rest goes back now.
        let carriedCounts =
            try session.carried.isEmpty ? nil : importer.applyCarried(session.carried, changed: &changed)
        if !changed, let unneeded = snapshot {
            // Nothing will be written, so there is nothing to undo: no snapshot piles up when the
            // same backup is imported again.
            try? FileManager.default.removeItem(at: unneeded)
            snapshot = nil
        }
        return ImportSummary(
            file: source.file.name, schemaVersion: source.schemaVersion, mode: mode, isDryRun: isDryRun,
            storePath: store.location.url.path, sections: counts,
            findings: report.findings.filter { $0.severity != .error } + importer.remarks,
            migrations: applied, safetySnapshot: snapshot?.path, storeChanged: changed && !isDryRun,
            carried: carriedCounts)
    }
}
