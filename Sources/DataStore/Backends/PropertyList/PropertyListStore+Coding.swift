import DurableIO
import Foundation

extension PropertyListStore {
    /// The largest file read into memory; a store is far smaller.
    static let readLimit = 1 << 32

    /// Writes every value to `url`, atomically, in `format`.
    /// - Throws: `StoreError.io` or `.propertyList`; nothing is changed at `url` then.
    func write(_ values: [String: StoreValue], in format: Format, to url: URL) throws {
        try StoreError.wrappingIO {
            try AtomicFileWriter.write(to: url) { writer in
                switch format {
                case .binary:
                    try BinaryPropertyListWriter.encode(.dictionary(values)) { try writer.write($0) }
                case .xml:
                    try writer.write(try Self.encodeXML(values, path: location))
                }
            }
        }
    }

    /// Decodes a file's content: binary by the package's codec, XML by Foundation.
    /// - Throws: `StoreError.propertyList` when it does not parse; `.notAStore` when its top
    ///   level is not a dictionary.
    public static func decode(_ content: Data, path: String) throws -> (entries: [String: StoreValue], format: Format) {
        let (top, format): (StoreValue, Format) =
            if content.starts(with: Array("bplist".utf8)) {
                (try content.withUnsafeBytes { try BinaryPropertyListReader.decode($0, path: path) }, .binary)
            } else {
                (try decodeXML(content, path: path), .xml)
            }
        guard case .dictionary(let entries) = top else {
            throw StoreError.notAStore(
                path: path,
                reason: "its top level holds a value of kind \(top.kind.rawValue), not a dictionary as in UserDefaults")
        }
        return (entries, format)
    }

    private static func decodeXML(_ content: Data, path: String) throws -> StoreValue {
        var foundFormat = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: content, options: [], format: &foundFormat)
        } catch {
            throw StoreError.propertyList(message: "it does not parse (\(error.localizedDescription))", path: path)
        }
        guard foundFormat == .xml else {
            throw StoreError.notAStore(
                path: path, reason: "it is an OpenStep-format property list, which UserDefaults never writes")
        }
        if let dictionary = object as? [AnyHashable: Any] {
            var entries: [String: StoreValue] = [:]
            entries.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let name = key.base as? String else {
                    throw StoreError.propertyList(message: "a top-level key is not a string", path: path)
                }
                entries[name] = try StoreValue(propertyListObject: element, keyPath: name, path: path)
            }
            return .dictionary(entries)
        }
        return try StoreValue(propertyListObject: object, keyPath: "the top level", path: path)
    }

    private static func encodeXML(_ values: [String: StoreValue], path: String) throws -> Data {
        do {
            return try PropertyListSerialization.data(
                fromPropertyList: values.mapValues(\.propertyListObject), format: .xml, options: 0)
        } catch {
            throw StoreError.propertyList(
                message: "it could not be encoded (\(error.localizedDescription))", path: path)
        }
    }
}
