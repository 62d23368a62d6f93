extension String {
    /// The identifier in kebab case: `noSafetySnapshot` → `no-safety-snapshot`,
    /// `outputURL` → `output-url`, `URLPath` → `url-path`, `keepLast2` → `keep-last2`.
    public var kebabCased: String {
        let characters = Array(self)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                    result.append("-")
                }
            }
            if character == "_" {
                if !result.isEmpty && !result.hasSuffix("-") { result.append("-") }
                continue
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}
