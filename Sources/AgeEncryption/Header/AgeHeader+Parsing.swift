extension AgeHeader {
    /// A header read from the start of some bytes, and how many bytes it took.
    public struct Parsed: Equatable, Sendable {
        public var header: AgeHeader
        /// The header's length: the payload starts at this offset.
        public var byteCount: Int
    }

    /// Parses the age header at the start of `bytes`; what follows the MAC line (the payload)
    /// is left alone.
    ///
    /// This is the entry point for fuzzing: it accepts any bytes, allocates in proportion to
    /// them, and only returns or throws.
    /// - Throws: ``AgeError/notAgeFile``, ``AgeError/unsupportedVersion(_:)``,
    ///   ``AgeError/malformedHeader(_:)`` (naming the line and what is wrong with it), or
    ///   ``AgeError/headerTooLarge(limit:)``.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws -> Parsed {
        var lines = LineReader(bytes: bytes)
        guard let version = lines.next() else {
            throw bytes.starts(with: versionPrefix.utf8.prefix(bytes.count)) && !bytes.isEmpty
                ? AgeError.malformedHeader("the header ends inside its version line") : AgeError.notAgeFile
        }
        guard version.elementsEqual(versionLine.utf8) else {
            guard version.starts(with: versionPrefix.utf8) else { throw AgeError.notAgeFile }
            throw AgeError.unsupportedVersion(
                String(decoding: version.dropFirst(versionPrefix.utf8.count), as: UTF8.self))
        }
        var stanzas: [AgeStanza] = []
        while let line = lines.next() {
            if line.starts(with: "---".utf8) {
                guard !stanzas.isEmpty else { throw AgeError.malformedHeader("the header has no recipient stanza") }
                let mac = try macLine(line, number: lines.lineNumber)
                return Parsed(
                    header: AgeHeader(
                        stanzas: stanzas, mac: mac, authenticatedBytes: Array(bytes[..<(lines.lineStart + 3)])),
                    byteCount: lines.offset)
            }
            guard line.starts(with: "->".utf8) else {
                throw AgeError.malformedHeader(
                    "line \(lines.lineNumber) is neither a stanza (->) nor the MAC line (---)")
            }
            guard stanzas.count < maximumStanzaCount else { throw AgeError.tooManyStanzas(limit: maximumStanzaCount) }
            stanzas.append(try stanza(arguments: line, lines: &lines))
        }
        throw AgeError.malformedHeader("the header ends before its MAC line (---)")
    }

    /// Parses the age header at the start of `bytes`; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(_ bytes: [UInt8]) throws -> Parsed {
        try bytes.withUnsafeBytes { try parse($0) }
    }

    /// `--- ` followed by the 43 characters of a 32-byte MAC.
    private static func macLine(_ line: Slice<UnsafeRawBufferPointer>, number: Int) throws -> [UInt8] {
        let encoded = line.dropFirst(4)
        guard line.count == 4 + 43, line[line.startIndex + 3] == UInt8(ascii: " "),
            let mac = UnpaddedBase64.decode(encoded), mac.count == 32
        else {
            throw AgeError.malformedHeader(
                "line \(number) is not '--- ' followed by a canonical base64 MAC of 32 bytes")
        }
        return mac
    }

    /// A stanza: its argument line (`-> ` and space-separated arguments), then body lines of 64
    /// base64 characters, ended by a shorter (possibly empty) line.
    private static func stanza(arguments line: Slice<UnsafeRawBufferPointer>, lines: inout LineReader)
        throws -> AgeStanza
    {
        let number = lines.lineNumber
        guard line.count > 3, line[line.startIndex + 2] == UInt8(ascii: " ") else {
            throw AgeError.malformedHeader("line \(number) does not start with '-> ' and the stanza's arguments")
        }
        let fields = line.dropFirst(3).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isArgumentCharacter) }) else {
            throw AgeError.malformedHeader(
                "the stanza on line \(number) has an empty argument or a character other than printable ASCII")
        }
        var body: [UInt8] = []
        while true {
            guard let bodyLine = lines.next() else {
                throw AgeError.malformedHeader("the header ends inside the stanza that starts on line \(number)")
            }
            guard bodyLine.count <= bodyLineLength, bodyLine.allSatisfy(UnpaddedBase64.isAlphabetCharacter) else {
                throw AgeError.malformedHeader(
                    "line \(lines.lineNumber) of the stanza on line \(number) is not a body line "
                        + "(base64 characters, at most 64, and the stanza must end with a shorter line)")
            }
            body += bodyLine
            if bodyLine.count < bodyLineLength { break }
        }
        guard let decoded = UnpaddedBase64.decode(body) else {
            throw AgeError.malformedHeader("the body of the stanza on line \(number) is not canonical base64")
        }
        return AgeStanza(arguments: fields.map { String(decoding: $0, as: UTF8.self) }, body: decoded)
    }
}

/// Splits bytes at line feeds, one line at a time, keeping count of where it is.
private struct LineReader {
    let bytes: UnsafeRawBufferPointer
    /// Where the next line starts.
    private(set) var offset = 0
    /// Where the line last returned starts.
    private(set) var lineStart = 0
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0

    /// The next line without its line feed, or `nil` when no complete line is left.
    mutating func next() -> Slice<UnsafeRawBufferPointer>? {
        guard let end = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
        lineStart = offset
        lineNumber += 1
        defer { offset = end + 1 }
        return bytes[offset..<end]
    }
}
