import Foundation
import FuzzHarnesses
import TestSupport
import Testing

/// Every input a fuzzing run saved under `Tests/Fixtures/fuzz/<harness>/` — each once made a
/// harness crash, hang or leak — runs through the same harness code here, in the normal test
/// build without the fuzzer: a regression comes back as a crash of the test run itself.
@Suite struct FuzzCrashReplayTests {
    static let savedInputs = Fixtures.url("fuzz")

    /// The files saved for `harness`, sorted; none when the folder does not exist.
    static func savedInputs(of harness: FuzzHarness) throws -> [URL] {
        let folder = savedInputs.appendingPathComponent(harness.rawValue)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzHarness.allCases)
    func everySavedInputRunsToItsEnd(harness: FuzzHarness) throws {
        for input in try Self.savedInputs(of: harness) {
            // Returning at all is the test: the input once crashed the harness.
            harness.run([UInt8](try Data(contentsOf: input)))
        }
    }

    @Test(arguments: FuzzHarness.allCases)
    func everyFixtureRunsThroughEveryHarness(harness: FuzzHarness) throws {
        // The fuzzers start from these files; a harness must take them, and anything else.
        let folders = ["Backups", "Stores", "JSONTestSuite/test_parsing"]
        var count = 0
        for folder in folders {
            let url = Fixtures.url(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                harness.run([UInt8](try Data(contentsOf: url.appendingPathComponent(name))))
                count += 1
            }
        }
        #expect(count > 300)
    }

    @Test func everyFolderOfSavedInputsIsAHarness() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.savedInputs.path).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: Self.savedInputs.appendingPathComponent($0).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        for folder in folders {
            #expect(FuzzHarness(rawValue: folder) != nil, "Tests/Fixtures/fuzz/\(folder) belongs to no harness")
        }
    }

    @Test func everyHarnessHasALibFuzzerDriverAndEveryDriverAHarness() throws {
        let drivers = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/Drivers")
        let names = try FileManager.default.contentsOfDirectory(atPath: drivers.path).sorted()
        #expect(names == FuzzHarness.allCases.map { "fuzz-\($0.rawValue)" }.sorted())
    }
}
