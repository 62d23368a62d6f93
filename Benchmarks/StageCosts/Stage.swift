/// One row of the table: a stage of re-encoding, timed on one thread.
struct Stage {
    let name: String
    /// The row this one is compared with; the row above when nil.
    var comparedWith: Int? = nil
    /// Does the stage's work on the array's bytes and returns how many records it decoded (or
    /// elements it parsed or copied), so a stage that did nothing is noticed.
    let run: ([UInt8]) throws -> Int
}
