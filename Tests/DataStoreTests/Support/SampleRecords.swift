import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// Realistic records of every type the repositories store, in canonical form.
enum SampleRecords {
    static func id(_ n: Int) -> UUID { SampleIdentity.uuid(n) }

    /// `days` days from `SampleIdentity.referenceDate`.
    static func day(_ days: Int, seconds: Int = 0) -> Date { SampleIdentity.day(days, seconds: seconds) }

    static let trackedDomains = [
        TrackedDomain(
            id: id(1), domain: "example.com", displayName: "Example", notes: "Main marketing domain.",
            tags: ["production"], status: .active, isFavorite: true, addedAt: day(-400),
            lastLookupAt: day(-1), expiresAt: day(200)),
        TrackedDomain(
            id: id(2), domain: "mail.example.org", tags: ["email", "client"], status: .paused, addedAt: day(-90)),
    ]

    static let lookupHistory = [
        LookupSnapshot(
            id: id(10), domain: "example.com", capturedAt: day(-1), trigger: .monitoring, durationMs: 842,
            dns: DNSLookupResult(
                resolver: "https://cloudflare-dns.com/dns-query", responseTimeMs: 23,
                records: [
                    DNSRecord(type: .a, name: "example.com", value: "93.184.215.14", ttl: 300),
                    DNSRecord(type: .mx, name: "example.com", value: "mx1.example.com", ttl: 3600, priority: 10),
                ]),
            registration: RegistrationSummary(
                source: .rdap, registrar: "Gandi SAS", expiresAt: day(200),
                nameServers: ["ns1.dns-host.net"], statuses: ["ok"]),
            tls: TLSCertificateSummary(
                subject: "CN=example.com", issuer: "CN=R11, O=Let's Encrypt, C=US",
                notAfter: day(50), subjectAltNames: ["example.com"], chainValid: true),
            http: HTTPProbeResult(url: "https://example.com/", statusCode: 200, responseTimeMs: 118, server: "nginx")),
        LookupSnapshot(id: id(11), domain: "mail.example.org", capturedAt: day(-3), durationMs: 91),
    ]

    static let domainAudits = [
        AuditSession(
            id: id(20), domain: "example.com", startedAt: day(-2), completedAt: day(-2, seconds: 41),
            status: .completed, score: 87,
            checks: [
                AuditCheck(
                    id: "dns.spf", title: "SPF record published", category: .email, severity: .medium, result: .pass),
                AuditCheck(
                    id: "tls.expiry", title: "Certificate valid for 30+ days", category: .tls, severity: .high,
                    result: .warn),
            ])
    ]

    static let domainWorkflows = [
        Workflow(
            id: id(30), name: "Weekly renewal check", domains: ["example.com"],
            steps: [
                WorkflowStep(id: "lookup", kind: .lookup),
                WorkflowStep(id: "notify", kind: .notify, parameters: [StringPair(name: "channel", value: "push")]),
            ],
            schedule: .weekly, createdAt: day(-300), updatedAt: day(-10), lastRunAt: day(-3))
    ]

    static let monitoringLogs = [
        MonitoringLogEntry(
            id: id(40), domain: "example.com", checkedAt: day(-1), event: .dnsChange, severity: .medium,
            message: "A record changed.", snapshotID: id(10), acknowledged: true),
        MonitoringLogEntry(id: id(41), domain: "mail.example.org", checkedAt: day(-1), event: .ok),
    ]

    static let monitoringSettings = MonitoringSettings(
        isEnabled: true, intervalMinutes: 30, monitoredDomains: ["example.com"], notifyOn: [.dnsChange, .tlsExpiry],
        expiryWarningDays: 21, quietHours: QuietHours(start: "22:00", end: "07:00"), channels: [.push],
        webhookURL: "https://hooks.example.com/domaindig")

    static let appPreferences = AppPreferences(
        resolverURL: "https://dns.quad9.net/dns-query", displayDensity: .compact,
        showRawRecords: true)

    static let cachedEntitlement = CachedEntitlement(
        productID: "com.domaindig.pro.yearly", tier: .pro, purchasedAt: day(-200), expiresAt: day(165),
        originalTransactionID: "2000000123456789", verifiedAt: day(-1))

    static let usageCreditLedger = UsageCreditLedger(
        balance: 96,
        entries: [
            LedgerEntry(id: id(50), at: day(-30), amount: 100, kind: .grant, note: "Monthly credits"),
            LedgerEntry(id: id(51), at: day(-2), amount: -4, kind: .spend, domain: "example.com"),
        ])
}

/// Writes JSON text under `key` as the app does: a data blob.
func setJSON(_ text: String, forKey key: StorageKey, in store: any KeyValueStore) throws {
    try store.set(.data(Data(text.utf8)), forKey: key.rawValue)
}

/// The blob stored under `key`, as text.
func storedJSON(_ key: StorageKey, in store: any StoreReading) throws -> String? {
    guard case .data(let data)? = try store.value(forKey: key.rawValue) else { return nil }
    return String(decoding: data, as: UTF8.self)
}

/// The issues as `kind path` lines, sorted, for comparing whole sets in one expectation.
func issueSummary(_ issues: [DecodingIssue]) -> [String] {
    issues.map { "\($0.kind.rawValue) \($0.path)" }.sorted()
}
