import Foundation

/// The file formats a store can be kept in.
public enum StoreBackend: String, Sendable, CaseIterable {
    /// An SQLite database: the default.
    case sqlite
    /// A UserDefaults property list, XML or binary.
    case propertyList

    /// The backend a file's extension promises: `.plist` a property list; `.sqlite`,
    /// `.sqlite3` and `.db` SQLite; nil for any other name, whose content then decides.
    public static func promised(byExtensionOf url: URL) -> StoreBackend? {
        switch url.pathExtension.lowercased() {
        case "plist": .propertyList
        case "sqlite", "sqlite3", "db": .sqlite
        default: nil
        }
    }

    /// The backend a new store at `url` gets: the one its extension promises, else SQLite.
    public static func forNewStore(at url: URL) -> StoreBackend {
        promised(byExtensionOf: url) ?? .sqlite
    }

    /// The extension a file of this backend should have.
    public var preferredPathExtension: String {
        switch self {
        case .sqlite: "sqlite"
        case .propertyList: "plist"
        }
    }

    /// The backend with an indefinite article, for sentences: "an SQLite database".
    public var article: String {
        switch self {
        case .sqlite: "an SQLite database"
        case .propertyList: "a property list"
        }
    }
}
