/// The transcoder of a record whose every field has a transcoder's call (`FieldDeclaration+Transcoding`).
extension RecordSource {
    /// `transcode(_:at:checking:into:)`, and for a `DeduplicatingRecord` its `transcodeKeyed`,
    /// when every field has a transcoder's call; none otherwise.
    var transcoder: [String] {
        let calls = declaration.fields.compactMap(\.transcoding)
        guard declaration.unknownFieldsIn == nil, calls.count == declaration.fields.count else { return [] }
        var lines = [
            "",
            "    /// Writes the object at `index` as decoding then encoding it would, straight from the tape, when",
            "    /// decoding would take it as it is — and, `checking`, find it clean (`RecordTranscoder`); false,",
            "    /// having written part of it, otherwise.",
            "    public static func transcode(_ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter)",
            "        -> Bool",
            "    {",
            "        guard var fields = RecordTranscoder(view, at: index, checking: checking) else { return false }",
            "        writer.beginObject()",
            "        guard",
        ]
        lines += calls.enumerated().map { "            \($1)\($0 == calls.count - 1 ? "" : ",")" }
        lines += [
            "        else { return false }",
            "        writer.endObject()",
            "        return fields.foundAll",
            "    }",
        ]
        guard let name = declaration.naturalKey,
            let field = declaration.fields.first(where: { $0.name == name }), let key = field.transcodedKey
        else { return lines }
        return lines + [
            "",
            "    /// `transcode(_:at:checking:into:)`, giving the natural key of the record written.",
            "    public static func transcodeKeyed(",
            "        _ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter",
            "    ) -> \(field.kind.swiftType)? {",
            "        guard transcode(view, at: index, checking: checking, into: &writer) else { return nil }",
            "        return \(key)",
            "    }",
        ]
    }
}
