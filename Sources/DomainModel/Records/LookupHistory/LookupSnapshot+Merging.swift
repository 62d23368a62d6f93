import Foundation

extension LookupSnapshot {
    public var naturalKey: UUID { id }

    /// Merge rule: the first copy wins field by field; a probe it lacks (nil) is taken from
    /// the other copy. Unknown fields are unioned, the first copy's winning a clash.
    public func merged(with other: LookupSnapshot) -> LookupSnapshot {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        result.dns = dns ?? other.dns
        result.registration = registration ?? other.registration
        result.tls = tls ?? other.tls
        result.http = http ?? other.http
        return result
    }
}
