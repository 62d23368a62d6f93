import BackupFormat
import Foundation
import JSONCore
import TestSupport
import Testing

@testable import DataValidation

@Suite struct JSONSchemaPrinterTests {
    /// A record broken (or bent) by a Python statement over the assembled document `doc`, and
    /// where both validators must put the resulting errors.
    struct Mutation: CustomStringConvertible {
        var name: String
        var statement: String
        /// Every error location expected, in our notation; empty when both must accept.
        var errors: [String]
        /// For accepted cases: the note ours must give, as `code location`.
        var note: String?

        var description: String { name }
    }

    /// At least one of every kind of schema break, each rejected by both validators.
    static let brokenRecords: [Mutation] = [
        Mutation(
            name: "wrong type", statement: "doc['trackedDomains'][3]['addedAt'] = 20250113",
            errors: ["$.trackedDomains[3].addedAt"]),
        Mutation(
            name: "missing required field", statement: "del doc['trackedDomains'][3]['domain']",
            errors: ["$.trackedDomains[3].domain"]),
        Mutation(
            name: "invalid domain", statement: "doc['trackedDomains'][3]['domain'] = 'exa mple.com'",
            errors: ["$.trackedDomains[3].domain"]),
        Mutation(
            name: "invalid domain in a list", statement: "doc['domainWorkflows'][0]['domains'][1] = 'bad_name.example'",
            errors: ["$.domainWorkflows[0].domains[1]"]),
        Mutation(
            name: "invalid DNS owner name",
            statement: "doc['lookupHistory'][0]['dns']['records'][1]['name'] = 'mx one.alpha.example'",
            errors: ["$.lookupHistory[0].dns.records[1].name"]),
        Mutation(
            name: "bad UUID", statement: "doc['lookupHistory'][1]['id'] = 'not-a-uuid'",
            errors: ["$.lookupHistory[1].id"]),
        Mutation(
            name: "bad timestamp", statement: "doc['domainAudits'][0]['startedAt'] = '2025-13-01T08:00:00Z'",
            errors: ["$.domainAudits[0].startedAt"]),
        Mutation(
            name: "impossible day of month",
            statement: "doc['trackedDomains'][0]['expiresAt'] = '2027-02-30T00:00:00Z'",
            errors: ["$.trackedDomains[0].expiresAt"]),
        Mutation(
            name: "February 29 outside a leap year",
            statement: "doc['entitlement']['expiresAt'] = '2100-02-29T00:00:00Z'",
            errors: ["$.entitlement.expiresAt"]),
        Mutation(
            name: "out-of-range integer", statement: "doc['lookupHistory'][0]['http']['statusCode'] = 700",
            errors: ["$.lookupHistory[0].http.statusCode"]),
        Mutation(
            name: "out-of-range optional integer", statement: "doc['usageCredits']['entries'][1]['amount'] = -2000000",
            errors: ["$.usageCredits.entries[1].amount"]),
        Mutation(
            name: "fractional integer", statement: "doc['lookupHistory'][0]['durationMs'] = 12.5",
            errors: ["$.lookupHistory[0].durationMs"]),
        Mutation(
            name: "too many items", statement: "doc['trackedDomains'][1]['tags'] = ['t%d' % i for i in range(33)]",
            errors: ["$.trackedDomains[1].tags"]),
        Mutation(
            name: "bad wall-clock time", statement: "doc['monitoringSettings']['quietHours']['start'] = '24:00'",
            errors: ["$.monitoringSettings.quietHours.start"]),
        Mutation(
            name: "non-https resolver URL",
            statement: "doc['appSettings']['resolverURL'] = 'http://dns.example/dns-query'",
            errors: ["$.appSettings.resolverURL"]),
        Mutation(
            name: "empty name", statement: "doc['domainWorkflows'][0]['name'] = ''",
            errors: ["$.domainWorkflows[0].name"]),
        Mutation(
            name: "blank product id", statement: "doc['entitlement']['productId'] = '   '",
            errors: ["$.entitlement.productId"]),
        Mutation(
            name: "null in a required field", statement: "doc['monitoringLogs'][1]['checkedAt'] = None",
            errors: ["$.monitoringLogs[1].checkedAt"]),
        Mutation(
            name: "required field missing inside an optional object",
            statement: "del doc['lookupHistory'][0]['tls']['issuer']",
            errors: ["$.lookupHistory[0].tls.issuer"]),
        Mutation(
            name: "non-string header", statement: "doc['lookupHistory'][0]['http']['headers']['x-count'] = 3",
            errors: [#"$.lookupHistory[0].http.headers["x-count"]"#]),
        Mutation(
            name: "wrong section shape (array section)", statement: "doc['trackedDomains'] = {}",
            errors: ["$.trackedDomains"]),
        Mutation(
            name: "wrong section shape (object section)", statement: "doc['appSettings'] = []",
            errors: ["$.appSettings"]),
        Mutation(
            name: "timestamp past year 9999 once in UTC",
            statement: "doc['trackedDomains'][0]['addedAt'] = '9999-12-31T20:00:00-05:00'",
            errors: ["$.trackedDomains[0].addedAt"]),
        Mutation(
            name: "timestamp before year 0000 once in UTC",
            statement: "doc['domainAudits'][0]['startedAt'] = '0000-01-01T01:00:00+05:00'",
            errors: ["$.domainAudits[0].startedAt"]),
        Mutation(
            name: "timestamp whose fraction rounds past year 9999",
            statement: "doc['entitlement']['verifiedAt'] = '9999-12-31T23:59:59.9995Z'",
            errors: ["$.entitlement.verifiedAt"]),
        Mutation(
            name: "name of white space beyond ASCII", statement: "doc['domainWorkflows'][0]['name'] = '\\u3000\\u0085'",
            errors: ["$.domainWorkflows[0].name"]),
        Mutation(
            name: "two broken records",
            statement: "doc['trackedDomains'][2]['id'] = 5; doc['monitoringLogs'][0]['snapshotId'] = 'x'",
            errors: ["$.trackedDomains[2].id", "$.monitoringLogs[0].snapshotId"]),
    ]

    /// What lenient decoding absorbs: both validators accept it, ours with a note.
    static let acceptedRecords: [Mutation] = [
        Mutation(
            name: "unknown enum value", statement: "doc['trackedDomains'][2]['status'] = 'snoozed'",
            errors: [], note: "record.unknown-value $.trackedDomains[2].status"),
        Mutation(
            name: "unknown enum value in a list", statement: "doc['monitoringSettings']['channels'].append('pager')",
            errors: [], note: "record.unknown-value $.monitoringSettings.channels[2]"),
        Mutation(
            name: "unknown field", statement: "doc['trackedDomains'][0]['color'] = 'red'",
            errors: [], note: "record.unknown-field $.trackedDomains[0].color"),
        Mutation(
            name: "non-canonical domain", statement: "doc['trackedDomains'][1]['domain'] = ' Bravo.Example. '",
            errors: [], note: "domain.not-canonical $.trackedDomains[1].domain"),
        Mutation(
            name: "leap day", statement: "doc['trackedDomains'][0]['expiresAt'] = '2028-02-29T00:00:00Z'",
            errors: [], note: nil),
        Mutation(
            name: "integer written with a fraction of zero",
            statement: "doc['monitoringSettings']['intervalMinutes'] = 60.0",
            errors: [], note: nil),
        Mutation(
            name: "null optional section", statement: "doc['usageCredits'] = None",
            errors: [], note: nil),
        // Four values the schema allowed and the decoder refused or changed (issue 17).
        Mutation(
            name: "fraction of many digits",
            statement: "doc['trackedDomains'][0]['addedAt'] = '2026-01-01T10:00:22.12349999999999999Z'",
            errors: [], note: nil),
        Mutation(
            name: "timestamp at the last instant of 9999",
            statement: "doc['trackedDomains'][0]['addedAt'] = '9999-12-31T23:59:59.9994999+00:00'",
            errors: [], note: nil),
        Mutation(
            name: "name of a space and a combining mark",
            statement: "doc['domainWorkflows'][0]['name'] = ' \\u0301'", errors: [], note: nil),
        Mutation(
            name: "name of a separator Python's re takes for white space",
            statement: "doc['entitlement']['productId'] = '\\u001c'", errors: [], note: nil),
        Mutation(
            name: "resolver URL with a combining mark",
            statement: "doc['appSettings']['resolverURL'] = 'https://\\u0301dns.example/dns-query'", errors: [],
            note: nil),
        Mutation(
            name: "lone wildcard owner name",
            statement: "doc['lookupHistory'][0]['dns']['records'][1]['name'] = '*'", errors: [], note: nil),
    ]

    // MARK: The printed document

    private func printedSchema() -> [UInt8] {
        var printer = JSONSchemaPrinter()
        return printer.print(.current)
    }

    private func writeSchema(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file("backup-v3.schema.json")
        try Data(printedSchema()).write(to: url)
        return url
    }

    @Test func printsDraft202012WithOnePropertyPerSectionAndTheManifest() throws {
        let schema = try JSONDocument(parsing: printedSchema()).root
        #expect(schema["$schema"]?.string == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"]?.string == "https://schemas.domaindig.app/backup/v4.json")
        #expect(schema["type"]?.string == "object")
        let properties = try #require(schema["properties"])
        #expect(
            properties.fields.map(\.key)
                == BackupSection.allCases.map(\.rawValue) + CarriedEntry.allCases.map(\.rawValue) + ["manifest"])
        // A version 4 section may be absent (the manifest names it); version 3 requires each.
        #expect(schema["required"] == nil)
        #expect(properties["storeKeys"]?["$ref"]?.string == "#/$defs/carriedStoreKeys")
        #expect(properties["unreadableRecords"]?["$ref"]?.string == "#/$defs/carriedUnreadableRecords")
        var printer = JSONSchemaPrinter()
        let version3 = try JSONDocument(parsing: printer.print(try #require(BackupSchema.version(3)))).root
        #expect(version3["required"]?.elements.compactMap(\.string) == BackupSection.allCases.map(\.rawValue))
        #expect(version3["properties"]?["storeKeys"] == nil)
        #expect(properties["manifest"]?["$ref"]?.string == "#/$defs/manifest")
        #expect(properties["trackedDomains"]?["items"]?["$ref"]?.string == "#/$defs/trackedDomain")
        #expect(properties["entitlement"]?["anyOf"]?[1]?["type"]?.string == "null")
    }

    @Test func everyRecordIsDefinedOnceUnderDefs() throws {
        let schema = try JSONDocument(parsing: printedSchema()).root
        let definitions = try #require(schema["$defs"]).fields.map(\.key)
        #expect(Set(definitions).count == definitions.count)
        for name in [
            "trackedDomain", "lookupSnapshot", "dnsRecord", "auditSession", "auditCheck", "workflow", "workflowStep",
            "monitoringSettings", "quietHours", "monitoringLogEntry", "appSettings", "cachedEntitlement",
            "usageCreditLedger", "ledgerEntry", "manifest",
        ] {
            #expect(definitions.contains(name), "\(name)")
        }
        let trackedDomain = try #require(schema["$defs"]?["trackedDomain"])
        #expect(trackedDomain["required"]?.elements.compactMap(\.string) == ["id", "domain", "addedAt"])
        #expect(trackedDomain["properties"]?["tags"]?["anyOf"]?[0]?["maxItems"]?.int == 32)
        #expect(
            trackedDomain["properties"]?["status"]?["anyOf"]?[0]?["x-knownValues"]?.elements.compactMap(\.string)
                == ["active", "paused", "archived"])
        #expect(trackedDomain["properties"]?["status"]?["anyOf"]?[0]?["enum"] == nil, "unknown values are accepted")
        #expect(trackedDomain["additionalProperties"] == nil, "unknown fields are accepted")
    }

    @Test func printingIsDeterministic() {
        #expect(printedSchema() == printedSchema())
    }

    @Test func everyShippedVersionIsKnown() {
        #expect(BackupSchema.knownVersions == [1, 2, 3, 4])
        #expect(BackupSchema.version(1)?.documentNode != nil)
        #expect(BackupSchema.version(2)?.documentNode != nil)
        #expect(BackupSchema.current.version == DomainDigBackup.currentSchemaVersion)
        #expect(BackupSchema.version(3)?.version == 3)
        #expect(BackupSchema.version(3)?.isLossless == false)
        #expect(BackupSchema.version(4)?.isLossless == true)
        #expect(BackupSchema.version(7) == nil)
        #expect(BackupSchema.version(0) == nil)
    }

    @Test func passesTheMetaSchemaCheckOfJsonschema() throws {
        let directory = try TemporaryDirectory()
        let problem = try JSONSchemaPeer.metaSchemaProblem(in: try writeSchema(in: directory))
        #expect(problem == nil)
    }

    // MARK: Differential: fixtures

    /// Every archive backup this build reads under Tests/Fixtures (other files are left alone).
    private func fixtureBackups() throws -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: Fixtures.directory, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker where !url.path.contains("/JSONTestSuite/") {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let file = try? BackupFile(path: url.path), case .tar = file.encoding,
                let reader = try? file.openArchive(),
                reader.manifest.schemaVersion <= DomainDigBackup.currentSchemaVersion
            else { continue }
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test func everyFixtureBackupValidatesAgainstThePrintedSchema() throws {
        let directory = try TemporaryDirectory()
        let schema = try writeSchema(in: directory)
        var backups = try fixtureBackups()
        backups.append(try TestArchive.valid.write(in: directory, name: "valid.ddbackup"))
        for (seed, compression) in [(1, "zstd"), (2, "gzip"), (3, "none")] {
            backups.append(
                try SampledExport.make(
                    in: directory, seed: seed, compression: compression, name: "sample-\(seed).ddbackup"))
        }
        var documents: [URL] = []
        for (index, backup) in backups.enumerated() {
            let extracted = try SampledExport.extract(backup, in: directory)
            let document = directory.file("document-\(index).json")
            try JSONSchemaPeer.assembleDocument(fromExtracted: extracted, to: document)
            documents.append(document)
            let ours = try DataValidationService().validate(backup: backup.path)
            #expect(
                ours.count(.error) == 0,
                "\(backup.lastPathComponent): \(ours.findings.filter { $0.severity == .error })")
        }
        let theirs = try JSONSchemaPeer.validate(documents, against: schema)
        for (backup, violations) in zip(backups, theirs) {
            #expect(violations.isEmpty, "\(backup.lastPathComponent): \(violations)")
        }
    }

    // MARK: Differential: broken and bent records

    /// Applies every mutation to the valid backup's assembled document in Python, validates
    /// the result with jsonschema there and with ours here (as a backup archive).
    private func compare(_ mutations: [Mutation]) throws -> [(ours: [Finding], theirs: [JSONSchemaPeer.Violation])] {
        let directory = try TemporaryDirectory()
        let schema = try writeSchema(in: directory)
        let extracted = try SampledExport.extract(try TestArchive.valid.write(in: directory), in: directory)
        let base = directory.file("base.json")
        try JSONSchemaPeer.assembleDocument(fromExtracted: extracted, to: base)
        let output = directory.file("mutated")
        let theirs = try JSONSchemaPeer.mutateAndValidate(
            base: base, mutations: mutations.map(\.statement), schema: schema, output: output)
        try #require(theirs.count == mutations.count)
        var results: [(ours: [Finding], theirs: [JSONSchemaPeer.Violation])] = []
        for index in mutations.indices {
            var sections: [BackupSection: String] = [:]
            for section in BackupSection.allCases {
                let url = output.appendingPathComponent("\(index)/\(section.rawValue).json")
                sections[section] = try String(contentsOf: url, encoding: .utf8)
            }
            let url = try TestArchive(sections: sections).write(in: directory, name: "mutated-\(index).ddbackup")
            results.append((try DataValidationService().validate(backup: url.path).findings, theirs[index]))
        }
        return results
    }

    @Test func brokenRecordsAreRejectedByBothValidatorsAtTheSameLocations() throws {
        #expect(Self.brokenRecords.count >= 12)
        let results = try compare(Self.brokenRecords)
        for (mutation, result) in zip(Self.brokenRecords, results) {
            let ourErrors = result.ours.filter { $0.severity == .error }
            #expect(ourErrors.map(\.location) == mutation.errors, "ours, \(mutation.name): \(ourErrors)")
            #expect(
                Set(result.theirs.map(\.location)) == Set(mutation.errors),
                "jsonschema, \(mutation.name): \(result.theirs)")
            for violation in result.theirs where !violation.location.contains("[\"") {
                // jsonschema's own notation agrees with ours; `required` names the object holding the field.
                let expected =
                    violation.keyword == "required"
                    ? String(violation.location[..<violation.location.lastIndex(of: ".")!]) : violation.location
                #expect(violation.jsonPath == expected, "\(mutation.name): \(violation)")
            }
        }
    }

    @Test func lenientValuesAreAcceptedByBothValidators() throws {
        let results = try compare(Self.acceptedRecords)
        for (mutation, result) in zip(Self.acceptedRecords, results) {
            #expect(result.ours.filter { $0.severity == .error }.isEmpty, "ours, \(mutation.name): \(result.ours)")
            #expect(result.theirs.isEmpty, "jsonschema, \(mutation.name): \(result.theirs)")
            let notes = result.ours.filter { $0.severity == .note }.map { "\($0.code.rawValue) \($0.location)" }
            #expect(notes == (mutation.note.map { [$0] } ?? []), "\(mutation.name)")
        }
    }
}
