/// Finds the known name a mistyped one was most likely meant to be, for "did you mean …?".
enum NameSuggestion {
    /// The candidate `typed` is an unambiguous abbreviation of, else the unique candidate
    /// within a small edit distance (a typo or two, or swapped letters); `nil` when no
    /// candidate is obvious.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let significant = typed.drop { $0 == "-" }
        if significant.count >= 3 {
            let extended = candidates.filter { $0.hasPrefix(typed) }
            if extended.count == 1 { return extended[0] }
        }
        let typedCharacters = Array(typed)
        var best: (name: String, distance: Int)?
        var isTied = false
        for candidate in candidates {
            let distance = editDistance(typedCharacters, Array(candidate))
            let allowed = min(2, max(1, candidate.count / 3))
            guard distance <= allowed else { continue }
            if let current = best, distance >= current.distance {
                if distance == current.distance { isTied = true }
                continue
            }
            best = (candidate, distance)
            isTied = false
        }
        return isTied ? nil : best?.name
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of adjacent characters each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
