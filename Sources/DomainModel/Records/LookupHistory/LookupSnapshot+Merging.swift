import Foundation

extension LookupSnapshot {
    public var naturalKey: UUID { id }
}
