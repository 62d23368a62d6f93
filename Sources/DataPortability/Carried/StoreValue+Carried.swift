import BackupFormat
import DataStore
import Foundation

extension StoreValue {
    /// The value as a backup carries it: its kind and its value, exactly.
    /// - Throws: `StoreError.propertyList` for an array or dictionary the binary format
    ///   cannot hold.
    func carried() throws -> CarriedValue {
        switch self {
        case .data(let data): .data([UInt8](data))
        case .string(let string): .string(string)
        case .integer(let integer): .integer(integer)
        case .bool(let bool): .bool(bool)
        case .double(let double): .double(double)
        case .date(let date): .date(date.timeIntervalSinceReferenceDate)
        case .array: .array(binaryPropertyList: try binaryPropertyList())
        case .dictionary: .dictionary(binaryPropertyList: try binaryPropertyList())
        }
    }

    /// The store value a backup carried.
    /// - Parameter source: where it comes from, for messages.
    /// - Throws: `StoreError.propertyList` when a carried array or dictionary does not read
    ///   as one (validation checks only that it is a binary property list).
    init(carried: CarriedValue, source: String) throws {
        switch carried {
        case .data(let bytes): self = .data(Data(bytes))
        case .string(let string): self = .string(string)
        case .integer(let integer): self = .integer(integer)
        case .bool(let bool): self = .bool(bool)
        case .double(let double): self = .double(double)
        case .date(let seconds): self = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .array(let plist), .dictionary(let plist):
            self = try StoreValue(binaryPropertyList: plist, source: source)
            guard self.kind.rawValue == carried.kind else {
                throw StoreError.propertyList(
                    message: "it holds \(self.kindName) where the backup says \(carried.kind)", path: source)
            }
        }
    }
}
