import Foundation

/// Locations of the repository's shared test fixtures and build products.
public enum Fixtures {
    /// `Tests/Fixtures/` in this checkout.
    public static let directory: URL = {
        // Tests/TestSupport/Fixtures.swift → Tests/Fixtures
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true)
    }()

    /// The repository's root folder.
    public static let repositoryRoot: URL =
        directory
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file or folder under `Tests/Fixtures/`.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// The bytes of a fixture file.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
