import DurableIO
import Foundation

extension PropertyListStore: StoreFileCopying {
    public var backend: StoreBackend { .propertyList }

    /// Writes the committed values — what the store read or last wrote, which a transaction
    /// works on a copy of until it commits — in the store's format (XML or binary).
    public func writeCopy(to url: URL) throws {
        try write(entries, in: format, to: url)
    }
}
