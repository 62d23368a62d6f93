/// What a version 4 backup carries beside its sections, once read and checked: the store keys
/// to restore, and the records that cannot be read, by store key.
public struct CarriedContents: Sendable, Equatable {
    /// The carried store keys, in order.
    public var storeKeys: [CarriedStoreKey] = []
    /// The carried unreadable records, in order.
    public var unreadableRecords: [CarriedUnreadableRecord] = []

    public init(storeKeys: [CarriedStoreKey] = [], unreadableRecords: [CarriedUnreadableRecord] = []) {
        self.storeKeys = storeKeys
        self.unreadableRecords = unreadableRecords
    }

    /// Whether nothing is carried.
    public var isEmpty: Bool { storeKeys.isEmpty && unreadableRecords.isEmpty }

    /// The JSON text of the elements of `storeKey`'s array that cannot be read, in order: they
    /// go back after the array's readable records.
    public func unreadableElements(of storeKey: String) -> [[UInt8]] {
        unreadableRecords.compactMap { record in
            guard record.storeKey == storeKey, !record.isWholeValue, case .data(let bytes) = record.value else {
                return nil
            }
            return bytes
        }
    }

    /// The whole values that cannot be read, by store key.
    public var unreadableValues: [(storeKey: String, value: CarriedValue)] {
        unreadableRecords.filter(\.isWholeValue).map { ($0.storeKey, $0.value) }
    }
}
