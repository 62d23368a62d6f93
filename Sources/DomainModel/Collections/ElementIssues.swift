/// The issues met reading the elements of an array, or of a run of them, each under its
/// element's position: a run read on its own knows its elements' positions in the array only
/// once the runs before it are read (`JSONArraySplitter.cuts`).
struct ElementIssues: Sendable {
    /// Each element's issues, with paths inside the element, in element order.
    private var byElement: [(index: Int, issues: [DecodingIssue])] = []

    /// Notes the issues of element `index` (paths inside the element: `.domain`).
    mutating func add(_ issues: [DecodingIssue], at index: Int) {
        if !issues.isEmpty { byElement.append((index, issues)) }
    }

    /// Takes over the issues of a run whose first element is element `firstIndex` here, after
    /// those already noted.
    mutating func append(_ run: ElementIssues, from firstIndex: Int) {
        byElement += run.byElement.map { (firstIndex + $0.index, $0.issues) }
    }

    /// The issues, with paths from the array's root (`$[12].domain`), in element order.
    var rooted: [DecodingIssue] {
        byElement.flatMap { element in element.issues.map { $0.prefixed(by: "$[\(element.index)]") } }
    }
}
