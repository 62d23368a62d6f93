import DomainModel

extension BackupDirectory {
    /// What a file in the directory is. Only `.good` backups count for retention; the others
    /// are reported and never removed (they are evidence for a person to look at).
    public enum Health: Sendable, Equatable {
        /// A backup whose manifest reads (quick check) or that verified in full.
        case good
        /// A backup-named file that cannot be read or does not verify.
        case damaged(String)
        /// A temporary file a killed backup left behind.
        case partial
        /// A backup named with a time after now: a clock set back, or a copy from elsewhere.
        /// Counting it would make it the newest backup, and every run would delete its own.
        case future

        /// The name in JSON output: `good`, `damaged`, `partial`, `future`.
        public var name: String {
            switch self {
            case .good: "good"
            case .damaged: "damaged"
            case .partial: "partial"
            case .future: "future"
            }
        }

        /// How `list` and `prune` show a file that is not good: `DAMAGED`, `PARTIAL`, `FUTURE`.
        public var label: String? {
            self == .good ? nil : name.uppercased()
        }

        /// Why the file is not counted, for `prune`'s table.
        public var reason: String? {
            switch self {
            case .good: nil
            case .damaged: "damaged, not counted"
            case .partial: "partial file, not a backup"
            case .future: "dated after now, not counted"
            }
        }

        /// The damage found, for `.damaged`.
        public var problem: String? {
            if case .damaged(let problem) = self { problem } else { nil }
        }

        /// Whether the file is damaged (which `list` exits 65 for).
        public var isDamaged: Bool { problem != nil }
    }
}

extension BackupDirectory.Entry {
    /// The warning for a file that is not a good backup.
    public var warning: String? {
        switch health {
        case .good: nil
        case .damaged(let reason): "\(name) is damaged and not counted as a backup: \(reason)"
        case .partial: "\(name) is a partial file left by an interrupted backup; it is not a backup"
        case .future:
            "\(name) is dated \(time.map(Timestamp.format) ?? "?"), after now: it is not counted as a backup "
                + "and never removed. Check the system clock, or where the file came from."
        }
    }
}
