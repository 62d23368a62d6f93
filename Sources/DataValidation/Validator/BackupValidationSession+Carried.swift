import BackupFormat
import JSONCore

extension BackupValidationSession {
    /// Checks a carried entry of a version 4 backup with the entry's own decoder, element by
    /// element; what passes is kept in `carried`. A carried store key is noted and an
    /// unreadable record is a warning: both are restored on import, as the store held them.
    func checkCarried(_ entry: CarriedEntry, bytes: [UInt8]) {
        let root = "$.\(entry.rawValue)"
        func error(_ location: String, _ message: String) {
            add(.error, .carriedInvalid, entry.rawValue, location, message)
        }
        if !checkedSections.isEmpty {
            error(
                entry.entryPath,
                "the carried entries must come before the sections in the archive, as the manifest lists them, so an import holds them when it saves a section."
            )
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: options)
        } catch {
            return add(.error, .jsonSyntax, entry.rawValue, root, "the entry is not valid JSON: \(error.description)")
        }
        guard document.root.kind == .array else {
            return add(
                .error, .sectionShape, entry.rawValue, root, "the entry must be an array, not \(document.root.kind).")
        }
        var keys = Set<String>()
        for (index, element) in document.root.elements.enumerated() {
            let location = "\(root)[\(index)]"
            // One file, one reading, as in the sections: the keys this build reads — the
            // element's and its value's — must not repeat. A value's "json" is the store's data,
            // carried verbatim and never read, like a record's unknown field.
            var repeated = element.repeatedKeys().map { location + JSONPathText.key($0) }
            if element.kind == .object, let value = element["value"] {
                repeated += value.repeatedKeys().map { location + ".value" + JSONPathText.key($0) }
            }
            guard repeated.isEmpty else {
                for path in repeated {
                    add(.error, .duplicateKey, entry.rawValue, path, SchemaWalker.repeatedKeyMessage)
                }
                continue
            }
            do throws(CarriedDecodingError) {
                switch entry {
                case .storeKeys:
                    let key = try CarriedStoreKey(json: element)
                    guard !CarriedStoreKey.reservedKeys.contains(key.key) else {
                        error(
                            location + ".key",
                            "\"\(key.key)\" is a key this version reads or keeps itself; a backup carries its data in the sections."
                        )
                        continue
                    }
                    guard keys.insert(key.key).inserted else {
                        error(location + ".key", "repeats the store key \"\(key.key)\" of an earlier element.")
                        continue
                    }
                    carried.storeKeys.append(key)
                    add(
                        .note, .unknownStoreKey, entry.rawValue, location,
                        "carries the store key \"\(key.key)\" (\(key.value.kind)), which this version does not read; it is restored on import as it was."
                    )
                case .unreadableRecords:
                    let record = try CarriedUnreadableRecord(json: element)
                    carried.unreadableRecords.append(record)
                    let what = record.isWholeValue ? "the whole value of" : "an element of"
                    add(
                        .warning, .unreadableRecord, entry.rawValue, location,
                        "carries \(what) \(record.storeKey) (\(record.path)) that the store could not read (\(record.reason)); it is restored on import as it was."
                    )
                }
            } catch {
                self.add(.error, .carriedInvalid, entry.rawValue, location + error.path, "\(error.problem).")
            }
        }
        let count = document.root.count
        if let listed = manifest.section(atPath: entry.entryPath)?.records, listed != count {
            add(
                .error, .countMismatch, entry.rawValue, root, "holds \(count) entries but the manifest says \(listed).")
        }
    }
}
