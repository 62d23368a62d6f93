import DataPortability
import Foundation
import ObjectStorage

/// The locations commands take — `--dir`, `-o`, a backup to read — as a path or an
/// `s3://bucket/prefix`; any other `scheme://` is refused (exit 64) before anything is done.
enum BackupLocations {
    /// The backup folder `dir` names.
    static func folder(_ dir: String) throws -> any BackupFolder {
        switch try RemoteStorage.location(dir) {
        case .local(let path): BackupDirectory(url: localURL(path))
        case .remote(let location):
            RemoteBackupFolder(location: location, client: try RemoteStorage.client(for: location))
        }
    }

    /// A path taken from the current folder.
    static func localURL(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// A file for messages: its path, or `s3://bucket/key` for an object.
    static func display(_ url: URL) -> String {
        url.scheme == "s3" ? (url.absoluteString.removingPercentEncoding ?? url.absoluteString) : url.path
    }

    /// Refuses a location for an option that takes only local files (exit 64).
    static func requireLocal(_ path: String, option: String) throws {
        if let scheme = S3Location.scheme(of: path) {
            throw CommandFailure(
                .usage, "\(option) \(path): \(option) takes a local path, not \(scheme):// locations.",
                hint: "Write the file locally, then copy it where it should go.")
        }
    }
}
