import Foundation

/// Finds programs built by this package, for tests that run them as a user would.
public enum BuildProducts {
    /// The `backupctl` executable built beside the test bundle (`.build/<config>/backupctl`),
    /// or `$BACKUPCTL_BINARY` when set.
    public static var backupctl: URL {
        if let override = ProcessInfo.processInfo.environment["BACKUPCTL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return productsDirectory.appendingPathComponent("backupctl")
    }

    /// The folder holding this build's products.
    public static var productsDirectory: URL {
        // The test runner is `.build/<config>/<package>PackageTests.xctest`; products sit beside it.
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }
}
