import Foundation
import TestSupport
import Testing

/// Schema and decoder agree, shown from outside (issue 17): records drawn from the JSON Schema
/// `backupctl schema` prints, by Python's `hypothesis-jsonschema`, for every section, are all
/// accepted by `backupctl import` — none malformed, none dropped — and `backupctl export` gives
/// back every value, in the canonical forms of Docs/data-model.md §2–§3.
///
/// `BACKUPCTL_SCHEMA_EXAMPLES` (default 10) sets how many values of each section are drawn,
/// `BACKUPCTL_SCHEMA_SEED` the seed, for a longer campaign:
///
///     BACKUPCTL_SCHEMA_EXAMPLES=200 BACKUPCTL_TEST_PYTHON=$PWD/.venv/bin/python \
///         swift test --skip-build --filter SchemaGeneratedRecordTests
@Suite struct SchemaGeneratedRecordTests {
    static let environment = ProcessInfo.processInfo.environment
    static let examples = environment["BACKUPCTL_SCHEMA_EXAMPLES"].flatMap(Int.init) ?? 10
    static let seed = environment["BACKUPCTL_SCHEMA_SEED"].flatMap(Int.init) ?? 17

    static let arraySections = ["trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoringLogs"]

    @Test func everySchemaValidRecordIsImportedAndExportedWithItsValues() throws {
        let workspace = try CommandWorkspace()
        let schema = workspace.path("schema.json")
        let printed = try workspace.backupctl("schema")
        try #require(printed.status == 0, "\(printed.stderrText)")
        try printed.stdout.write(to: URL(fileURLWithPath: schema))
        try SchemaRecordsPeer.generate(schema: schema, into: workspace.url, examples: Self.examples, seed: Self.seed)

        for index in 0..<Self.examples {
            // Every other backup goes into a property-list store: both backends see drawn records.
            let store = workspace.path("store-\(index).\(index % 2 == 0 ? "sqlite" : "plist")")
            let backup = workspace.path("backup-\(index).ddbackup")
            let generated = workspace.url.appendingPathComponent("backup-\(index).generated.json")
            let imported = try workspace.backupctl("import", backup, "--store", store, "--json")
            let summary = try ProcessOutput.jsonObject(from: imported.stdout)
            let findings = summary["findings"] as? [[String: Any]] ?? []
            let errors = findings.filter { $0["severity"] as? String == "error" }.map {
                "\($0["path"] ?? "") \($0["code"] ?? ""): \($0["message"] ?? "")"
            }
            let drawn = try String(contentsOf: generated, encoding: .utf8)
            #expect(
                imported.status == 0 && errors.isEmpty,
                "backup-\(index): the import refused schema-valid records: \(errors) \(imported.stderrText)\n\(drawn)")
            guard imported.status == 0 else { continue }
            for section in summary["sections"] as? [[String: Any]] ?? [] {
                let name = section["name"] as? String ?? ""
                #expect(
                    section["malformedSkipped"] as? Int == 0 && section["duplicatesDropped"] as? Int == 0,
                    "backup-\(index) \(name): \(section)")
                if Self.arraySections.contains(name) {
                    #expect(section["added"] as? Int == 1, "backup-\(index) \(name): \(section)")
                }
            }

            let exported = workspace.path("exported-\(index).ddbackup")
            let export = try workspace.backupctl(
                "export", "--store", store, "-o", exported, "--compression", "none", "--quiet")
            try #require(export.status == 0, "backup-\(index): \(export.stderrText)")
            let mismatches = try SchemaRecordsPeer.compare(schema: schema, generated: generated, exported: exported)
            let backend = store.hasSuffix("plist") ? "property list" : "SQLite"
            #expect(
                mismatches.isEmpty,
                "backup-\(index) (\(backend)): \(mismatches.map(\.description).joined(separator: "\n"))")
        }
    }
}
