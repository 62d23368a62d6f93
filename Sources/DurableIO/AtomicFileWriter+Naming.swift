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

    /// `.<finalName>.tmp-<16 hex digits>`, with the final name shortened when needed so the
    /// result stays within the 255-byte file name limit.
    static func temporaryFileName(for finalName: String) -> String {
        var random = SystemRandomNumberGenerator()
        let digits = String(random.next() as UInt64, radix: 16)
        let suffix =
            temporaryMarker + String(repeating: "0", count: randomSuffixLength - digits.count)
            + digits
        let budget = 255 - 1 - suffix.utf8.count
        var base = Substring(finalName)
        while base.utf8.count > budget { base.removeLast() }
        return "." + base + suffix
    }
}

extension FileIOError {
    /// The same failure, reported against the folder a file was being created in.
    func reported(forFolder folder: String) -> FileIOError {
        switch self {
        case .notFound(_, let message): return .notFound(path: folder, message: message)
        case .permissionDenied(_, let message): return .permissionDenied(path: folder, message: message)
        case .noSpace(_, let message): return .noSpace(path: folder, message: message)
        case .other(_, let code, let message): return .other(path: folder, errno: code, message: message)
        case .alreadyExists, .busy, .tooLarge: return self
        }
    }
}
