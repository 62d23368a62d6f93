import JSONCore

/// One step of a workflow.
public struct WorkflowStep: JSONRecord, Hashable {
    /// Unique within the workflow.
    public var id: String
    public var kind: Lenient<WorkflowStepKind>
    public var isEnabled: Bool
    /// Step settings (`"compareWith": "previous"`), in order.
    public var parameters: [StringPair]

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(id: String, kind: WorkflowStepKind, isEnabled: Bool = true, parameters: [StringPair] = []) {
        self.id = id
        self.kind = Lenient(kind)
        self.isEnabled = isEnabled
        self.parameters = parameters
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredNonEmptyString("id")
        kind = reader.enumeration("kind", default: .unsupported)
        isEnabled = reader.bool("isEnabled", default: true)
        parameters = reader.stringMap("parameters")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("kind", kind)
        writer.field("isEnabled", isEnabled)
        writer.field("parameters", parameters)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
