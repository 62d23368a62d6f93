/// The path rules shared by the reader (which refuses bad paths) and the writer (which never
/// produces one the reader would refuse).
enum TarEntryPath {
    enum Verdict: Equatable {
        /// The path in normal form: components joined by `/`, without `.` or empty components.
        case valid(String)
        case empty
        case absolute
        case parentDirectory
    }

    /// Judges and normalises a path as stored in a tar header.
    ///
    /// `./a`, `a/./b` and `a//b/` normalise to `a` and `a/b`, so the duplicate check sees
    /// through spellings that extract to the same file.
    static func judge(_ path: String) -> Verdict {
        if path.hasPrefix("/") { return .absolute }
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": return .parentDirectory
            default: components.append(component)
            }
        }
        return components.isEmpty ? .empty : .valid(components.joined(separator: "/"))
    }
}
