import Foundation

extension CachedEntitlement {
    /// Merge rule: the entitlement verified last wins whole (ties keep this one). Unknown
    /// fields are unioned, the winner's winning a clash.
    public func merged(with other: CachedEntitlement) -> CachedEntitlement {
        let (winner, loser) = other.verifiedAt > verifiedAt ? (other, self) : (self, other)
        var result = winner
        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)
        return result
    }
}
