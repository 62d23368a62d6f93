import ArgumentParsing
import DataValidation
import DurableIO
import Foundation
import JSONCore

/// `backupctl schema`: prints the JSON Schema of a backup version.
struct SchemaCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of a backup version.",
        discussion: """
            Generated from the same description the validator runs. For versions 3 and 4, each \
            property of the schema is one entry of the archive (in version 4 the carried entries \
            too); the manifest is under $defs/manifest. Versions 1 and 2 describe the whole \
            single-document backup.
            """,
        examples: [
            CommandExample("Save the schema of current backups", "backupctl schema > backup.schema.json"),
            CommandExample("Print the schema of version 1 backups", "backupctl schema --version 1"),
        ])

    @Option(
        help: ArgumentHelp("The backup schema version (default: the current one).", valueName: "n"),
        completion: .list(BackupSchema.knownVersions.map(String.init)))
    var version: Int?

    @OptionGroup var common: CommonOptions

    mutating func validate() throws {
        if let version, BackupSchema.version(version) == nil {
            let known = BackupSchema.knownVersions.map(String.init).joined(separator: ", ")
            throw ValidationError("--version must be one of \(known), not \(version)")
        }
    }

    func execute(_ console: Console) throws -> ReportFields {
        let schema = version.flatMap(BackupSchema.version) ?? .current
        var printer = JSONSchemaPrinter()
        let text = printer.print(schema)
        // Without --json the schema is the document (for `> backup.schema.json`), silenced by
        // --quiet; with --json it is a field of the envelope.
        if !common.json && !common.quiet { text.withUnsafeBytes { DescriptorIO.standardOutput.writeMessage($0) } }
        return ["version": .int(schema.version), "schema": .document(try JSONDocument(parsing: text))]
    }
}
