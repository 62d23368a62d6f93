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

    /// Single-bit flips of `Backups/v2.json.gz` that an outside fault campaign found imported
    /// silently before gzip's CRC-32 was checked: `"rdap"` becomes `"rdan"`, and a digit of a
    /// transaction id changes. Each still inflates to valid JSON of the same length that
    /// validates, so only the CRC-32 tells. The offsets are those of the fixture's current
    /// bytes: rewriting it (`generate-fixtures.py`) moves them.
    public static let v2SilentFlips = [(byte: 657, bit: 7), (byte: 1541, bit: 4)]
}
