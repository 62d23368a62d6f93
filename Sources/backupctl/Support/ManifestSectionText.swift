import BackupFormat

/// How the sections of a backup just written are shown, so `export` and `upgrade` list them
/// alike: a table in text, an array in JSON.
enum ManifestSectionText {
    /// A table of each section's name, records and size.
    static func table(_ sections: [ManifestSection]) -> [String] {
        let rows = sections.map { [$0.name, String($0.records), Formatting.bytes($0.bytes)] }
        return Formatting.table([["section", "records", "size"]] + rows)
    }

    /// The sections as an array of objects with `name`, `records` and `bytes`.
    /// - Parameter includingChecksums: whether each object also carries its `sha256`.
    static func value(_ sections: [ManifestSection], includingChecksums: Bool) -> ReportValue {
        .objects(sections) { section in
            [
                "name": .string(section.name), "records": .int(section.records), "bytes": .bytes(section.bytes),
                "sha256": includingChecksums ? .string(section.sha256) : nil,
            ]
        }
    }
}
