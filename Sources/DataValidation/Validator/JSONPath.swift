import JSONCore

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
            case .field(let name): text += JSONPathText.key(name.description)
            case .key(let name): text += JSONPathText.key(name)
            case .index(let index): text += "[\(index)]"
            }
        }
        if let key { text += JSONPathText.key(key) }
        return text
    }
}
