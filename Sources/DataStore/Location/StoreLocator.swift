import DurableIO
import Foundation

/// Finds the store's path: `--store PATH`, else `$DOMAINDIG_STORE`, else
/// `$XDG_DATA_HOME/domaindig/store.sqlite`, else `$HOME/.local/share/domaindig/store.sqlite`.
///
/// The environment and working folder are parameters, so the precedence is testable:
///
///     let location = try StoreLocator().locate(explicitPath: options.store)
///     print("store: \(location.url.path) (\(location.source))")
public struct StoreLocator: Sendable {
    /// The variable that names the store when `--store` is not given.
    public static let storeVariable = "DOMAINDIG_STORE"

    /// The environment variables consulted.
    public var environment: [String: String]
    /// The folder relative paths are resolved against.
    public var currentDirectory: String
    /// Whether a path is an existing folder: a default location is used only under a home
    /// (or data home) that exists, since backupctl never creates a home folder.
    public var folderExists: @Sendable (String) -> Bool

    /// A locator of this process, or of a test's environment, folder and file system.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        folderExists: @escaping @Sendable (String) -> Bool = { (try? FileStatus(path: $0))?.isDirectory == true }
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.folderExists = folderExists
    }

    /// Resolves the store's path by precedence. Empty variables count as unset, and a
    /// relative `$XDG_DATA_HOME` is ignored, as the XDG specification requires.
    ///
    /// A default location must lie in a home that exists: `$HOME` must be an existing folder,
    /// and `$XDG_DATA_HOME` must exist or lie inside it (the XDG specification lets its
    /// missing folders be created). Otherwise a store would be created — with its folders —
    /// where the user's home should be.
    /// - Parameter explicitPath: the `--store` argument, if given; relative paths are taken
    ///   from the current folder.
    /// - Returns: the absolute path and where it came from.
    /// - Throws: `StoreError.noDefaultLocation` when nothing gives a location;
    ///   `.unusableDefaultLocation` when the home it would be under does not exist.
    public func locate(explicitPath: String?) throws -> StoreLocation {
        if let explicitPath, !explicitPath.isEmpty {
            return StoreLocation(url: absolute(explicitPath), source: .commandLine)
        }
        if let path = variable(Self.storeVariable) { return StoreLocation(url: absolute(path), source: .environment) }
        let home = variable("HOME").flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).standardizedFileURL : nil }
        let homeExists = home.map { folderExists($0.path) } ?? false
        if let dataHome = variable("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            let url = URL(fileURLWithPath: dataHome).standardizedFileURL
            let insideHome = home.map { url.path.hasPrefix($0.path == "/" ? "/" : $0.path + "/") } ?? false
            guard folderExists(url.path) || (homeExists && insideHome) else {
                throw StoreError.unusableDefaultLocation(variable: "XDG_DATA_HOME", path: url.path)
            }
            return StoreLocation(url: Self.defaultStore(in: url), source: .xdgDataHome)
        }
        if let home {
            guard homeExists else { throw StoreError.unusableDefaultLocation(variable: "HOME", path: home.path) }
            return StoreLocation(
                url: Self.defaultStore(in: home.appendingPathComponent(".local/share")), source: .home)
        }
        throw StoreError.noDefaultLocation
    }

    private func variable(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func absolute(_ path: String) -> URL {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path)
        return url.standardizedFileURL
    }

    private static func defaultStore(in dataHome: URL) -> URL {
        dataHome.appendingPathComponent("domaindig/store.sqlite").standardizedFileURL
    }
}

/// A resolved store path and the setting it came from.
public struct StoreLocation: Sendable, Equatable {
    /// Where a store path came from, for `status` and messages.
    public enum Source: String, Sendable, Equatable {
        /// `--store PATH`.
        case commandLine = "--store"
        /// `$DOMAINDIG_STORE`.
        case environment = "$DOMAINDIG_STORE"
        /// `$XDG_DATA_HOME/domaindig/store.sqlite`.
        case xdgDataHome = "$XDG_DATA_HOME"
        /// `$HOME/.local/share/domaindig/store.sqlite`.
        case home = "$HOME/.local/share"
    }

    /// The store's absolute path.
    public var url: URL
    /// The setting that chose it.
    public var source: Source
}
