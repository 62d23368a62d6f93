import BackupFormat

extension FuzzHarness {
    /// Decodes the bytes as `manifest.json`; a manifest that decodes must survive its own
    /// encoder and decoder unchanged.
    static func fuzzManifest(_ input: UnsafeRawBufferPointer) -> Verdict {
        guard let manifest = try? BackupManifest.decode(Array(input), archive: "fuzz-input") else { return .keep }
        let encoded = manifest.encoded()
        guard let again = try? BackupManifest.decode(encoded, archive: "fuzz-input") else {
            preconditionFailure("a decoded manifest, encoded again, does not decode")
        }
        precondition(again == manifest, "a manifest changed through its encoder and decoder")
        for section in manifest.sections { _ = manifest.section(atPath: section.path) }
        return .keep
    }
}
