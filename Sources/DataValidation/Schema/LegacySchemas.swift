import DomainModel

/// The schemas of the single-document backups, versions 1 and 2 (see Docs/versions.md).
/// Constraints match what the upgraders need, so a document that passes them upgrades into
/// a valid current backup. Duplicates and references are checked after the upgrade, by the
/// current version's rules, so they are reported once.
enum LegacySchemas {
    typealias S = SchemaBuilder

    /// Epoch seconds between 1970 and 2286.
    static let epoch = S.number("Seconds since 1970-01-01T00:00:00Z.", 0...9_999_999_999)
    static let dnsAnswers = S.map(
        of: S.array(of: S.string("Presentation text; MX and SRV start with the preference."), "Answers of one type."),
        "DNS answers by record type (A, MX…).")

    static let tags = S.array(of: S.string("A tag."), "Tags.", max: TrackedDomain.maxTags)

    /// The app settings, whose fields versions 1 and 2 name differently.
    static func settings(
        _ definition: String, resolver: StaticString, density: StaticString, recent: StaticString,
        saved: StaticString
    ) -> PropertySchema {
        S.optional(
            "settings",
            S.object(
                definition, "App settings.",
                [
                    S.optional(resolver, RecordSchemas.resolverURL),
                    S.optional(density, RecordSchemas.displayDensity),
                    S.optional(
                        recent,
                        S.array(of: S.string("A search."), "Recent searches.", max: AppSettings.maxRecentSearches)),
                    S.optional(
                        saved,
                        S.array(of: S.string("A domain.", .domain), "Saved domains.", max: AppSettings.maxSavedDomains)),
                ]))
    }

    static let v1 = BackupSchema(
        version: 1, title: "DomainDigBackup v1: one plain JSON document (DomainDig 1.x)",
        layout: .document(
            S.object(
                "backupV1", "A version 1 backup.",
                [
                    S.required("version", S.integer("Always 1.", 1...1)),
                    S.optional("exportedAt", epoch),
                    S.optional("app", S.string("The app that wrote the backup.")),
                    S.optional(
                        "domains",
                        S.array(
                            of: S.object(
                                "trackedDomainV1", "A tracked domain.",
                                [
                                    S.required("name", S.string("The domain.", .domain)),
                                    S.required("added", epoch),
                                    S.optional("note", S.string("Notes.")),
                                    S.optional("tags", tags),
                                    S.optional("favorite", S.boolean("Pinned.")),
                                ]), "Tracked domains.")),
                    S.optional(
                        "history",
                        S.array(
                            of: S.object(
                                "lookupV1", "A lookup.",
                                [
                                    S.required("uuid", S.string("Stable identity.", .uuid)),
                                    S.required("domain", S.string("The domain looked up.", .domain)),
                                    S.required("date", epoch),
                                    S.optional("dns", dnsAnswers),
                                    S.optional(
                                        "whois",
                                        S.object(
                                            "whoisV1", "WHOIS data.",
                                            [
                                                S.optional("registrar", S.string("The registrar.")),
                                                S.optional("created", epoch),
                                                S.optional("expires", epoch),
                                                S.optional(
                                                    "nameservers",
                                                    S.array(
                                                        of: S.string("A name server.", .domain), "Name servers.",
                                                        max: 64)),
                                            ])),
                                ]), "Lookup history.")),
                    settings("settingsV1", resolver: "resolver", density: "density", recent: "recent", saved: "saved"),
                ])))

    static let v2 = BackupSchema(
        version: 2, title: "DomainDigBackup v2: one gzip-compressed JSON document (DomainDig 2.x)",
        layout: .document(
            S.object(
                "backupV2", "A version 2 backup.",
                [
                    S.required("schemaVersion", S.integer("Always 2.", 2...2)),
                    S.required("createdAt", S.string("When the backup was written.", .dateTime)),
                    S.optional("producer", S.string("The app that wrote the backup.")),
                    S.optional("storeSchemaVersion", S.integer("The store schema version the data came from.", 0...2)),
                    S.optional("trackedDomains", S.array(of: trackedDomainV2, "Tracked domains.")),
                    S.optional("lookups", S.array(of: lookupV2, "Lookup history.")),
                    S.optional("audits", S.array(of: RecordSchemas.auditSession, "Audit sessions.")),
                    S.optional("workflows", S.array(of: RecordSchemas.workflow, "Workflows.")),
                    S.optional(
                        "monitoring",
                        S.object(
                            "monitoringV2", "Monitoring settings and logs.",
                            [
                                S.optional("settings", monitoringSettingsV2),
                                S.optional("logs", S.array(of: RecordSchemas.monitoringLogEntry, "Log entries.")),
                            ])),
                    settings(
                        "settingsV2", resolver: "resolverURL", density: "displayDensity", recent: "recentSearches",
                        saved: "savedDomains"),
                    S.optional("entitlement", RecordSchemas.entitlement),
                    S.optional(
                        "credits",
                        S.array(of: creditV2, "Credit history, oldest first.", max: UsageCreditLedger.maxEntries)),
                ])))

    static let trackedDomainV2 = S.object(
        "trackedDomainV2", "A tracked domain.",
        [
            S.required("id", S.string("Stable identity.", .uuid)),
            S.required("domain", S.string("The domain.", .domain)),
            S.required("addedAt", S.string("When tracking started.", .dateTime)),
            S.optional("displayName", S.string("A label.")),
            S.optional("notes", S.string("Notes.")),
            S.optional("tags", tags),
            S.optional("favorite", S.boolean("Pinned.")),
            S.optional("status", S.value(.enumeration(TrackingStatus.self), "Whether the domain is followed.")),
            S.optional("lastLookupAt", S.string("The last lookup.", .dateTime)),
            S.optional("expiresAt", S.string("Registration expiry.", .dateTime)),
        ])

    static let lookupV2 = S.object(
        "lookupV2", "A lookup.",
        RecordSchemas.lookupFields + [
            S.optional(
                "dns",
                S.object(
                    "dnsV2", "DNS answers by type.",
                    [
                        S.optional("resolver", S.string("The resolver asked.")),
                        S.optional("responseTimeMs", S.integer("Answer time in milliseconds.", 0...3_600_000)),
                        S.optional("ttl", S.integer("One TTL for all answers.", 0...DNSRecord.maxTTL)),
                        S.optional("answers", dnsAnswers),
                        S.optional("error", S.string("Why the lookup failed.")),
                    ])),
            S.optional("whois", RecordSchemas.registration),
            S.optional("tls", RecordSchemas.tls),
            S.optional("http", RecordSchemas.http),
        ])

    static let monitoringSettingsV2 = RecordSchemas.monitoringSettings(
        "monitoringSettingsV2",
        interval: S.optional("intervalSeconds", S.integer("Seconds between checks.", 300...604_800)))

    static let creditV2 = S.object(
        "creditV2", "One change of the credit balance.",
        [
            S.optional("id", S.string("Stable identity; derived from the content when absent.", .uuid)),
            S.required("date", S.string("When it happened.", .dateTime)),
            S.required("delta", S.integer("Credits added or used.", LedgerEntry.amountRange)),
            S.optional("reason", S.string("purchase, bonus, lookup, refund or expired.")),
            S.optional("memo", S.string("A note.")),
            S.optional("domain", S.string("The domain credits were spent on.", .domain)),
        ])
}
