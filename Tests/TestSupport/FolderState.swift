import Foundation
import Glibc

/// Everything under a folder — each name with its kind, mode and bytes (or a link's target) —
/// taken before and after a command: equal exactly when the command left the folder
/// byte-identical, nothing added, removed or changed.
///
///     let before = try FolderState(of: workspace.url)
///     _ = try workspace.backupctl("export", "--store", store, "-o", store)
///     #expect(try FolderState(of: workspace.url) == before)
public struct FolderState: Equatable, CustomStringConvertible {
    /// One file, folder or link.
    public struct Item: Equatable, Sendable {
        /// `file`, `folder`, `link`, or `other`.
        public var kind: String
        /// The permission bits.
        public var mode: mode_t
        /// A file's bytes, or a link's target.
        public var content: Data
    }

    /// Every item, by its path relative to the folder.
    public let items: [String: Item]

    /// Reads every item under `folder`, recursively, without following links.
    public init(of folder: URL) throws {
        var items: [String: Item] = [:]
        func walk(_ relative: String) throws {
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                let child = relative.isEmpty ? name : relative + "/" + name
                let full = folder.path + "/" + child
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                let mode = status.st_mode & 0o7777
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    items[child] = Item(kind: "folder", mode: mode, content: Data())
                    try walk(child)
                case S_IFLNK:
                    let target = try FileManager.default.destinationOfSymbolicLink(atPath: full)
                    items[child] = Item(kind: "link", mode: mode, content: Data(target.utf8))
                case S_IFREG:
                    items[child] = Item(
                        kind: "file", mode: mode, content: try Data(contentsOf: URL(fileURLWithPath: full)))
                default:
                    items[child] = Item(kind: "other", mode: mode, content: Data())
                }
            }
        }
        try walk("")
        self.items = items
    }

    /// The same state with the content of `names` blanked (kind and mode kept): for a lock
    /// file, into which every holder writes its pid.
    public func ignoringContent(of names: [String]) -> FolderState {
        var items = self.items
        for name in names { items[name]?.content = Data() }
        return FolderState(items: items)
    }

    private init(items: [String: Item]) {
        self.items = items
    }

    /// The names, sorted.
    public var names: [String] { items.keys.sorted() }

    /// The names and sizes, for messages.
    public var description: String {
        names.map { name in
            let item = items[name]!
            return "\(name) (\(item.kind) \(String(item.mode, radix: 8)), \(item.content.count) bytes)"
        }.joined(separator: ", ")
    }

    /// What differs from `other`, for a failing expectation's message.
    public func difference(from other: FolderState) -> String {
        let names = Set(items.keys).union(other.items.keys).sorted()
        return names.compactMap { name in
            switch (other.items[name], items[name]) {
            case (nil, let now?): "added \(name) (\(now.kind), \(now.content.count) bytes)"
            case (_?, nil): "removed \(name)"
            case (let was?, let now?) where was != now:
                "changed \(name): \(was.kind) \(String(was.mode, radix: 8)) \(was.content.count) bytes → "
                    + "\(now.kind) \(String(now.mode, radix: 8)) \(now.content.count) bytes"
            default: nil
            }
        }.joined(separator: "; ")
    }
}
