import Foundation

/// A directory under the system's temporary folder, removed when the value is released.
///
/// Tests create one each, so runs in parallel never share files:
///
///     let dir = try TemporaryDirectory()
///     let store = dir.url.appendingPathComponent("store.sqlite")
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory's location.
    public let url: URL

    /// The directory's path, for APIs that take strings.
    public var path: String { url.path }

    /// Creates a fresh, empty directory.
    /// - Parameter prefix: the start of the directory's name, to tell runs apart when debugging.
    public init(prefix: String = "backupctl-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A location inside the directory.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Every name in the directory (or in a folder inside it), hidden ones included, sorted:
    /// what a test compares to show that a command left nothing behind.
    public func names(in folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? path : file(folder).path).sorted()
    }

    deinit {
        // Make everything writable again so a test that chmod-ed a folder can still be cleaned up.
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            for case let relative as String in walker {
                chmod(url.appendingPathComponent(relative).path, 0o700)
            }
        }
        chmod(url.path, 0o700)
        try? FileManager.default.removeItem(at: url)
    }
}
