import Foundation

extension MonitoringLogEntry {
    public var naturalKey: UUID { id }

    /// Merge rule: the first copy wins, acknowledged if either copy is, and the snapshot
    /// link is taken from the other copy when the first lacks one. Unknown fields are unioned,
    /// the first copy's winning a clash.
    public func merged(with other: MonitoringLogEntry) -> MonitoringLogEntry {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        result.acknowledged = acknowledged || other.acknowledged
        result.snapshotID = snapshotID ?? other.snapshotID
        return result
    }
}
