extension UnsafeMutableRawBufferPointer {
    /// Fills the buffer with what `read` reads into the part still empty, call after call,
    /// until it is full or `read` returns 0 (the end): the loop every reader of a descriptor,
    /// a stream or an archive entry needs, since any read may return fewer bytes than asked.
    /// - Returns: how many bytes were read: fewer than `count` only at the end.
    public func fill(from read: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> Int {
        var filled = 0
        while filled < count {
            let chunk = try read(UnsafeMutableRawBufferPointer(rebasing: self[filled...]))
            if chunk == 0 { break }
            filled += chunk
        }
        return filled
    }
}
