import BackupFormat
import DomainModel
import JSONCore

extension BackupValidationSession {
    func checkSection(_ section: BackupSection, bytes: [UInt8], node: SchemaNode, listedRecords: Int?,
                      visit: ((BackupSection, Int?, JSONValue) throws -> Void)?) throws {
        var walker = SchemaWalker(section: section.rawValue, root: "$.\(section.rawValue)")
        var count = 0
        switch node.kind {
        case .array(let arraySchema):
            var seenIDs = Set<String>()
            var parseError: JSONParseError?
            do {
                try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                    count += 1
                    walker.path.push(.index(index))
                    let errorsBefore = walker.errorCount
                    walker.check(element, arraySchema.items)
                    if let field = arraySchema.uniqueField, let id = element[field]?.string,
                       !seenIDs.insert(id.lowercased()).inserted {
                        walker.record(.warning, .duplicate, "repeats \(field) \"\(id)\" of an earlier record; the two are merged on import.", key: field)
                    }
                    if walker.errorCount == errorsBefore {
                        references.check(section, element, &walker)
                        try visit?(section, index, element)
                    }
                    walker.path.pop()
                    if walker.findings.count > 4096 { appendFindings(walker.takeFindings()) }
                }
            } catch let error as JSONParseError {
                parseError = error
            }
            if let parseError {
                walker.record(.error, .jsonSyntax, shapeMessage(parseError, expected: "an array"))
            } else if let max = arraySchema.maxItems, count > max {
                walker.record(.error, .tooManyItems, "holds \(count) records, more than the limit of \(max).")
            }
        case .object, .nullable:
            do {
                let document = try JSONDocument(parsing: bytes, options: options)
                count = document.root.isNull ? 0 : 1
                let errorsBefore = walker.errorCount
                walker.check(document.root, node)
                if walker.errorCount == errorsBefore && !document.root.isNull {
                    references.check(section, document.root, &walker)
                    try visit?(section, nil, document.root)
                }
            } catch let error as JSONParseError {
                walker.record(.error, .jsonSyntax, shapeMessage(error, expected: "an object"))
            }
        default:
            break
        }
        if let listedRecords, listedRecords != count, walker.errorCount == 0 {
            walker.record(.error, .countMismatch, "holds \(count) records but the manifest says \(listedRecords).")
        }
        appendFindings(walker.takeFindings())
    }

    private func shapeMessage(_ error: JSONParseError, expected: String) -> String {
        if case .unexpectedCharacter(_, let wanted) = error.reason, wanted.contains("'['") {
            return "the section must be \(expected): \(error.description)"
        }
        return "the section is not valid JSON: \(error.description)"
    }

    func appendFindings(_ new: [Finding]) {
        findings.append(contentsOf: new)
    }
}
