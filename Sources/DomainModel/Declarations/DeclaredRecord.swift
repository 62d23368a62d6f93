/// A record generated from its `.record` declaration.
public protocol DeclaredRecord: JSONRecord {
    /// The record's fields, for the schema.
    static var declaration: RecordDeclaration { get }
}
