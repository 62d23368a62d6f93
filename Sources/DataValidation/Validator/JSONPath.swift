/// A JSON path being walked, turned into text (`$.trackedDomains[12].domain`) only when a
/// finding needs it.
struct JSONPath {
    enum Component {
        /// A schema field (a literal: pushing it copies nothing).
        case field(StaticString)
        /// A key only known at run time (map keys, unknown fields).
        case key(String)
        case index(Int)
    }

    /// The root, `$` or `$.<section>`.
    let root: String
    private(set) var components: [Component] = []

    init(root: String) {
        self.root = root
    }

    mutating func push(_ component: Component) {
        components.append(component)
    }

    mutating func pop() {
        components.removeLast()
    }

    /// The path as text, optionally with one more key.
    func text(appending key: String? = nil) -> String {
        var text = root
        for component in components {
            switch component {
            case .field(let name): text += JSONPath.keyText(name.description)
            case .key(let name): text += JSONPath.keyText(name)
            case .index(let index): text += "[\(index)]"
            }
        }
        if let key { text += JSONPath.keyText(key) }
        return text
    }

    /// `.name`, or `["odd name"]` when the key is not a plain identifier.
    static func keyText(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F
            }
        if plain { return "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "[\"\(escaped)\"]"
    }
}
