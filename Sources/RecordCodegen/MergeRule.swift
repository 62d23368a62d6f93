/// How two copies of a record combine (`MergeableRecord.merged(with:)`), as the declaration's
/// `merge` keys say: the record's names the copy that wins, a field's how that field departs
/// from the winner's value. The words are few on purpose — those the records' rules need; a
/// rule they cannot say is `custom`, written by hand beside the declaration (the compiler then
/// insists on it: the conformance needs a `merged(with:)`, and a second one would clash).
///
/// Whatever the rule, unknown fields are unioned, the winner's winning a clash.
enum MergeRule {
    /// This copy (the one held first, or the store's) wins.
    case first
    /// The other copy (the later one, or the backup's) wins.
    case incoming
    /// The copy whose date field is later wins; absent is the distant past, a tie keeps this copy.
    case later(FieldDeclaration)
    /// `merged(with:)` is written by hand in `Type+Merging.swift`.
    case custom

    static let vocabulary = "first, incoming, later F (F a date field) or custom"

    /// The declaration's rule, nil for a record that does not merge; throws on a rule that
    /// cannot be generated, or a field's merge word the rule would not use.
    static func parse(_ declaration: DeclarationFile) throws(DeclarationError) -> MergeRule? {
        let mergeable = declaration.conformances.contains { $0 == "MergeableRecord" || $0 == "DeduplicatingRecord" }
        guard let text = declaration.merge else {
            if mergeable { throw DeclarationError("merge: a MergeableRecord says which copy wins (\(vocabulary))") }
            if let field = declaration.fields.first(where: { $0.merge != nil }) {
                throw DeclarationError("\(field.name): a field merges only in a record with a merge rule")
            }
            return nil
        }
        guard mergeable else {
            throw DeclarationError("merge: only a MergeableRecord or DeduplicatingRecord has a merge rule")
        }
        let rule: MergeRule
        switch text {
        case "first": rule = .first
        case "incoming": rule = .incoming
        case "custom": rule = .custom
        case _ where text.hasPrefix("later "):
            let name = String(text.dropFirst("later ".count))
            guard let field = declaration.fields.first(where: { $0.name == name }) else {
                throw DeclarationError("merge: later \(name): no field \(name)")
            }
            guard case .date = field.kind else { throw DeclarationError("merge: later \(name): \(name) is not a date") }
            rule = .later(field)
        default: throw DeclarationError("merge: unknown rule \"\(text)\" (one of \(vocabulary))")
        }
        for field in declaration.fields {
            guard let word = field.merge else { continue }
            if case .custom = rule {
                throw DeclarationError("\(field.name): a field merges only by a generated rule, not a custom one")
            }
            guard let merge = FieldMerge(rawValue: word) else {
                throw DeclarationError(
                    "\(field.name): unknown merge \"\(word)\" (one of "
                        + "\(FieldMerge.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if let problem = merge.problem(for: field) { throw DeclarationError("\(field.name): \(problem)") }
        }
        return rule
    }

    /// The `naturalKey` property a `DeduplicatingRecord` declares (the field that identifies
    /// it), nil for another record; throws when one of the two lacks what the other has.
    static func naturalKey(_ declaration: DeclarationFile) throws(DeclarationError) -> String? {
        let deduplicating = declaration.conformances.contains("DeduplicatingRecord")
        guard let name = declaration.naturalKey else {
            if deduplicating { throw DeclarationError("naturalKey: a DeduplicatingRecord names its natural key") }
            return nil
        }
        guard deduplicating else { throw DeclarationError("naturalKey: only a DeduplicatingRecord has one") }
        guard let field = declaration.fields.first(where: { $0.name == name && $0.isRequired }) else {
            throw DeclarationError("naturalKey: \(name) is not a required field")
        }
        return "    /// The natural key (declared in \(declaration.record).record): `\(name)`.\n"
            + "    public var naturalKey: \(field.kind.swiftType) { \(name) }"
    }
}
