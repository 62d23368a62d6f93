/// The Swift a merge rule becomes: `merged(with:)`, documented with the rule it implements.
extension MergeRule {
    /// The function's lines, none for a `custom` rule (written by hand).
    func function(record: String, fields: [FieldDeclaration]) -> [String] {
        let winner: String
        switch self {
        case .custom: return []
        case .first: winner = "(self, other)"
        case .incoming: winner = "(other, self)"
        case .later(let date):
            let (mine, theirs) =
                date.isOptional
                ? ("(\(date.name) ?? .distantPast)", "(other.\(date.name) ?? .distantPast)")
                : (date.name, "other.\(date.name)")
            winner = "\(theirs) > \(mine) ? (other, self) : (self, other)"
        }
        let merging = fields.compactMap { field in field.merge.flatMap(FieldMerge.init).map { (field, $0) } }
        return ["", "    /// Merge rule (declared in \(record).record): \(summary)."]
            + merging.map { "    /// - `\($0.name)`: \($1.summary(self))." }
            + [
                "    ///",
                "    /// Unknown fields are unioned, the winner's winning a clash.",
                "    public func merged(with other: \(record)) -> \(record) {",
                "        let (winner, loser) = \(winner)",
                "        var result = winner",
                "        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)",
            ]
            + merging.map { "        result.\($0.name) = \($1.value(of: $0, under: self))" }
            + ["        return result", "    }"]
    }

    private var summary: String {
        switch self {
        case .first, .custom: "this copy wins"
        case .incoming: "the other copy wins"
        case .later(let date):
            "the copy with the later `\(date.name)` wins (\(date.isOptional ? "absent is the distant past; " : "")"
                + "a tie keeps this copy)"
        }
    }
}

extension FieldMerge {
    fileprivate func summary(_ rule: MergeRule) -> String {
        switch self {
        case .fill: "the winner's unless absent, then the other's"
        case .either: "if either copy's is"
        case .max: "the later of the two"
        case .union:
            if case .later = rule { "unioned, the winner's first" } else { "unioned, this copy's first" }
        }
    }

    /// The expression the merged field is set to; `winner` and `loser` are the two copies.
    fileprivate func value(of field: FieldDeclaration, under rule: MergeRule) -> String {
        let name = field.name
        switch self {
        case .fill: return "winner.\(name) ?? loser.\(name)"
        case .either: return "winner.\(name) || loser.\(name)"
        case .max:
            return field.isOptional
                ? "[winner.\(name), loser.\(name)].compactMap { $0 }.max()" : "Swift.max(winner.\(name), loser.\(name))"
        case .union:
            let (first, second) = if case .later = rule { ("winner", "loser") } else { ("self", "other") }
            // Domains in their canonical form, as the initialiser and decoding keep them: two
            // spellings of one domain are one element, and a list repeats none.
            let isDomains = if case .list(.domain) = field.kind { true } else { false }
            let (lists, both) = ("\(first).\(name), \(second).\(name)", "\(first).\(name) + \(second).\(name)")
            let joined =
                switch (field.normalize, isDomains) {
                case (let normalize?, true): "\(normalize)((\(both)).map(DomainName.canonical))"
                case (let normalize?, false): "\(normalize)(\(both))"
                case (nil, true): "domainUnion(\(lists))"
                case (nil, false): "union(\(lists))"
                }
            return field.max.map { "Array(\(joined).prefix(\($0)))" } ?? joined
        }
    }
}
