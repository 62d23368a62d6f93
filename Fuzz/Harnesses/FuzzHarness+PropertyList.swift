import BackupFormat
import DataPortability
import DataStore
import Foundation

extension FuzzHarness {
    /// Decodes the bytes as a binary property list — a UserDefaults store — and reads the
    /// store it holds as `export` does: every section through the lenient, deduplicating
    /// loaders into its canonical JSON.
    static func fuzzPropertyList(_ input: UnsafeRawBufferPointer) -> Verdict {
        // XML goes to Foundation's parser, which is not this project's code.
        guard input.starts(with: Array("bplist".utf8)) else { return .reject }
        guard let decoded = try? PropertyListStore.decode(Data(input), path: "fuzz-input") else { return .keep }
        let source = SectionSource(InMemoryStore(entries: decoded.entries))
        for section in BackupSection.allCases { _ = try? source.read(section) }
        return .keep
    }
}
