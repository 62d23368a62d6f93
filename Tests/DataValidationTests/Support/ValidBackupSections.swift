import BackupFormat
import TestSupport

/// The sections of a small backup that is valid in every respect: no errors, no warnings, no
/// notes. Tests start from it and break one thing at a time, so every finding they see comes
/// from that one change. Record positions are fixed: `alpha.example` … `echo.example` are
/// `$.trackedDomains[0]` … `[4]`.
enum ValidBackupSections {
    /// A UUID whose last group is `n`, e.g. `id(3)` → `00000000-0000-4000-8000-000000000003`.
    static func id(_ n: Int) -> String { SampleIdentity.uuidText(decimal: n) }

    static let trackedDomains = """
        [
          {"id": "\(id(1))", "domain": "alpha.example", "addedAt": "2025-01-10T09:00:00Z", "displayName": "Alpha",
           "notes": "main site", "tags": ["work", "dns"], "status": "active", "isFavorite": true,
           "lastLookupAt": "2025-06-01T12:00:00.250Z", "expiresAt": "2027-01-10T00:00:00Z"},
          {"id": "\(id(2))", "domain": "bravo.example", "addedAt": "2025-01-11T09:00:00Z"},
          {"id": "\(id(3))", "domain": "charlie.example", "addedAt": "2025-01-12T09:00:00+02:00", "tags": [], "status": "paused"},
          {"id": "\(id(4))", "domain": "delta.example", "addedAt": "2025-01-13T09:00:00Z", "status": "archived", "displayName": null},
          {"id": "\(id(5))", "domain": "echo.example", "addedAt": "2025-01-14T09:00:00Z", "isFavorite": false}
        ]
        """

    static let lookupHistory = """
        [
          {"id": "\(id(101))", "domain": "alpha.example", "capturedAt": "2025-06-01T12:00:00Z", "trigger": "manual",
           "durationMs": 840,
           "dns": {"resolver": "https://cloudflare-dns.com/dns-query", "responseTimeMs": 21, "records": [
             {"type": "A", "name": "alpha.example", "value": "192.0.2.10", "ttl": 300},
             {"type": "MX", "name": "alpha.example", "value": "mx1.alpha.example", "ttl": 3600, "priority": 10},
             {"type": "TXT", "name": "_dmarc.alpha.example", "value": "v=DMARC1; p=none", "ttl": 3600},
             {"type": "CNAME", "name": "*.alpha.example", "value": "alpha.example", "ttl": 300}]},
           "registration": {"source": "rdap", "registrar": "Example Registrar", "createdAt": "2010-05-01T00:00:00Z",
             "expiresAt": "2027-01-10T00:00:00Z", "nameServers": ["ns1.dns-host.net", "ns2.dns-host.net"],
             "statuses": ["clientTransferProhibited"], "dnssec": false},
           "tls": {"subject": "CN=alpha.example", "issuer": "CN=R11, O=Let's Encrypt", "notBefore": "2025-05-01T00:00:00Z",
             "notAfter": "2025-07-30T00:00:00Z", "subjectAltNames": ["alpha.example", "www.alpha.example"], "keyBits": 2048,
             "chainValid": true},
           "http": {"url": "https://alpha.example/", "statusCode": 200, "redirectCount": 0, "responseTimeMs": 120,
             "server": "nginx", "hstsEnabled": true, "headers": {"cache-control": "max-age=60"}}},
          {"id": "\(id(102))", "domain": "bravo.example", "capturedAt": "2025-06-02T12:00:00Z", "trigger": "monitoring"}
        ]
        """

    static let domainAudits = """
        [
          {"id": "\(id(201))", "domain": "alpha.example", "startedAt": "2025-06-03T08:00:00Z",
           "completedAt": "2025-06-03T08:01:00Z", "status": "completed", "score": 92, "checks": [
             {"id": "dns.dnssec", "title": "DNSSEC", "category": "dns", "severity": "medium", "result": "warn"},
             {"id": "tls.expiry", "title": "Certificate expiry", "category": "tls", "severity": "high", "result": "pass",
              "detail": "valid for 57 days"}]}
        ]
        """

    static let domainWorkflows = """
        [
          {"id": "\(id(301))", "name": "Weekly check", "createdAt": "2025-02-01T10:00:00Z",
           "domains": ["alpha.example", "bravo.example"], "schedule": "weekly", "isEnabled": true,
           "updatedAt": "2025-02-02T10:00:00Z", "steps": [
             {"id": "look", "kind": "lookup", "isEnabled": true, "parameters": {"record": "A"}},
             {"id": "tell", "kind": "notify"}]}
        ]
        """

    static let monitoringSettings = """
        {"isEnabled": true, "intervalMinutes": 60, "monitoredDomains": ["alpha.example", "charlie.example"],
         "notifyOn": ["dnsChange", "tlsExpiry"], "expiryWarningDays": 30,
         "quietHours": {"start": "22:00", "end": "07:30"}, "channels": ["push", "webhook"],
         "webhookURL": "https://hooks.example/domaindig"}
        """

    static let monitoringLogs = """
        [
          {"id": "\(id(401))", "domain": "alpha.example", "checkedAt": "2025-06-01T12:00:05Z", "event": "ok",
           "severity": "info", "message": "no change", "snapshotId": "\(id(101))", "acknowledged": true},
          {"id": "\(id(402))", "domain": "bravo.example", "checkedAt": "2025-06-02T12:00:05Z", "event": "dnsChange"}
        ]
        """

    static let appSettings = """
        {"recentSearches": ["alpha.example", "zulu.example"], "savedDomains": ["bravo.example"],
         "resolverURL": "https://dns.quad9.net/dns-query", "displayDensity": "compact", "showRawRecords": true}
        """

    static let entitlement = """
        {"productId": "com.domaindig.pro.yearly", "verifiedAt": "2025-06-01T00:00:00Z", "tier": "pro",
         "purchasedAt": "2025-01-01T00:00:00Z", "expiresAt": "2026-01-01T00:00:00Z", "isTrial": false,
         "originalTransactionId": "2000000123456789"}
        """

    static let usageCredits = """
        {"balance": 70, "entries": [
          {"id": "\(id(501))", "at": "2025-01-01T00:00:00Z", "amount": 100, "kind": "grant"},
          {"id": "\(id(502))", "at": "2025-03-01T00:00:00Z", "amount": -30, "kind": "spend", "domain": "alpha.example",
           "note": "bulk audit"}]}
        """

    /// Every section, by name.
    static let all: [BackupSection: String] = [
        .trackedDomains: trackedDomains, .lookupHistory: lookupHistory, .domainAudits: domainAudits,
        .domainWorkflows: domainWorkflows, .monitoringSettings: monitoringSettings, .monitoringLogs: monitoringLogs,
        .appSettings: appSettings, .entitlement: entitlement, .usageCredits: usageCredits,
    ]
}
