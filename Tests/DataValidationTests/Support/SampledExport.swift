import Foundation
import TestSupport
import Testing

/// A backup made the way a user makes one: `backupctl sample` writes a store with its planted
/// problems, `backupctl export` writes the backup. The built binary is used because this test
/// target does not link the export pipeline.
enum SampledExport {
    /// Writes a sample store and exports it into `directory`.
    /// - Returns: the backup's location.
    static func make(
        in directory: TemporaryDirectory, seed: Int = 1, size: String = "small",
        compression: String = "zstd", name: String = "sample.ddbackup"
    ) throws -> URL {
        let store = directory.file("store-\(seed)-\(size).sqlite").path
        let backup = directory.file(name)
        let binary = BuildProducts.backupctl.path
        try #require(
            FileManager.default.isExecutableFile(atPath: binary),
            "\(binary) is missing: build it with `swift build` (make test does) before running these tests")
        let sample = try ProcessRunner.run(
            binary, ["sample", "--store", store, "--size", size, "--seed", String(seed), "--quiet"])
        try #require(sample.status == 0, "backupctl sample failed: \(sample.stderrText)")
        let export = try ProcessRunner.run(
            binary,
            [
                "export", "--store", store, "-o", backup.path,
                "--compression", compression, "--quiet",
            ])
        try #require(export.status == 0, "backupctl export failed: \(export.stderrText)")
        return backup
    }

    /// Extracts `backup` with the system's `tar` (which detects the compression itself) into a
    /// new folder beside it.
    static func extract(_ backup: URL, in directory: TemporaryDirectory) throws -> URL {
        let folder = directory.file(backup.deletingPathExtension().lastPathComponent + "-extracted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tar = try ProcessRunner.run("tar", ["-xf", backup.path, "-C", folder.path])
        try #require(tar.status == 0, "tar could not extract \(backup.path): \(tar.stderrText)")
        return folder
    }
}
