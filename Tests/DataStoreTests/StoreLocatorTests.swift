import Foundation
import Testing

@testable import DataStore

@Suite struct StoreLocatorTests {
    static let everything = [
        "DOMAINDIG_STORE": "/env/store.sqlite",
        "XDG_DATA_HOME": "/xdg",
        "HOME": "/home/user",
    ]

    /// Locates with every folder taken to exist (the tests' homes are made up), unless `existing` says which do.
    func locate(_ environment: [String: String], explicit: String? = nil, existing: Set<String>? = nil) throws
        -> StoreLocation
    {
        try StoreLocator(
            environment: environment, currentDirectory: "/work",
            folderExists: { path in existing.map { $0.contains(path) } ?? true }
        ).locate(explicitPath: explicit)
    }

    @Test func theCommandLineWinsOverEverything() throws {
        let location = try locate(Self.everything, explicit: "/cli/store.plist")
        #expect(location == StoreLocation(url: URL(fileURLWithPath: "/cli/store.plist"), source: .commandLine))
    }

    @Test func theEnvironmentVariableComesNext() throws {
        let location = try locate(Self.everything)
        #expect(location == StoreLocation(url: URL(fileURLWithPath: "/env/store.sqlite"), source: .environment))
    }

    @Test func thenTheXDGDataHome() throws {
        var environment = Self.everything
        environment["DOMAINDIG_STORE"] = nil
        let location = try locate(environment)
        #expect(
            location == StoreLocation(url: URL(fileURLWithPath: "/xdg/domaindig/store.sqlite"), source: .xdgDataHome))
    }

    @Test func thenTheHomeFolder() throws {
        let location = try locate(["HOME": "/home/user"])
        #expect(
            location
                == StoreLocation(
                    url: URL(fileURLWithPath: "/home/user/.local/share/domaindig/store.sqlite"), source: .home))
    }

    @Test func emptyVariablesAndARelativeXDGDataHomeAreIgnored() throws {
        let location = try locate(
            ["DOMAINDIG_STORE": "", "XDG_DATA_HOME": "relative/data", "HOME": "/home/user"], explicit: "")
        #expect(location.source == .home)
    }

    @Test func relativePathsAreTakenFromTheCurrentFolder() throws {
        #expect(try locate([:], explicit: "stores/../my.sqlite").url == URL(fileURLWithPath: "/work/my.sqlite"))
        #expect(try locate(["DOMAINDIG_STORE": "s.plist"]).url == URL(fileURLWithPath: "/work/s.plist"))
    }

    @Test func withoutAnySettingThereIsNoLocation() throws {
        let error = #expect(throws: StoreError.noDefaultLocation) { try locate([:]) }
        #expect(error?.description.contains("--store") == true)
    }

    @Test func aHomeThatDoesNotExistIsNoLocationAndIsNeverCreated() throws {
        let error = #expect(
            throws: StoreError.unusableDefaultLocation(variable: "HOME", path: "/nonexistent")
        ) { try locate(["HOME": "/nonexistent"], existing: []) }
        #expect(error?.description.contains("never creates a home folder") == true)
        // The real file system too: nothing is created by locating.
        let real = StoreLocator(environment: ["HOME": "/nonexistent/home"], currentDirectory: "/")
        #expect(throws: StoreError.self) { try real.locate(explicitPath: nil) }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/home"))
    }

    @Test func anXDGDataHomeMustExistOrLieInAnExistingHome() throws {
        // Missing, but inside the existing home: the XDG specification lets it be created.
        let inside = try locate(
            ["XDG_DATA_HOME": "/home/user/.local/share", "HOME": "/home/user"], existing: ["/home/user"])
        #expect(inside.url.path == "/home/user/.local/share/domaindig/store.sqlite")
        #expect(
            throws: StoreError.unusableDefaultLocation(variable: "XDG_DATA_HOME", path: "/elsewhere/data")
        ) { try locate(["XDG_DATA_HOME": "/elsewhere/data", "HOME": "/home/user"], existing: ["/home/user"]) }
        #expect(
            throws: StoreError.unusableDefaultLocation(variable: "XDG_DATA_HOME", path: "/home/user/.local/share")
        ) { try locate(["XDG_DATA_HOME": "/home/user/.local/share", "HOME": "/home/user"], existing: []) }
        let existing = try locate(["XDG_DATA_HOME": "/data"], existing: ["/data"])
        #expect(existing.source == .xdgDataHome)
    }
}
