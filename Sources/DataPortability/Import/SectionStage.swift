import BackupFormat
import DataValidation

/// One section of a backup on its way into the store: the visitor that collects its records
/// while validation streams past them — a `RecordStage` or an `EncodingStage` of the section's
/// record type — and how the import applies what it collected once the whole backup validated.
///
/// `SectionImporter.makeStage(for:source:options:)` makes the two together, the one place that
/// knows a section's record type, so applying the records never has to find that type again.
struct SectionStage {
    let section: BackupSection
    /// What validation hands the section's records to.
    let visitor: any SectionVisitor
    /// Writes the collected records into the import's transaction, adding to the counts.
    /// - Returns: whether the store's data changed.
    let apply: (inout ImportSummary.SectionCounts) throws -> Bool
}
