import Foundation

@testable import DomainModel

// The merge rules as they were written by hand before the declarations said them
// (`merge` in each `.record`), kept verbatim as `legacyMerged(with:)`: `GeneratedMergingTests`
// checks the generated `merged(with:)` gives the same records, byte for byte, over many pairs.
// Frozen: a rule that changes on purpose changes here too, with its tests.

extension AuditSession {
    func legacyMerged(with other: AuditSession) -> AuditSession {
        let otherIsNewer = (other.completedAt ?? .distantPast) > (completedAt ?? .distantPast)
        let (winner, loser) = otherIsNewer ? (other, self) : (self, other)
        var result = winner
        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)
        result.checks = Array(AuditSession.distinctChecks(winner.checks + loser.checks).prefix(AuditSession.maxChecks))
        return result
    }
}

extension LookupSnapshot {
    func legacyMerged(with other: LookupSnapshot) -> LookupSnapshot {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        result.dns = dns ?? other.dns
        result.registration = registration ?? other.registration
        result.tls = tls ?? other.tls
        result.http = http ?? other.http
        return result
    }
}

extension MonitoringLogEntry {
    func legacyMerged(with other: MonitoringLogEntry) -> MonitoringLogEntry {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        result.acknowledged = acknowledged || other.acknowledged
        result.snapshotID = snapshotID ?? other.snapshotID
        return result
    }
}

extension MonitoringSettings {
    func legacyMerged(with incoming: MonitoringSettings) -> MonitoringSettings {
        var result = incoming
        result.unknownFields = incoming.unknownFields.merged(with: unknownFields)
        result.monitoredDomains = Array(
            union(monitoredDomains, incoming.monitoredDomains).prefix(MonitoringSettings.maxMonitoredDomains))
        result.notifyOn = union(notifyOn, incoming.notifyOn)
        result.channels = union(channels, incoming.channels)
        result.quietHours = incoming.quietHours ?? quietHours
        result.webhookURL = incoming.webhookURL ?? webhookURL
        return result
    }
}

extension CachedEntitlement {
    func legacyMerged(with other: CachedEntitlement) -> CachedEntitlement {
        let (winner, loser) = other.verifiedAt > verifiedAt ? (other, self) : (self, other)
        var result = winner
        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)
        return result
    }
}

extension LedgerEntry {
    func legacyMerged(with other: LedgerEntry) -> LedgerEntry {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        return result
    }
}

extension AppSettings {
    func legacyMerged(with incoming: AppSettings) -> AppSettings {
        var preferences = incoming.preferences
        preferences.unknownFields = incoming.unknownFields.merged(with: unknownFields)
        return AppSettings(
            recentSearches: recentSearches + incoming.recentSearches,
            savedDomains: Array(union(savedDomains, incoming.savedDomains).prefix(AppSettings.maxSavedDomains)),
            preferences: preferences)
    }
}

extension Workflow {
    func legacyMerged(with other: Workflow) -> Workflow {
        let otherIsNewer = other.updatedAt > updatedAt
        var result = otherIsNewer ? other : self
        result.unknownFields = result.unknownFields.merged(with: (otherIsNewer ? self : other).unknownFields)
        let runs = [lastRunAt, other.lastRunAt].compactMap { $0 }
        result.lastRunAt = runs.max()
        return result
    }
}
