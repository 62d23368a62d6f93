import BackupFormat
import Foundation

extension BackupFolder {
    /// Every backup-named and temporary file, each checked: quickly (the manifest reads) or in
    /// full (`verify`: every checksum and validation without errors). Backups come oldest
    /// first and temporary files after them (``list(now:)``). A backup named after `now` is
    /// `.future`: not checked, not counted, never removed.
    /// - Parameters:
    ///   - decryption: keys for encrypted backups; an encrypted backup no key given opens is
    ///     checked without a key (header, framing, length), which is what retention needs.
    ///   - progress: with `verify`, receives how many bytes of the backups to verify have been
    ///     read, over all of them.
    /// - Throws: as ``list(now:)``; ``ObjectStorageError`` when a remote folder cannot be read.
    public func scan(
        verify: Bool = false, decryption: BackupDecryption = .none, now: Date = .distantFuture,
        progress: ByteProgress.Handler? = nil
    ) throws -> [BackupDirectory.Entry] {
        var entries = try list(now: now)
        let unread = entries.indices.filter { entries[$0].health == .good }
        let total = unread.reduce(Int64(0)) { $0 + entries[$1].size }
        var before: Int64 = 0
        for index in unread {
            // One file's bytes come after those of the files before it.
            let offset = before
            let fileProgress = progress.map { progress -> ByteProgress.Handler in
                { read in progress(ByteProgress(completed: offset + read.completed, total: total)) }
            }
            try check(&entries[index], verify: verify, decryption: decryption, progress: fileProgress)
            before += entries[index].size
        }
        return entries
    }
}

extension BackupDirectory {
    /// The entries of a folder's `files`, named but not read, in ``BackupFolder/list(now:)``'s
    /// order and with its health.
    static func entries(of files: [(name: String, size: Int64)], in folder: some BackupFolder, now: Date)
        -> [Entry]
    {
        var backups: [(entry: Entry, sequence: Int)] = []
        var partials: [Entry] = []
        for (name, size) in files {
            let url = folder.url(of: name)
            if isPartialFileName(name) {
                partials.append(Entry(name: name, url: url, time: nil, size: size, health: .partial, manifest: nil))
                continue
            }
            let unverified = name.hasSuffix(unverifiedSuffix)
            guard let (time, sequence) = parse(unverified ? String(name.dropLast(unverifiedSuffix.count)) : name)
            else { continue }
            let health: Health =
                unverified
                ? .damaged("it failed its read-back check when it was written") : time > now ? .future : .good
            backups.append(
                (Entry(name: name, url: url, time: time, size: size, health: health, manifest: nil), sequence))
        }
        backups.sort { ($0.entry.time!, $0.sequence) < ($1.entry.time!, $1.sequence) }
        return backups.map(\.entry) + partials
    }
}
