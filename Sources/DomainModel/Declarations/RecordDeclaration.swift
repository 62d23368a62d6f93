/// A record type's fields as its `.record` file declares them: what the validator checks and
/// `backupctl schema` prints. The same declaration gives the record its properties, decoder and
/// encoder (RecordCodegen), so the three cannot disagree.
public struct RecordDeclaration: Sendable {
    /// The name under `$defs` in the printed JSON Schema.
    public let definition: String
    /// What the record is.
    public let description: String
    /// In declaration order, the order the encoder writes them.
    public let fields: [RecordField]
}
