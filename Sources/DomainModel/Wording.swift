/// Counts in words, so every message of every target says "1 error" and "2 errors".
public enum Wording {
    /// The count and its noun: `1 error`, `0 errors`, `2 good backups`.
    /// - Parameters:
    ///   - singular: the noun (or phrase) for one: `error`, `good backup`.
    ///   - plural: the form for any other count, when it is not the singular plus `s`
    ///     (`entries`, `copies`).
    public static func count(_ count: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
