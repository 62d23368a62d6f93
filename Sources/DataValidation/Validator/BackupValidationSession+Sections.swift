import BackupFormat
import DomainModel
import JSONCore

extension BackupValidationSession {
    func checkSection<Visitor: SectionVisitor>(
        _ section: BackupSection, bytes: [UInt8], split: JSONArraySplitter.Split?,
        node: SchemaNode, listedRecords: Int?,
        visitor: Visitor?, visit: ((BackupSection, Int?, JSONValue) throws -> Void)?
    ) throws {
        var walker = SchemaWalker(section: section.rawValue, root: "$.\(section.rawValue)")
        var count = 0
        let rules = section.entry.references
        guard let compiled = compiledSchema(for: section) else { return }
        switch node.kind {
        case .array(let arraySchema):
            // A caller's closure may not be called from several threads; a visitor can be.
            let countedInParallel =
                visit != nil
                ? nil
                : checkArrayInParallel(
                    section, bytes: bytes, split: split, array: arraySchema, compiled: compiled, visitor: visitor,
                    walker: &walker)
            var parseError: JSONParseError?
            if let countedInParallel {
                count = countedInParallel
            } else {
                var seenIDs = IdentitySet(isUUID: arraySchema.uniqueFieldIsUUID)
                do {
                    try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                        count += 1
                        walker.path.push(.index(index))
                        let errorsBefore = walker.errorCount
                        walker.check(element, compiled)
                        if let field = arraySchema.uniqueField, let idValue = element[field], !seenIDs.insert(idValue) {
                            walker.record(
                                .warning, .duplicate,
                                Self.duplicateRecordMessage(field: field, id: idValue.string ?? ""),
                                key: field)
                        }
                        if walker.errorCount == errorsBefore {
                            references.check(rules, element, &walker)
                            try visit?(section, index, element)
                            visitor?.visit(section, index, element)
                        }
                        walker.path.pop()
                        if walker.findings.count > 4096 { appendFindings(walker.takeFindings()) }
                    }
                } catch let error as JSONParseError {
                    parseError = error
                }
            }
            if let parseError {
                let (code, message) = parseFinding(parseError, expected: "an array")
                walker.record(.error, code, message)
            } else {
                references.sectionRead(rules)
                if let max = arraySchema.maxItems, count > max {
                    walker.record(.error, .tooManyItems, "holds \(count) records, more than the limit of \(max).")
                }
            }
        case .object, .nullable:
            var isNullable = false
            if case .nullable = node.kind { isNullable = true }
            let expected = isNullable ? "an object or null" : "an object"
            do {
                let document = try JSONDocument(parsing: bytes, options: options)
                let root = document.root
                count = root.isNull ? 0 : 1
                guard root.kind == .object || (root.isNull && isNullable) else {
                    walker.record(
                        .error, .sectionShape,
                        "the section must be \(expected), not \(root.isNull ? "null" : root.kind.description).")
                    break
                }
                let errorsBefore = walker.errorCount
                walker.check(root, compiled)
                if walker.errorCount == errorsBefore && !root.isNull {
                    references.check(rules, root, &walker)
                    try visit?(section, nil, root)
                    visitor?.visit(section, nil, root)
                }
            } catch let error as JSONParseError {
                let (code, message) = parseFinding(error, expected: expected)
                walker.record(.error, code, message)
            }
        default:
            break
        }
        if let listedRecords, listedRecords != count, walker.errorCount == 0 {
            walker.record(
                .error, .countMismatch,
                "holds \(Wording.count(count, "record")) but the manifest says \(listedRecords).")
        }
        appendFindings(walker.takeFindings())
    }

    /// A top level of the wrong kind is a shape error (the streaming array reader finds it as
    /// a syntax error before anything else); everything else is a syntax error.
    private func parseFinding(_ error: JSONParseError, expected: String) -> (FindingCode, String) {
        if case .unexpectedCharacter(_, let wanted) = error.reason, wanted.contains("'['") {
            return (.sectionShape, "the section must be \(expected): \(error.description)")
        }
        return (.jsonSyntax, "the section is not valid JSON: \(error.description)")
    }

    func appendFindings(_ new: [Finding]) {
        findings.append(contentsOf: new)
    }
}
