import BackupFormat
import Foundation
import Testing

/// Ids are compared by what they say, not by how the JSON spells them: the decoders read
/// `"\u0030…"` and `"0…"` as the same UUID, so the validator must too.
extension BackupValidationSessionTests {
    /// The snapshot's id spelled with one escape (the first `0` as `\u0030`) is still the id a
    /// log names in plain text; before the ids became `IdentitySet.Identity` values both were
    /// compared as lowercased strings and matched.
    @Test func aLogFindsASnapshotWhoseIdIsSpelledWithAnEscape() throws {
        let plain = ValidBackupSections.id(101)
        let escaped = #"\u0030"# + plain.dropFirst()
        let history = ValidBackupSections.lookupHistory
            .replacingOccurrences(of: #""id": "\#(plain)""#, with: #""id": "\#(escaped)""#)
        try #require(history != ValidBackupSections.lookupHistory)
        let outcome = try run(replacing(.lookupHistory, with: history))
        #expect(outcome.summary == [], "the log's snapshot is in the history")
    }

    /// Two snapshots with the same UUID, one spelled with an escape: the import merges them
    /// (the decoders read the same UUID), so the validator must report the repeat.
    @Test func aRepeatedIdSpelledWithAnEscapeIsStillADuplicate() throws {
        let first = ValidBackupSections.id(101)
        let escapedRepeat = #"\u0030"# + first.dropFirst()
        let history = ValidBackupSections.lookupHistory
            .replacingOccurrences(of: #""id": "\#(ValidBackupSections.id(102))""#, with: #""id": "\#(escapedRepeat)""#)
        try #require(history != ValidBackupSections.lookupHistory)
        let outcome = try run(replacing(.lookupHistory, with: history))
        #expect(outcome.summary.contains("warning record.duplicate $.lookupHistory[1].id"))
    }
}
