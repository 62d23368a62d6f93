import BackupFormat
import Concurrency
import JSONCore

/// A section visitor gave one run a visitor of its own and not another.
private struct RunVisitorRefused: Error {}

extension BackupValidationSession {
    /// What one thread found in a run of an array section.
    struct RunFindings<Visitor> {
        var findings: [Finding]
        /// Each record's id and where a duplicate warning about it goes in `findings`: which
        /// records are duplicates depends on the runs before, so it is decided in order after.
        var identities: [(position: Int, index: Int, identity: IdentitySet.Identity, source: Range<Int>)]
        var count: Int
        var references: ReferenceRules
        var visitor: Visitor?
    }

    /// Checks an array section's records on every core, or returns nil (having reported and
    /// visited nothing) when the section is small, its reference rules depend on order, or a
    /// run does not parse — the sequential pass then reports the problem exactly.
    /// - Parameter split: the runs found while the section was read, if any.
    /// - Returns: the number of records.
    func checkArrayInParallel<Visitor: SectionVisitor>(
        _ section: BackupSection, bytes: [UInt8], split: JSONArraySplitter.Split?,
        array: ArraySchema,
        compiled: CompiledSchema, visitor: Visitor?,
        walker: inout SchemaWalker
    ) -> Int? {
        let rules = section.entry.references
        guard ReferenceRules.isOrderIndependent(rules),
            let runs = JSONArraySplitter.parallelRuns(bytes, parts: pool.parts, found: split)
        else { return nil }
        // A visitor that takes no runs has the section checked on one thread.
        if let visitor, visitor.makeRunVisitor(for: section) == nil { return nil }
        let startingReferences = references
        let options = self.options
        let decodes = self.decodes
        let seen = IdentitySet(isUUID: array.uniqueFieldIsUUID)
        // Each run is absorbed as soon as the runs before it are, while later runs are still
        // checked, into copies that count only once every run has parsed: a run that does not
        // sends the section to the sequential pass, which must start from nothing.
        var seenIDs = seen
        var absorbed = references
        var found = SchemaWalker(section: section.rawValue, root: "$.\(section.rawValue)")
        var runVisitors: [Visitor] = []
        var count = 0
        var delivered = 0
        do {
            try pool.run(runs) { run in
                var runWalker = SchemaWalker(section: section.rawValue, root: "$.\(section.rawValue)")
                let runVisitor = visitor?.makeRunVisitor(for: section)
                // A visitor that took the first run but refuses another would lose that run's
                // records: the section goes to the sequential pass instead, as for a bad cut.
                if visitor != nil, runVisitor == nil { throw RunVisitorRefused() }
                var result = RunFindings(
                    findings: [], identities: [], count: 0, references: startingReferences,
                    visitor: runVisitor)
                try JSONArrayStream.forEachElement(in: bytes, run: run, options: options) { index, element in
                    result.count += 1
                    runWalker.path.push(.index(index))
                    let passed = Self.check(element, at: index, for: runVisitor, decodes: decodes, compiled, &runWalker)
                    if let field = array.uniqueField, let id = element[field], let identity = seen.identity(of: id) {
                        result.identities.append((runWalker.findings.count, index, identity, id.sourceRange))
                    }
                    if passed { result.references.check(rules, element, &runWalker) }
                    runWalker.path.pop()
                }
                result.findings = runWalker.takeFindings()
                return result
            } deliver: { (_, result: RunFindings<Visitor>) in
                if delivered == 0 {
                    // Runs hold about as many records each: room for all of them, so that the
                    // sets are not rehashed each time they outgrow their tables.
                    seenIDs.reserveCapacity(result.identities.count * runs.count)
                    absorbed.reserveCapacity(adding: result.count * runs.count, checking: rules)
                }
                delivered += 1
                var next = 0
                for entry in result.identities where !seenIDs.insert(entry.identity) {
                    found.append(result.findings[next..<entry.position])
                    next = entry.position
                    // Rare, so the id's text is parsed again rather than kept for every record.
                    let id = (try? JSONDocument(parsing: Array(bytes[entry.source])))?.root.string ?? ""
                    found.path.push(.index(entry.index))
                    found.record(
                        .warning, .duplicate, Self.duplicateRecordMessage(field: array.uniqueField ?? "", id: id),
                        key: array.uniqueField)
                    found.path.pop()
                }
                found.append(result.findings[next...])
                count += result.count
                absorbed.absorb(result.references, checking: rules)
                if let runVisitor = result.visitor { runVisitors.append(runVisitor) }
            }
        } catch {
            // Malformed text, or a cut the splitter (which follows only strings and brackets)
            // misjudged, or a run refused a visitor: the sequential pass tells which, reports an
            // error exactly where it is, and visits every record.
            return nil
        }
        walker.append(found.takeFindings())
        references = absorbed
        for runVisitor in runVisitors { visitor?.absorb(runVisitor) }
        return count
    }

    static func duplicateRecordMessage(field: String, id: String) -> String {
        "repeats \(field) \"\(id)\" of an earlier record; the two are merged on import."
    }
}
