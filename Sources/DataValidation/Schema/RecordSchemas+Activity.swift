import DomainModel

extension RecordSchemas {
    static let workflowStep = S.object(
        "workflowStep", "One step of a workflow.",
        [
            S.required("id", S.string("Unique within the workflow.", .nonEmpty)),
            S.optional("kind", S.enumeration(WorkflowStepKind.self, "What the step does.")),
            S.optional("isEnabled", S.boolean("Whether the step runs.")),
            S.optional("parameters", S.stringMap("Step settings.")),
        ])

    static let workflow = S.object(
        "workflow", "A saved sequence of steps over a set of domains.",
        [
            S.stableID,
            S.required("name", S.string("The workflow's name.", .nonEmpty)),
            S.required("createdAt", S.string("When it was created.", .dateTime)),
            S.optional("domains", S.domains("The domains it runs on.", max: Workflow.maxDomains)),
            S.optional("steps", S.array(of: workflowStep, "The steps.", max: Workflow.maxSteps, unique: "id")),
            S.optional("schedule", S.enumeration(WorkflowSchedule.self, "When it runs by itself.")),
            S.optional("isEnabled", S.boolean("Whether it runs.")),
            S.optional("updatedAt", S.string("Last edit.", .dateTime)),
            S.optional("lastRunAt", S.string("Last run.", .dateTime)),
        ])

    static let quietHours = S.object(
        "quietHours", "A daily window without notifications.",
        [
            S.required("start", S.string("Start, local time HH:MM.", .wallClockTime)),
            S.required("end", S.string("End, local time HH:MM.", .wallClockTime)),
        ])

    static let monitoringSettings = monitoringSettings(
        "monitoringSettings",
        interval: S.optional("intervalMinutes", S.integer("Minutes between checks.", MonitoringSettings.intervalRange)))

    /// The monitoring settings under `definition`, with the `interval` field of their version
    /// (in minutes since version 3; `LegacySchemas.monitoringSettingsV2` counts seconds).
    static func monitoringSettings(_ definition: String, interval: PropertySchema) -> SchemaNode {
        S.object(
            definition, "How scheduled monitoring runs.",
            [
                S.optional("isEnabled", S.boolean("Whether monitoring runs.")),
                interval,
                S.optional(
                    "monitoredDomains", S.domains("The domains checked.", max: MonitoringSettings.maxMonitoredDomains)),
                S.optional(
                    "notifyOn", S.array(of: S.enumeration(MonitoringEvent.self, "An event."), "Events that notify.")),
                S.optional(
                    "expiryWarningDays",
                    S.integer("Days before expiry to warn.", MonitoringSettings.expiryWarningRange)),
                S.optional("quietHours", quietHours),
                S.optional(
                    "channels",
                    S.array(of: S.enumeration(NotificationChannel.self, "A channel."), "Where notifications go.")),
                S.optional("webhookURL", S.string("Where the webhook channel posts.")),
            ])
    }

    static let monitoringLogEntry = S.object(
        "monitoringLogEntry", "One result of a scheduled check.",
        [
            S.stableID,
            S.required("domain", S.string("The checked domain.", .domain)),
            S.required("checkedAt", S.string("When the check ran.", .dateTime)),
            S.optional("event", S.enumeration(MonitoringEvent.self, "What the check found.")),
            S.optional("severity", S.enumeration(Severity.self, "How much it matters.")),
            S.optional("message", S.string("What happened.")),
            S.optional("snapshotId", S.string("The lookup snapshot the check produced.", .uuid)),
            S.optional("acknowledged", S.boolean("Whether the user dismissed it.")),
        ])

    static let appSettings = S.object(
        "appSettings", "Recent searches, saved domains and preferences.",
        [
            S.optional(
                "recentSearches",
                S.array(of: S.string("A search text."), "Most recent first.", max: AppSettings.maxRecentSearches)),
            S.optional("savedDomains", S.domains("Bookmarked domains.", max: AppSettings.maxSavedDomains)),
            S.optional("resolverURL", resolverURL),
            S.optional("displayDensity", displayDensity),
            S.optional("showRawRecords", S.boolean("Show raw DNS/WHOIS text.")),
        ])

    /// The preferences' fields, under these names since version 2 (version 1: `resolver`, `density`).
    static let resolverURL = S.string("The DNS-over-HTTPS resolver.", .resolverURL)
    static let displayDensity = S.enumeration(DisplayDensity.self, "List layout.")

    static let entitlement = S.object(
        "cachedEntitlement", "The last verified purchase.",
        [
            S.required("productId", S.string("The store product identifier.", .nonEmpty)),
            S.required("verifiedAt", S.string("When the receipt was last verified.", .dateTime)),
            S.optional("tier", S.enumeration(EntitlementTier.self, "The tier granted.")),
            S.optional("purchasedAt", S.string("Purchase date.", .dateTime)),
            S.optional("expiresAt", S.string("Expiry; absent for lifetime purchases.", .dateTime)),
            S.optional("isTrial", S.boolean("Whether it is a trial.")),
            S.optional("originalTransactionId", S.string("The original transaction.")),
        ])

    static let ledgerEntry = S.object(
        "ledgerEntry", "One change of the credit balance.",
        [
            S.stableID,
            S.required("at", S.string("When it happened.", .dateTime)),
            S.required("amount", S.integer("Credits added (positive) or used (negative).", LedgerEntry.amountRange)),
            S.optional("kind", S.enumeration(LedgerEntryKind.self, "Why the balance changed.")),
            S.optional("note", S.string("A note.")),
            S.optional("domain", S.string("The domain credits were spent on.", .domain)),
        ])

    static let usageCreditLedger = S.object(
        "usageCreditLedger", "Usage credits.",
        [
            S.required("balance", S.integer("The balance as the server reported it.", UsageCreditLedger.balanceRange)),
            S.optional(
                "entries", S.array(of: ledgerEntry, "The entries.", max: UsageCreditLedger.maxEntries, unique: "id")),
        ])
}
