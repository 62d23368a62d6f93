import DataValidation
import DomainModel
import JSONCore
import TestSupport

extension SectionVisitor {
    /// Hands `json` on as a validation session does once the record passed: decoded as
    /// `Record` (nil when it cannot be).
    func visit(_ index: Int?, _ json: JSONValue) {
        visit(try? Record.decode(json).0, at: index, from: json)
    }

    /// A clean snapshot, then the same one with something decoding would notice in it
    /// (`noticed`: what to replace, and with what), then with an unknown field, each offered to
    /// `visitTranscoding`: whether each was taken.
    func transcodingTaken(noticed: (String, String)) throws -> [Bool] {
        let clean =
            #"{"id":"\#(SampleIdentity.uuidText(decimal: 1))","domain":"example.com","capturedAt":"2026-01-01T00:00:00Z"}"#
        return try [
            clean, clean.replacingOccurrences(of: noticed.0, with: noticed.1),
            clean.replacingOccurrences(of: #""domain""#, with: #""future":1,"domain""#),
        ].map { text in visitTranscoding(try JSONDocument(parsing: Array(text.utf8)).root) }
    }
}
