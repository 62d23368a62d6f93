/// A value given as pieces to be written one after the other (`RecordArrayEncoder.arrayPieces`,
/// `CanonicalArrayBuilder.finishPieces`): what every writer of such a value needs of them.
extension Array where Element == [UInt8] {
    /// The number of bytes of the pieces together.
    public var joinedCount: Int { reduce(0) { $0 + $1.count } }

    /// The pieces joined into one collection. Each piece is let go of once copied, so the
    /// bytes are never held twice over; the array is empty afterwards.
    /// - Parameter capacity: the output's expected size, if more than the pieces' (to allocate once).
    public mutating func takeJoined<Output: RangeReplaceableCollection<UInt8>>(
        as output: Output.Type,
        capacity: Int = 0
    ) -> Output {
        var joined = Output()
        joined.reserveCapacity(Swift.max(capacity, joinedCount))
        for index in indices {
            joined.append(contentsOf: self[index])
            self[index] = []
        }
        removeAll()
        return joined
    }
}
