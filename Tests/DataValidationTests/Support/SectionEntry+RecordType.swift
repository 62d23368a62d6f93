import BackupFormat
import DomainModel

extension SectionEntry.Records {
    /// The type of the section's records: of its one object, for an object section.
    var recordType: any MergeableRecord.Type {
        switch self {
        case .array(let type): type
        case .object(let defaults), .composite(let defaults): type(of: defaults)
        case .optionalObject(let type): type
        }
    }
}
