import Foundation

extension AtomicFileWriter {
    private static let temporaryMarker = ".tmp-"
    private static let randomSuffixLength = 16

    /// Tells whether a file name is one of the writer's temporary files, e.g. one a killed
    /// process left behind, so listings can report it instead of mistaking it for a backup.
    /// - Parameter name: a file name (the last path component).
    ///
    ///     AtomicFileWriter.isTemporaryFileName(".backup.tar.zst.tmp-0a1b2c3d4e5f6071")  // true
    public static func isTemporaryFileName(_ name: String) -> Bool {
        guard name.hasPrefix("."),
            let marker = name.range(of: temporaryMarker, options: .backwards),
            marker.lowerBound > name.index(after: name.startIndex)
        else { return false }
        let suffix = name[marker.upperBound...]
        return suffix.utf8.count == randomSuffixLength
            && suffix.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Tells whether `name` is one of the writer's temporary files for the file `finalName`
    /// (`.<finalName>.tmp-<16 hex digits>`, the final name shortened as the writer shortens
    /// it), so a store can find the copies a killed rewrite of it left.
    public static func isTemporaryFileName(_ name: String, for finalName: String) -> Bool {
        let prefix = "." + shortened(finalName) + temporaryMarker
        return name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + randomSuffixLength
            && isTemporaryFileName(name)
    }

    /// Tells whether `name` is one of the writer's temporary files for a final name that starts
    /// with `prefix` (one within the 255-byte limit), such as every time-stamped copy of a file.
    public static func isTemporaryFileName(_ name: String, forNamesStartingWith prefix: String) -> Bool {
        name.hasPrefix("." + prefix) && isTemporaryFileName(name)
    }

    /// `.<finalName>.tmp-<16 hex digits>`, with the final name shortened when needed so the
    /// result stays within the 255-byte file name limit.
    public static func temporaryFileName(for finalName: String) -> String {
        var random = SystemRandomNumberGenerator()
        let digits = String(random.next() as UInt64, radix: 16)
        let suffix =
            temporaryMarker + String(repeating: "0", count: randomSuffixLength - digits.count)
            + digits
        return "." + shortened(finalName) + suffix
    }

    /// The final name, cut so that `.<name>.tmp-<16 hex digits>` fits in 255 bytes.
    private static func shortened(_ finalName: String) -> Substring {
        let budget = 255 - 1 - temporaryMarker.utf8.count - randomSuffixLength
        var base = Substring(finalName)
        while base.utf8.count > budget { base.removeLast() }
        return base
    }
}
