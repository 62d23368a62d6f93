import BackupFormat
import DurableIO
import Foundation

/// Decides, and carries out, which backups of a directory a retention policy removes.
///
/// Only good backups take part: damaged, partial and future-dated files are reported, never
/// counted as kept and never deleted (they are evidence; the partial files of killed runs are
/// removed by the next `backup`, `ScheduledBackup`). The newest good backup is kept
/// whatever the policy says, a backup the running `backup` just wrote is never removed by
/// that run, and a policy without rules removes nothing.
///
/// A quick check (the manifest reads) is not enough to delete on: a backup whose section was
/// damaged after it was written passes it. So before deleting anything, `prune` verifies in
/// full the newest backup it keeps; one that fails is set aside as damaged and the plan made
/// again, until the newest kept backup verifies — the directory is never left without a fully
/// verified backup. An encrypted backup no key given opens is verified when its bytes match its
/// checksum file; one without is kept and not counted, as it cannot be shown whole.
public struct BackupPruner: Sendable {
    /// What happens to one file and why.
    public struct Decision: Sendable {
        public var entry: BackupDirectory.Entry
        public var keep: Bool
        /// The rules that keep it (`newest` for the newest good backup, `new` for the one the
        /// running backup just wrote).
        public var reasons: [String]
        /// An encrypted backup kept and not counted because it could not be shown whole
        /// (``BackupPruner/unconfirmedReason``).
        public var isUnconfirmed = false
    }

    public var policy: RetentionPolicy

    /// The reason of an encrypted backup kept and not counted because it could not be shown
    /// whole: no key given opens it, and it has no checksum file to compare.
    public static let unconfirmedReason = "encrypted, not shown whole (no key opens it, no checksum file), not counted"

    public init(policy: RetentionPolicy) {
        self.policy = policy
    }

    /// The decision for every entry, in the entries' order.
    /// - Parameters:
    ///   - entries: a directory's scan, oldest first (of two equal times, the later entry is
    ///     the newer backup).
    ///   - protecting: the backup the running `backup` just wrote, which stays whatever the
    ///     rules say.
    ///   - unconfirmed: good backups that cannot be shown whole (encrypted, no key given opens
    ///     them, and no checksum file to match): kept, and not counted.
    public func plan(
        _ entries: [BackupDirectory.Entry], protecting: URL? = nil, unconfirmed: Set<URL> = []
    ) -> [Decision] {
        let good = entries.indices.filter {
            entries[$0].isGood && entries[$0].time != nil && !unconfirmed.contains(entries[$0].url)
        }
        let reasons = policy.apply(to: good.map { entries[$0].time! })
        let newest = good.max { (entries[$0].time!, $0) < (entries[$1].time!, $1) }
        var decisions = entries.map { Decision(entry: $0, keep: true, reasons: []) }
        for (position, index) in good.enumerated() {
            var why = RetentionPolicy.Rule.allCases.filter { reasons[position].contains($0) }.map(\.rawValue)
            if index == newest, why.isEmpty { why = ["newest"] }
            if entries[index].url == protecting, why.isEmpty { why = ["new"] }
            decisions[index].keep = !why.isEmpty || policy.isEmpty // a policy without rules prunes nothing
            decisions[index].reasons = why
        }
        for index in entries.indices {
            if let reason = entries[index].health.reason { decisions[index].reasons = [reason] }
            if unconfirmed.contains(entries[index].url) {
                decisions[index].isUnconfirmed = true
                decisions[index].reasons = [Self.unconfirmedReason]
            }
        }
        return decisions
    }

    /// Plans the directory's retention, verifying in full the newest backup kept before
    /// anything is deleted (see the type's description), then deletes unless `dryRun`.
    /// - Parameters:
    ///   - directory: the directory, which the caller has locked.
    ///   - now: backups named after it are not counted (`.future`).
    ///   - protecting: the backup the running `backup` just wrote: kept, and already verified.
    ///   - dryRun: decide (and verify) only.
    ///   - decryption: keys for encrypted backups. The newest encrypted backup kept is read in
    ///     full when one of them opens it; otherwise it is checked without a key (header,
    ///     framing, length) and against its checksum file (``ChecksumFile``), which `backup`
    ///     writes. Without either, a file cut at a chunk boundary cannot be told from a whole
    ///     one: such a backup is kept and not counted, and the plan made again without it.
    /// - Returns: the decisions, and the files deleted.
    /// - Throws: `BackupDirectoryError`, or the file error of a deletion.
    public func prune(
        _ directory: some BackupFolder, now: Date, protecting: URL? = nil, dryRun: Bool = false,
        decryption: BackupDecryption = .none
    ) throws -> (decisions: [Decision], removed: [BackupDirectory.Entry]) {
        var entries = try directory.scan(verify: false, decryption: .none, now: now, progress: nil)
        var unconfirmed: Set<URL> = []
        var decisions = plan(entries, protecting: protecting)
        while decisions.contains(where: { !$0.keep }),
            let newestKept = decisions.indices.last(where: {
                decisions[$0].keep && decisions[$0].entry.isGood && !unconfirmed.contains(entries[$0].url)
            }),
            decisions[newestKept].entry.url != protecting
        {
            var checked = entries[newestKept]
            try directory.check(&checked, verify: true, decryption: decryption, needsKey: false, progress: nil)
            if checked.health == .good {
                if checked.contentsChecked || checked.matchesChecksum { break }
                unconfirmed.insert(checked.url)
            } else {
                entries[newestKept].health = checked.health
                entries[newestKept].manifest = checked.manifest ?? entries[newestKept].manifest
            }
            decisions = plan(entries, protecting: protecting, unconfirmed: unconfirmed)
        }
        return (decisions, dryRun ? [] : try execute(decisions, in: directory))
    }

    /// Deletes from `folder` the backups the decisions (a dry run of `prune` on it) remove.
    /// - Returns: the deleted files.
    public func execute(_ decisions: [Decision], in folder: some BackupFolder) throws -> [BackupDirectory.Entry] {
        let removed = decisions.filter { !$0.keep }.map(\.entry)
        guard !removed.isEmpty else { return [] }
        try folder.remove(removed)
        return removed
    }
}
