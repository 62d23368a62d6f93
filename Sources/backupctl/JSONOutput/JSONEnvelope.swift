import DurableIO
import Foundation
import JSONCore

/// The one JSON document a command prints with `--json` (Docs/json-output.md, the schema in
/// Docs/json-output.schema.json). Every command's report goes through here, on success and
/// on failure, so the envelope is written in one place:
///
///     {"ok": true, "command": "import", …details…, "warnings": […]}
///     {"ok": false, "command": "import", "exitCode": 65, "status": "invalid-data",
///      "error": "…", "hint": "…", …details…, "warnings": […]}
///
/// The details are the command's own fields (a validation report's findings, the sections
/// written…); a failure carries whatever details the command had when it failed.
struct JSONEnvelope {
    /// The command's name (`import`), or nil when the command line named none.
    var command: String?
    /// nil on success.
    var failure: CommandFailure?
    var details: ReportFields
    var warnings: [CommandWarning]

    /// The envelope's own fields, which no command's details may use.
    static let reservedKeys: Set<String> = ["ok", "command", "exitCode", "status", "error", "hint", "warnings"]

    /// Writes the document to `output`, as one line.
    func write(to output: DescriptorIO) {
        assert(
            Set(details.keys).isDisjoint(with: JSONEnvelope.reservedKeys),
            "details may not use the envelope's fields: \(details.keys)")
        var envelope: ReportFields = ["ok": .bool(failure == nil), "command": command.map(ReportValue.string) ?? .null]
        if let failure {
            envelope["exitCode"] = .int(Int(failure.status.rawValue))
            envelope["status"] = .string(failure.status.name)
            envelope["error"] = .string(failure.message)
            envelope["hint"] = failure.hint.map(ReportValue.string)
        }
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        envelope.writeMembers(to: &writer)
        details.writeMembers(to: &writer)
        writer.key("warnings")
        ReportValue.objects(warnings, \.fields).write(to: &writer)
        writer.endObject()
        var line = writer.takeBytes()
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { output.writeMessage($0) }
    }
}

extension JSONEnvelope {
    /// A failure, with the details the failure carries. (A success is the memberwise
    /// `JSONEnvelope(command:details:warnings:)`, whose failure is nil.)
    init(command: String?, failure: CommandFailure, warnings: [CommandWarning]) {
        self.init(command: command, failure: failure, details: failure.details, warnings: warnings)
    }
}
