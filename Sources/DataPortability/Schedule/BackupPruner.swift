import DurableIO
import Foundation

/// Decides, and carries out, which backups of a directory a retention policy removes.
///
/// Only good backups take part: damaged and partial files are reported, never counted as
/// kept and never deleted (they are evidence). The newest good backup is kept whatever the
/// policy says, and a policy without rules removes nothing.
public struct BackupPruner: Sendable {
    /// What happens to one file and why.
    public struct Decision: Sendable {
        public var entry: BackupDirectory.Entry
        /// Whether the backup stays.
        public var keep: Bool
        /// The rules that keep it (`newest` for the newest good backup).
        public var reasons: [String]
    }

    public var policy: RetentionPolicy

    public init(policy: RetentionPolicy) {
        self.policy = policy
    }

    /// The decision for every entry, in the entries' order.
    /// - Parameter entries: a directory's scan, oldest first (of two equal times, the later
    ///   entry is the newer backup).
    public func plan(_ entries: [BackupDirectory.Entry]) -> [Decision] {
        let good = entries.indices.filter { entries[$0].isGood && entries[$0].time != nil }
        let reasons = policy.apply(to: good.map { entries[$0].time! })
        let newest = good.max { (entries[$0].time!, $0) < (entries[$1].time!, $1) }
        var decisions = entries.map { Decision(entry: $0, keep: true, reasons: []) }
        for (position, index) in good.enumerated() {
            var why = RetentionPolicy.Rule.allCases.filter { reasons[position].contains($0) }.map(\.rawValue)
            if index == newest, why.isEmpty { why = ["newest"] }
            decisions[index].keep = !why.isEmpty || policy.isEmpty // a policy without rules prunes nothing
            decisions[index].reasons = why
        }
        for index in entries.indices where !entries[index].isGood {
            decisions[index].reasons = [
                entries[index].health == .partial ? "partial file, not a backup" : "damaged, not counted"
            ]
        }
        return decisions
    }

    /// Deletes the backups `plan` removes.
    /// - Returns: the deleted files.
    public func execute(_ decisions: [Decision]) throws -> [BackupDirectory.Entry] {
        var removed: [BackupDirectory.Entry] = []
        for decision in decisions where !decision.keep {
            try FileManager.default.removeItem(at: decision.entry.url)
            removed.append(decision.entry)
        }
        if !removed.isEmpty, let directory = decisions.first?.entry.url.deletingLastPathComponent() {
            try Directory.sync(at: directory)
        }
        return removed
    }
}
