import DataStore
import Foundation

extension FuzzHarness {
    /// Decodes the bytes as a binary property list — a UserDefaults store — and reads the
    /// store it holds as `export` does: every collection through the lenient, deduplicating
    /// loaders into its canonical JSON, every object record, the app settings.
    static func fuzzPropertyList(_ input: UnsafeRawBufferPointer) -> Verdict {
        // XML goes to Foundation's parser, which is not this project's code.
        guard input.starts(with: Array("bplist".utf8)) else { return .reject }
        guard let decoded = try? PropertyListStore.decode(Data(input), path: "fuzz-input") else { return .keep }
        let loader = RecordLoader(InMemoryStore(entries: decoded.entries))
        _ = try? loader.loadEncoded(.trackedDomains)
        _ = try? loader.loadEncoded(.lookupHistory)
        _ = try? loader.loadEncoded(.domainAudits)
        _ = try? loader.loadEncoded(.domainWorkflows)
        _ = try? loader.loadEncoded(.monitoringLogs)
        _ = try? loader.load(.monitoringSettings)
        _ = try? loader.load(.cachedEntitlement)
        _ = try? loader.load(.usageCreditLedger)
        _ = try? loader.loadAppSettings()
        return .keep
    }
}
