import ObjectStorage

extension S3ObjectUpload {
    /// Appends `bytes` to the object.
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}
