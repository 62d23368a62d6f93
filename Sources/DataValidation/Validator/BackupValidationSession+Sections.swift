import BackupFormat
import DomainModel
import JSONCore

extension BackupValidationSession {
    /// Checks the records of a section `sectionToCheck` admits, giving `visitor` those that
    /// pass (`check`); with none, walking them.
    func checkSection<Visitor: SectionVisitor>(_ payload: SectionPayload, visitor: Visitor?) {
        guard let section = sectionToCheck(payload), let bytes = payload.bytes, let node = schema.node(for: section),
            let compiled = self.compiled[section]
        else { return }
        var walker = SchemaWalker(section: section.rawValue, root: "$.\(section.rawValue)")
        var count = 0
        let rules = section.entry.references
        let decodes = self.decodes
        switch node.kind {
        case .array(let arraySchema):
            if let countedInParallel = checkArrayInParallel(
                section, bytes: bytes, split: payload.arraySplit, array: arraySchema, compiled: compiled,
                visitor: visitor, walker: &walker)
            {
                count = countedInParallel
            } else {
                var seenIDs = IdentitySet(isUUID: arraySchema.uniqueFieldIsUUID)
                do {
                    try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                        count += 1
                        walker.path.push(.index(index))
                        let passed = Self.check(element, at: index, for: visitor, decodes: decodes, compiled, &walker)
                        if let field = arraySchema.uniqueField, let idValue = element[field], !seenIDs.insert(idValue) {
                            walker.record(
                                .warning, .duplicate,
                                Self.duplicateRecordMessage(field: field, id: idValue.string ?? ""),
                                key: field)
                        }
                        if passed { references.check(rules, element, &walker) }
                        walker.path.pop()
                        if walker.findings.count > 4096 { findings += walker.takeFindings() }
                    }
                } catch {
                    recordParseError(error, expected: "an array", in: &walker)
                    break
                }
            }
            references.sectionRead(rules)
            if let max = arraySchema.maxItems, count > max {
                walker.record(.error, .tooManyItems, "holds \(count) records, more than the limit of \(max).")
            }
        case .object, .nullable:
            let isNullable = if case .nullable = node.kind { true } else { false }
            let expected = isNullable ? "an object or null" : "an object"
            do throws(JSONParseError) {
                let document = try JSONDocument(parsing: bytes, options: options)
                let root = document.root
                count = root.isNull ? 0 : 1
                guard root.kind == .object || (root.isNull && isNullable) else {
                    walker.record(
                        .error, .sectionShape,
                        "the section must be \(expected), not \(root.isNull ? "null" : root.kind.description).")
                    break
                }
                if !root.isNull, Self.check(root, at: nil, for: visitor, decodes: decodes, compiled, &walker) {
                    references.check(rules, root, &walker)
                }
            } catch {
                recordParseError(error, expected: expected, in: &walker)
            }
        default:
            break
        }
        if let listedRecords = payload.listing?.records, listedRecords != count, walker.errorCount == 0 {
            walker.record(
                .error, .countMismatch,
                "holds \(Wording.count(count, "record")) but the manifest says \(listedRecords).")
        }
        findings += walker.takeFindings()
    }

    /// Whether a record decoding finds clean is valid without a walk: when the backup's records
    /// are this build's (`BackupSchema.hasCurrentRecords`), which its decoders read as the
    /// schema describes them.
    var decodes: Bool { schema.hasCurrentRecords }

    /// Checks one record and, when it passes, gives it to `visitor`: taken as it stands when
    /// decoding would find it clean (`SectionVisitor.visitTranscoding`), else decoded and walked
    /// against the schema only when decoding met something the schema reports
    /// (`DecodedRecord.isClean`), for the findings. Without a visitor, the record is walked.
    /// - Parameter decodes: whether a clean record is valid unwalked (the session's `decodes`).
    /// - Returns: whether it passed: no error reported.
    static func check<Visitor: SectionVisitor>(
        _ element: JSONValue, at index: Int?, for visitor: Visitor?, decodes: Bool, _ compiled: CompiledSchema,
        _ walker: inout SchemaWalker
    ) -> Bool {
        func walk() -> Bool {
            let errorsBefore = walker.errorCount
            walker.check(element, compiled)
            return walker.errorCount == errorsBefore
        }
        guard let visitor else { return walk() }
        if decodes, visitor.visitTranscoding(element) {
            // Debug builds (the tests) walk clean records too, and stop on any the walk reports.
            assert(Self.walkFindsNothing(in: element, compiled), "a record taken as clean has findings: \(element)")
            return true
        }
        let decoded = try? Visitor.Record.decodeChecking(element)
        if let decoded, decoded.isClean, decodes {
            assert(Self.walkFindsNothing(in: element, compiled), "a clean record has findings: \(decoded.record)")
        } else if !walk() {
            return false
        }
        visitor.visit(decoded?.record, at: index, from: element)
        return true
    }

    /// Whether walking `element` reports nothing: what decoding must ensure of a clean record.
    static func walkFindsNothing(in element: JSONValue, _ compiled: CompiledSchema) -> Bool {
        var walker = SchemaWalker(section: nil, root: "$")
        walker.check(element, compiled)
        return walker.findings.isEmpty
    }

    /// A top level of the wrong kind is a shape error (the streaming array reader finds it as
    /// a syntax error before anything else); everything else is a syntax error.
    private func recordParseError(_ error: any Error, expected: String, in walker: inout SchemaWalker) {
        if let error = error as? JSONParseError, case .unexpectedCharacter(_, let wanted) = error.reason,
            wanted.contains("'['")
        {
            return walker.record(.error, .sectionShape, "the section must be \(expected): \(error)")
        }
        walker.record(.error, .jsonSyntax, "the section is not valid JSON: \(error)")
    }
}
