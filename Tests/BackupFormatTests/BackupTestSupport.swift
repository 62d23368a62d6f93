import BackupFormat
import DomainModel
import DurableIO
import Foundation
import JSONCore
import TestSupport
import Testing

/// A backup holding realistic records of every type, in canonical form, including values a
/// newer build wrote (unknown enum raw values), so round trips show nothing is lost.
enum SampleBackup {
    static let createdAt = SampleIdentity.referenceDate

    static func id(_ n: Int) -> UUID { SampleIdentity.uuid(n) }

    /// `days` days after (or before) `createdAt`.
    static func day(_ days: Int, seconds: Int = 0) -> Date { SampleIdentity.day(days, seconds: seconds) }

    static func make() -> InMemoryBackup {
        var backup = InMemoryBackup(createdAt: createdAt, storeSchemaVersion: 3)
        backup.trackedDomains = [
            TrackedDomain(
                id: id(1), domain: "example.com", displayName: "Example", notes: "Main marketing domain.",
                tags: ["production", "client"], status: .active, isFavorite: true, addedAt: day(-400, seconds: 3600),
                lastLookupAt: day(-1, seconds: 120), expiresAt: day(200)),
            TrackedDomain(id: id(2), domain: "mail.example.org", tags: ["email"], status: .paused, addedAt: day(-90)),
            TrackedDomain(
                id: id(3), domain: "xn--bcher-kva.de", notes: "Parked; consider letting it lapse.",
                status: .archived, addedAt: day(-30)),
        ]
        var snoozed = TrackedDomain(id: id(4), domain: "later.example.net", addedAt: day(-12))
        snoozed.status = Lenient(rawValue: "snoozed") // written by a newer build
        backup.trackedDomains.append(snoozed)

        backup.lookupHistory = [
            LookupSnapshot(
                id: id(10), domain: "example.com", capturedAt: day(-1, seconds: 120), trigger: .monitoring,
                durationMs: 842,
                dns: DNSLookupResult(
                    resolver: "https://cloudflare-dns.com/dns-query", responseTimeMs: 23,
                    records: [
                        DNSRecord(type: .a, name: "example.com", value: "93.184.215.14", ttl: 300),
                        DNSRecord(
                            type: .aaaa, name: "example.com", value: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", ttl: 300),
                        DNSRecord(type: .mx, name: "example.com", value: "mx1.example.com", ttl: 3600, priority: 10),
                        DNSRecord(type: .txt, name: "_dmarc.example.com", value: "v=DMARC1; p=reject", ttl: 3600),
                    ]),
                registration: RegistrationSummary(
                    source: .rdap, registrar: "Gandi SAS", registrant: "REDACTED FOR PRIVACY", createdAt: day(-9000),
                    updatedAt: day(-20), expiresAt: day(200), nameServers: ["ns1.dns-host.net", "ns2.dns-host.net"],
                    statuses: ["clientTransferProhibited"], dnssec: true),
                tls: TLSCertificateSummary(
                    subject: "CN=example.com", issuer: "CN=R11, O=Let's Encrypt, C=US", serialNumber: "04a1b2c3d4",
                    notBefore: day(-40), notAfter: day(50), subjectAltNames: ["example.com", "www.example.com"],
                    signatureAlgorithm: "ecdsa-with-SHA256", keyBits: 256, chainValid: true),
                http: HTTPProbeResult(
                    url: "https://example.com/", statusCode: 301, finalURL: "https://www.example.com/",
                    redirectCount: 1,
                    responseTimeMs: 118, server: "nginx", contentType: "text/html; charset=utf-8", hstsEnabled: true,
                    headers: [StringPair(name: "cache-control", value: "max-age=3600")])),
            LookupSnapshot(
                id: id(11), domain: "mail.example.org", capturedAt: day(-3), trigger: .manual, durationMs: 91,
                dns: DNSLookupResult(records: [], error: "SERVFAIL")),
        ]

        backup.domainAudits = [
            AuditSession(
                id: id(20), domain: "example.com", startedAt: day(-2), completedAt: day(-2, seconds: 41),
                status: .completed, score: 87,
                checks: [
                    AuditCheck(
                        id: "dns.spf", title: "SPF record published", category: .email, severity: .medium, result: .pass
                    ),
                    AuditCheck(
                        id: "tls.expiry", title: "Certificate valid for 30+ days", category: .tls, severity: .high,
                        result: .warn, detail: "Expires in 50 days."),
                ]),
            AuditSession(id: id(21), domain: "mail.example.org", startedAt: day(0), status: .running),
        ]

        var workflow = Workflow(
            id: id(30), name: "Weekly renewal check", domains: ["example.com", "mail.example.org"],
            steps: [
                WorkflowStep(id: "lookup", kind: .lookup),
                WorkflowStep(
                    id: "compare", kind: .compare, parameters: [StringPair(name: "compareWith", value: "previous")]),
                WorkflowStep(
                    id: "notify", kind: .notify, isEnabled: false,
                    parameters: [StringPair(name: "channel", value: "push")]),
            ],
            schedule: .weekly, createdAt: day(-300), updatedAt: day(-10), lastRunAt: day(-3))
        workflow.steps.append(WorkflowStep(id: "shot", kind: .unsupported))
        workflow.steps[3].kind = Lenient(rawValue: "screenshot")
        backup.domainWorkflows = [workflow]

        backup.monitoringSettings = MonitoringSettings(
            isEnabled: true, intervalMinutes: 30, monitoredDomains: ["example.com", "mail.example.org"],
            notifyOn: [.dnsChange, .tlsExpiry], expiryWarningDays: 21,
            quietHours: QuietHours(start: "22:00", end: "07:00"),
            channels: [.push, .webhook], webhookURL: "https://hooks.example.com/domaindig")
        backup.monitoringLogs = [
            MonitoringLogEntry(
                id: id(40), domain: "example.com", checkedAt: day(-1, seconds: 120), event: .dnsChange,
                severity: .medium, message: "A record changed.", snapshotID: id(10), acknowledged: true),
            MonitoringLogEntry(id: id(41), domain: "mail.example.org", checkedAt: day(-1), event: .ok),
        ]
        backup.appSettings = AppSettings(
            recentSearches: ["example.com", "whois example.org"], savedDomains: ["example.com", "example.net"],
            preferences: AppPreferences(
                resolverURL: "https://dns.quad9.net/dns-query", displayDensity: .compact, showRawRecords: true))
        backup.entitlement = CachedEntitlement(
            productID: "com.domaindig.pro.yearly", tier: .pro, purchasedAt: day(-200), expiresAt: day(165),
            originalTransactionID: "2000000123456789", verifiedAt: day(-1))
        backup.usageCredits = UsageCreditLedger(
            balance: 96,
            entries: [
                LedgerEntry(id: id(50), at: day(-30), amount: 100, kind: .grant, note: "Monthly credits"),
                LedgerEntry(id: id(51), at: day(-2), amount: -4, kind: .spend, domain: "example.com"),
            ])
        return backup
    }

    /// Rebuilds a backup from section bytes as a reader sees them, failing on any decoding issue
    /// other than the unknown enum values `make()` plants on purpose.
    static func decode(_ sections: [BackupSection: [UInt8]], createdAt: Date, storeSchemaVersion: Int) throws
        -> InMemoryBackup
    {
        var backup = InMemoryBackup(createdAt: createdAt, storeSchemaVersion: storeSchemaVersion)
        func array<Record: DeduplicatingRecord>(_ section: BackupSection, _ type: Record.Type) throws -> [Record] {
            let bytes = try #require(sections[section], "section \(section) was not read")
            let decoded = CollectionDecoder.decodeArray(bytes, as: Record.self)
            #expect(decoded.duplicatesMerged == 0, "section \(section)")
            #expect(decoded.issues.allSatisfy { $0.kind == .unknownEnumValue }, "section \(section): \(decoded.issues)")
            return decoded.records
        }
        func object<Record: JSONRecord>(_ section: BackupSection, _ type: Record.Type) throws -> Record? {
            let bytes = try #require(sections[section], "section \(section) was not read")
            if bytes == Array("null".utf8) { return nil }
            let decoded = CollectionDecoder.decodeObject(bytes, as: Record.self)
            #expect(decoded.issues.allSatisfy { $0.kind == .unknownEnumValue }, "section \(section): \(decoded.issues)")
            let record = try #require(decoded.record, "section \(section) did not decode")
            return record
        }
        backup.trackedDomains = try array(.trackedDomains, TrackedDomain.self)
        backup.lookupHistory = try array(.lookupHistory, LookupSnapshot.self)
        backup.domainAudits = try array(.domainAudits, AuditSession.self)
        backup.domainWorkflows = try array(.domainWorkflows, Workflow.self)
        backup.monitoringSettings = try #require(try object(.monitoringSettings, MonitoringSettings.self))
        backup.monitoringLogs = try array(.monitoringLogs, MonitoringLogEntry.self)
        backup.appSettings = try #require(try object(.appSettings, AppSettings.self))
        backup.entitlement = try object(.entitlement, CachedEntitlement.self)
        backup.usageCredits = try object(.usageCredits, UsageCreditLedger.self)
        return backup
    }
}

/// Writes every section of `backup` with ``BackupArchiveWriter``.
@discardableResult
func writeBackup(
    _ backup: InMemoryBackup, to destination: BackupArchiveWriter.Destination,
    compression: ArchiveCompression = .default, schemaVersion: Int = DomainDigBackup.currentSchemaVersion,
    encryption: BackupEncryption = .none
) throws
    -> BackupArchiveWriter.Summary
{
    let writer = try BackupArchiveWriter(
        destination: destination, compression: compression, modificationTime: Date(), encryption: encryption)
    for section in BackupSection.allCases {
        let encoded = backup.encodedSection(section)
        try writer.addSection(section, bytes: encoded.bytes, records: encoded.records)
    }
    return try writer.finish(
        createdAt: backup.createdAt, storeSchemaVersion: backup.storeSchemaVersion, schemaVersion: schemaVersion)
}

/// Opens the archive at `url` with ``BackupArchiveReader``; the descriptor lives as long as the reader is used.
final class OpenedBackup {
    let descriptor: Int32
    let reader: BackupArchiveReader

