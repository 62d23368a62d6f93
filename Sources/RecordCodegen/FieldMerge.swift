/// How one field departs from the winning copy's value when two copies merge.
enum FieldMerge: String, CaseIterable {
    /// The winner's value unless it has none, then the other's.
    case fill
    /// True if either copy's is.
    case either
    /// The later of the two dates (absent only if both are).
    case max
    /// Both copies' lists joined — the winner's first under `later F`, this copy's under `first`
    /// and `incoming` (a store keeps its order and adds what a backup brings) — then made what
    /// decoding makes of a list: through the field's `normalize` if it has one (which removes
    /// duplicates), else the first list and what the second adds to it, once; then cut to `max`.
    case union

    func problem(for field: FieldDeclaration) -> String? {
        switch (self, field.kind) {
        case (.fill, _): field.isOptional ? nil : "merge fill needs a field that can be absent"
        case (.either, .bool): nil
        case (.either, _): "merge either needs a bool"
        case (.max, .date): nil
        case (.max, _): "merge max needs a date"
        case (.union, .list): nil
        case (.union, _): "merge union needs a list"
        }
    }
}
