import Foundation

extension StoreValue {
    /// Converts an object `PropertyListSerialization` produced (from an XML property list).
    ///
    /// Booleans and integers both arrive as numbers in some Foundations; on Linux a plist
    /// boolean arrives as a Swift `Bool` and an integer as an `NSNumber` with an integer
    /// `objCType`, so a `<true/>` never becomes 1 nor `<integer>1</integer>` true.
    /// - Parameters:
    ///   - object: the decoded property-list object.
    ///   - keyPath: where it sits (e.g. `settings.recent[2]`), for messages.
    ///   - path: the file, for messages.
    /// - Throws: `StoreError.propertyList` for values a store cannot hold.
    init(propertyListObject object: Any, keyPath: String, path: String) throws {
        switch object {
        case let bool as Bool where type(of: object) == Bool.self:
            self = .bool(bool)
        case let string as String:
            self = .string(string)
        case let data as Data:
            self = .data(data)
        case let date as Date:
            self = .date(date)
        case let number as NSNumber:
            self = try Self(number: number, keyPath: keyPath, path: path)
        case let array as [Any]:
            self = .array(
                try array.enumerated().map { index, element in
                    try StoreValue(propertyListObject: element, keyPath: "\(keyPath)[\(index)]", path: path)
                })
        case let dictionary as [AnyHashable: Any]:
            var values: [String: StoreValue] = [:]
            values.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let name = key.base as? String else {
                    throw StoreError.propertyList(
                        message: "the dictionary at \(keyPath) has a key that is not a string", path: path)
                }
                values[name] = try StoreValue(propertyListObject: element, keyPath: "\(keyPath).\(name)", path: path)
            }
            self = .dictionary(values)
        default:
            throw StoreError.propertyList(
                message: "the value at \(keyPath) has the unsupported type \(type(of: object))", path: path)
        }
    }

    private init(number: NSNumber, keyPath: String, path: String) throws {
        switch String(cString: number.objCType) {
        case "c", "B":
            self = .bool(number.boolValue)
        case "f", "d":
            self = .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            guard let value = Int(exactly: number.uint64Value) else {
                throw StoreError.propertyList(
                    message: "the integer at \(keyPath) is beyond the signed 64-bit range", path: path)
            }
            self = .integer(value)
        default:
            self = .integer(Int(number.int64Value))
        }
    }

    /// The value as an object `PropertyListSerialization` writes with its own type: an
    /// integer as `<integer>`, a boolean as `<true/>`/`<false/>`, bytes as `<data>`.
    var propertyListObject: Any {
        switch self {
        case .data(let data): data
        case .string(let string): string
        case .integer(let integer): integer
        case .bool(let bool): bool
        case .double(let double): double
        case .date(let date): date
        case .array(let values): values.map(\.propertyListObject)
        case .dictionary(let values): values.mapValues(\.propertyListObject)
        }
    }
}
