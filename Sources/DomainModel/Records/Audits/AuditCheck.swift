import JSONCore

/// One check inside an audit session (`dns.spf`, `tls.expiry`…).
public struct AuditCheck: JSONRecord, Hashable {
    /// Stable check code, unique within its session.
    public var id: String
    public var title: String
    public var category: Lenient<AuditCategory>
    public var severity: Lenient<Severity>
    public var result: Lenient<CheckResult>
    /// What was found, for the report.
    public var detail: String?

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        id: String, title: String, category: AuditCategory, severity: Severity, result: CheckResult,
        detail: String? = nil
    ) {
        self.id = id
        self.title = title
        self.category = Lenient(category)
        self.severity = Lenient(severity)
        self.result = Lenient(result)
        self.detail = detail
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredNonEmptyString("id")
        title = reader.string("title", default: id)
        category = reader.enumeration("category", default: .security)
        severity = reader.enumeration("severity", default: .medium)
        result = reader.enumeration("result", default: .error)
        detail = reader.optionalString("detail")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("title", title)
        writer.field("category", category)
        writer.field("severity", severity)
        writer.field("result", result)
        writer.field("detail", detail)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
