import Foundation
import TestSupport

/// Runs the built `backupctl` from the test process's own folder, for tests whose arguments
/// are all absolute paths (fixtures copied into a temporary folder). Tests that need a
/// working folder of their own use `CommandWorkspace`.
func backupctl(_ arguments: String...) throws -> ProcessOutput {
    try ProcessRunner.run(BuildProducts.backupctl.path, arguments)
}

/// Copies the store fixture `Tests/Fixtures/Stores/<name>.plist` into `folder`, so a test
/// may change it.
/// - Returns: the copy.
func copyStoreFixture(_ name: String, into folder: TemporaryDirectory) throws -> URL {
    let destination = folder.file("\(name).plist")
    try FileManager.default.copyItem(at: Fixtures.url("Stores/\(name).plist"), to: destination)
    return destination
}
