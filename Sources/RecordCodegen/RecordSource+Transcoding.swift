/// The transcoder of a record whose every field has a transcoder's call (`FieldDeclaration+Transcoding`).
extension RecordSource {
    /// `transcode(_:at:checking:into:)`, and for a `DeduplicatingRecord` its `transcodeKeyed`,
    /// when every field has a transcoder's call; none otherwise.
    var transcoder: [String] {
        let calls = declaration.fields.compactMap(\.transcoding)
        guard declaration.unknownFieldsIn == nil, calls.count == declaration.fields.count else { return [] }
        let lines =
            [
                "",
                "    /// Writes the object at `index` as decoding then encoding it would, straight from the tape, when",
                "    /// decoding would take it as it is — and, `checking`, find it clean (`RecordTranscoder`); false,",
                "    /// having written part of it, otherwise.",
                "    public static func transcode(_ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter)",
                "        -> Bool",
                "    {",
                "        guard var fields = RecordTranscoder(view, at: index, checking: checking) else { return false }",
            ] + body(calls, failure: "false", success: "fields.foundAll")
        guard let name = declaration.naturalKey,
            let keyIndex = declaration.fields.firstIndex(where: { $0.name == name }),
            let keyCall = declaration.fields[keyIndex].keyedTranscoding
        else { return lines }
        var keyedCalls = calls
        keyedCalls[keyIndex] = keyCall
        return lines + [
            "",
            "    /// `transcode(_:at:checking:into:)`, giving the natural key of the record written, read as it is written.",
            "    public static func transcodeKeyed(",
            "        _ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter",
            "    ) -> \(declaration.fields[keyIndex].kind.swiftType)? {",
            "        guard var fields = RecordTranscoder(view, at: index, checking: checking) else { return nil }",
            "        var key: \(declaration.fields[keyIndex].kind.swiftType)?",
        ] + body(keyedCalls, failure: "nil", success: "fields.foundAll ? key : nil")
    }

    /// The rest of a transcoder: the object written field by field, each call in turn.
    private func body(_ calls: [String], failure: String, success: String) -> [String] {
        ["        writer.beginObject()", "        guard"]
            + calls.enumerated().map { "            \($1)\($0 == calls.count - 1 ? "" : ",")" }
            + [
                "        else { return \(failure) }", "        writer.endObject()", "        return \(success)",
                "    }",
            ]
    }
}
