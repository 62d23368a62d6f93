import DomainModel

/// The schema of every current record, built from the same limits the decoders use.
enum RecordSchemas {
    typealias S = SchemaBuilder

    static let trackedDomain = S.object(
        "trackedDomain", "A domain the user follows.",
        [
            S.stableID,
            S.required("domain", S.string("The domain; canonical form is lower case without a trailing dot.", .domain)),
            S.required("addedAt", S.string("When tracking started.", .dateTime)),
            S.optional("displayName", S.string("A label the user gave the domain.")),
            S.optional("notes", S.string("Free-form notes.")),
            S.optional("tags", S.array(of: S.string("A tag."), "User tags.", max: TrackedDomain.maxTags)),
            S.optional("status", S.enumeration(TrackingStatus.self, "Whether the domain is actively followed.")),
            S.optional("isFavorite", S.boolean("Pinned to the top of the list.")),
            S.optional("lastLookupAt", S.string("The last lookup.", .dateTime)),
            S.optional("expiresAt", S.string("Registration expiry seen at the last lookup.", .dateTime)),
        ])

    static let dnsRecord = S.object(
        "dnsRecord", "One resource record of a DNS answer.",
        [
            S.optional("type", S.enumeration(DNSRecordType.self, "The record type.")),
            S.required(
                "name", S.string("The owner name; `_service` labels and a leading `*` are allowed.", .ownerName)),
            S.required("value", S.string("The record data as presentation text.")),
            S.optional("ttl", S.integer("Time to live in seconds.", 0...DNSRecord.maxTTL)),
            S.optional("priority", S.integer("MX/SRV preference.", 0...65535)),
        ])

    static let dnsResult = S.object(
        "dnsLookupResult", "The DNS part of a lookup.",
        [
            S.optional("resolver", S.string("The resolver asked.")),
            S.optional("responseTimeMs", S.integer("Answer time in milliseconds.", 0...3_600_000)),
            S.optional("records", S.array(of: dnsRecord, "The answers.", max: DNSLookupResult.maxRecords)),
            S.optional("error", S.string("Why the lookup failed, when it did.")),
        ])

    static let registration = S.object(
        "registrationSummary", "The WHOIS/RDAP part of a lookup.",
        [
            S.optional("source", S.enumeration(RegistrationSource.self, "Where the data came from.")),
            S.optional("registrar", S.string("The sponsoring registrar.")),
            S.optional("registrant", S.string("The registrant organisation.")),
            S.optional("createdAt", S.string("Registration date.", .dateTime)),
            S.optional("updatedAt", S.string("Last update.", .dateTime)),
            S.optional("expiresAt", S.string("Expiry date.", .dateTime)),
            S.optional(
                "nameServers", S.array(of: S.string("A name server.", .domain), "Delegated name servers.", max: 64)),
            S.optional("statuses", S.array(of: S.string("An EPP status code."), "EPP status codes.", max: 64)),
            S.optional("dnssec", S.boolean("Whether the delegation is signed.")),
        ])

    static let tls = S.object(
        "tlsCertificateSummary", "The TLS leaf certificate served on port 443.",
        [
            S.required("subject", S.string("Subject distinguished name.")),
            S.required("issuer", S.string("Issuer distinguished name.")),
            S.optional("serialNumber", S.string("Serial number in hexadecimal.")),
            S.optional("notBefore", S.string("Start of validity.", .dateTime)),
            S.optional("notAfter", S.string("End of validity.", .dateTime)),
            S.optional("subjectAltNames", S.array(of: S.string("A DNS name."), "subjectAltName DNS names.", max: 1000)),
            S.optional("signatureAlgorithm", S.string("The signature algorithm.")),
            S.optional("keyBits", S.integer("Public key size in bits.", 0...65536)),
            S.optional("chainValid", S.boolean("Whether the chain validated.")),
        ])

    static let http = S.object(
        "httpProbeResult", "A GET of the domain's home page.",
        [
            S.required("url", S.string("The URL requested.")),
            S.required("statusCode", S.integer("The final status code.", 100...599)),
            S.optional("finalURL", S.string("Where redirects ended.")),
            S.optional("redirectCount", S.integer("Redirects followed.", 0...100)),
            S.optional("responseTimeMs", S.integer("Time to the last response in milliseconds.", 0...3_600_000)),
            S.optional("server", S.string("The Server header.")),
            S.optional("contentType", S.string("The Content-Type header.")),
            S.optional("hstsEnabled", S.boolean("Whether Strict-Transport-Security was sent.")),
            S.optional("headers", S.stringMap("Selected response headers.")),
        ])

    /// The fields a lookup has had since version 2 (`LegacySchemas.lookupV2` has them too).
    static let lookupFields = [
        S.stableID,
        S.required("domain", S.string("The domain looked up.", .domain)),
        S.required("capturedAt", S.string("When the lookup ran.", .dateTime)),
        S.optional("trigger", S.enumeration(LookupTrigger.self, "What started the lookup.")),
        S.optional("durationMs", S.integer("Wall time in milliseconds.", 0...86_400_000)),
    ]

    static let lookupSnapshot = S.object(
        "lookupSnapshot", "One lookup of a domain at a point in time.",
        lookupFields + [
            S.optional("dns", dnsResult),
            S.optional("registration", registration),
            S.optional("tls", tls),
            S.optional("http", http),
        ])

    static let auditCheck = S.object(
        "auditCheck", "One check of an audit.",
        [
            S.required("id", S.string("Stable check code, unique within its session.", .nonEmpty)),
            S.optional("title", S.string("The check's title.")),
            S.optional("category", S.enumeration(AuditCategory.self, "The area the check covers.")),
            S.optional("severity", S.enumeration(Severity.self, "How much a failure matters.")),
            S.optional("result", S.enumeration(CheckResult.self, "The outcome.")),
            S.optional("detail", S.string("What was found.")),
        ])

    static let auditSession = S.object(
        "auditSession", "One audit of a domain.",
        [
            S.stableID,
            S.required("domain", S.string("The audited domain.", .domain)),
            S.required("startedAt", S.string("When the audit started.", .dateTime)),
            S.optional("completedAt", S.string("When it finished.", .dateTime)),
            S.optional("status", S.enumeration(AuditStatus.self, "Where the audit stands.")),
            S.optional("score", S.integer("Overall score.", 0...100)),
            S.optional("checks", S.array(of: auditCheck, "The checks.", max: AuditSession.maxChecks, unique: "id")),
        ])
}
