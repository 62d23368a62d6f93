import DurableIO
import Foundation

extension StoreBackend {
    /// What a path holds, judged by the first bytes of the file, never by its name.
    public enum Contents: Sendable, Equatable {
        /// Nothing exists at the path.
        case missing
        /// A file of zero bytes, e.g. left by a process killed while creating a store.
        case empty
        /// A file in one of the store formats.
        case recognized(StoreBackend)
        /// Something else; `reason` says what, for messages.
        case unrecognized(reason: String)
    }

    private static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)
    private static let binaryPropertyListMagic = Array("bplist00".utf8)

    /// Inspects the file at `url` by its magic bytes: `SQLite format 3\0` is SQLite,
    /// `bplist00` or an XML document with a `<plist` element is a property list.
    /// - Parameter url: the store's path.
    /// - Returns: what the path holds.
    /// - Throws: `StoreError.io` when the file exists but cannot be read.
    public static func detectContents(at url: URL) throws -> Contents {
        let path = url.path
        guard let status = try StoreError.wrappingIO({ try FileStatus(path: path) }) else { return .missing }
        guard status.isRegularFile else {
            return .unrecognized(reason: status.isDirectory ? "it is a directory" : "it is not a regular file")
        }
        if status.size == 0 { return .empty }

        var head = [UInt8](repeating: 0, count: 1024)
        try StoreError.wrappingIO {
            let file = try FileDescriptor.openForReading(path)
            let filled = try head.withUnsafeMutableBytes { try file.io.readFully(at: 0, into: $0) }
            head.removeSubrange(filled...)
        }
        return classify(head: head)
    }

    private static func classify(head: [UInt8]) -> Contents {
        if head.starts(with: sqliteMagic) { return .recognized(.sqlite) }
        if head.starts(with: binaryPropertyListMagic) { return .recognized(.propertyList) }
        if head.starts(with: Array("bplist".utf8)) {
            return .unrecognized(reason: "it is a binary property list of a version UserDefaults does not write")
        }
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        text = text.drop { $0.isWhitespace }
        if text.hasPrefix("<") {
            return text.contains("<plist")
                ? .recognized(.propertyList)
                : .unrecognized(reason: "it is an XML or HTML document, not a property list")
        }
        return .unrecognized(reason: "it is neither an SQLite database nor a property list")
    }
}
