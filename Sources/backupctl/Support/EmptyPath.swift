import ArgumentParsing

/// An empty path names nothing, so it is refused as a usage error (exit 64) before anything
/// is done. Taken as it is, `--store ""` would mean the default store, `--dir ""` the current
/// folder and `-o ""` the current folder too, and a file `""` one that is not found (66): none
/// of them is what was meant. Commands call it from `validate()`.
///
///     try EmptyPath.refuse("--dir", dir)
enum EmptyPath {
    /// - Parameters:
    ///   - name: the option (`--dir`) or argument (`<file>`) as the usage line shows it.
    ///   - path: its value, when given.
    /// - Throws: `ValidationError` when `path` is empty.
    static func refuse(_ name: String, _ path: String?) throws {
        if path?.isEmpty == true {
            throw ValidationError("\(name) is an empty path, which names no file or folder; pass a path")
        }
    }

    /// Refuses each of a repeatable option's values, as ``refuse(_:_:)-(String,String?)``.
    static func refuse(_ name: String, _ paths: [String]) throws {
        for path in paths { try refuse(name, path) }
    }
}
