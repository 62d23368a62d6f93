import Foundation
import Testing

@testable import DataStore

@Suite struct StoreLocatorTests {
    static let everything = [
        "DOMAINDIG_STORE": "/env/store.sqlite",
        "XDG_DATA_HOME": "/xdg",
        "HOME": "/home/user",
    ]

    func locate(_ environment: [String: String], explicit: String? = nil) throws -> StoreLocation {
        try StoreLocator(environment: environment, currentDirectory: "/work").locate(explicitPath: explicit)
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
}
