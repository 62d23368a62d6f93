extension AgeHeader {
    /// How many bytes of a first line may differ from ``versionLine`` (changed, missing or
    /// added) for it to be taken for a damaged one.
    static let versionLineTolerance = 2

    /// Whether bytes that are not an age file (they do not start with ``versionPrefix``) start
    /// as a damaged one would: a first line starting with `age-` (in any case), or within
    /// ``versionLineTolerance`` edits of ``versionLine``. For a message that tells a damaged
    /// encrypted file from one that is no backup at all; a plain backup (tar, zstd, gzip, JSON)
    /// never starts so.
    public static func resemblesDamagedVersionLine(_ bytes: some Collection<UInt8>) -> Bool {
        let expected = Array(versionLine.utf8)
        let start = Array(bytes.prefix(expected.count + versionLineTolerance + 1))
        let line = Array(start.prefix { $0 != 0x0A }.prefix(expected.count + versionLineTolerance))
        if line.count >= 4 && line.prefix(4).map({ $0 | 0x20 }) == Array("age-".utf8) { return true }
        return editDistance(line, expected) <= versionLineTolerance
    }

    /// The Levenshtein distance between two short byte strings.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, byteA) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, byteB) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (byteA == byteB ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
