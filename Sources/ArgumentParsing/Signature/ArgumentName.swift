/// One name of an option or flag as typed: `--store` or `-o`.
enum ArgumentName: Hashable, CustomStringConvertible {
    case long(String)
    case short(Character)

    var isShort: Bool {
        if case .short = self { true } else { false }
    }

    /// The name with its dashes, as the user types it.
    var description: String {
        switch self {
        case .long(let name): "--\(name)"
        case .short(let character): "-\(character)"
        }
    }
}
