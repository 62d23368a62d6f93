/// `elements` with one element per `id`, in order of first appearance: a later element with
/// an id already held is left out, except for the unknown fields the first one lacks, which
/// it takes — the rule of nested lists keyed by an id (audit checks, workflow steps).
func distinctElements<Element: JSONRecord, ID: Hashable>(_ elements: [Element], by id: (Element) -> ID) -> [Element] {
    var positions: [ID: Int] = [:]
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for element in elements {
        let key = id(element)
        if let position = positions[key] {
            result[position].unknownFields = result[position].unknownFields.merged(with: element.unknownFields)
        } else {
            positions[key] = result.count
            result.append(element)
        }
    }
    return result
}