    init(_ url: URL, limits: BackupReadLimits = .default) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0, "cannot open \(url.path)")
        self.descriptor = descriptor
        do {
            reader = try BackupArchiveReader(
                descriptor: DescriptorIO(borrowing: descriptor, name: url.lastPathComponent), limits: limits)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Every entry after the manifest.
    func readAll(_ handling: BackupArchiveReader.DataHandling = .collect) throws -> [SectionPayload] {
        var payloads: [SectionPayload] = []
        while let payload = try reader.nextSection(handling) { payloads.append(payload) }
        return payloads
    }
}

/// The error `body` throws, as a `BackupFormatError`; records an issue when it throws nothing or something else.
func backupFormatError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void)
    -> BackupFormatError?
{
    do {
        try body()
        Issue.record("expected a BackupFormatError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as BackupFormatError {
        return error
    } catch {
        Issue.record("expected a BackupFormatError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Replaces the first occurrence of `needle` in the file at `url` by `replacement` of the same length.
func patchFile(_ url: URL, replacing needle: [UInt8], with replacement: [UInt8]) throws {
    precondition(needle.count == replacement.count)
    var bytes = [UInt8](try Data(contentsOf: url))
    let start = try #require(
        bytes.firstRange(of: needle), "\(String(decoding: needle, as: UTF8.self)) is not in \(url.path)")
    bytes.replaceSubrange(start, with: replacement)
    try Data(bytes).write(to: url)
}
