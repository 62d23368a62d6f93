import Foundation

extension StoreValue {
    /// The value as a binary property list (`bplist00`): how an SQLite store keeps arrays and
    /// dictionaries, and how a backup carries them.
    /// - Throws: `StoreError.propertyList` for a value the format cannot hold.
    public func binaryPropertyList() throws -> [UInt8] {
        [UInt8](try BinaryPropertyListWriter.encode(self))
    }

    /// Reads a binary property list.
    /// - Parameter source: where the bytes come from, for messages.
    /// - Throws: `StoreError.propertyList` when the bytes are not a binary property list.
    public init(binaryPropertyList bytes: [UInt8], source: String) throws {
        self = try bytes.withUnsafeBytes { try BinaryPropertyListReader.decode($0, path: source) }
    }
}
