import DomainModel
import Testing

@Suite struct LenientTests {
    @Test func knownRawValueReadsAsItsCase() {
        let status = Lenient<TrackingStatus>(rawValue: "paused")
        #expect(status.value == .paused)
        #expect(status.rawValue == "paused")
        #expect(status.isKnown)
        #expect(status == Lenient(.paused))
    }

    @Test func unknownRawValueReadsAsFallbackAndKeepsItsText() {
        let status = Lenient<TrackingStatus>(rawValue: "snoozed")
        #expect(status.value == .active)
        #expect(status.rawValue == "snoozed")
        #expect(!status.isKnown)
        #expect(status != Lenient(.active), "the text written back differs")
        #expect(status.description == "snoozed")
    }

    @Test func rawValuesAreCaseSensitive() {
        let type = Lenient<DNSRecordType>(rawValue: "mx")
        #expect(!type.isKnown)
        #expect(type.value == .txt)
    }

    /// The safe default of every enum, as Docs/data-model.md lists them.
    @Test func everyEnumHasItsDocumentedSafeDefault() {
        #expect(TrackingStatus.fallback == .active)
        #expect(LookupTrigger.fallback == .manual)
        #expect(DNSRecordType.fallback == .txt)
        #expect(RegistrationSource.fallback == .whois)
        #expect(AuditStatus.fallback == .failed)
        #expect(AuditCategory.fallback == .security)
        #expect(Severity.fallback == .medium)
        #expect(CheckResult.fallback == .error)
        #expect(WorkflowStepKind.fallback == .unsupported)
        #expect(WorkflowSchedule.fallback == .manual)
        #expect(MonitoringEvent.fallback == .dnsChange)
        #expect(NotificationChannel.fallback == .push)
        #expect(DisplayDensity.fallback == .standard)
        #expect(EntitlementTier.fallback == .free)
        #expect(LedgerEntryKind.fallback == .adjustment)
    }

    @Test func allowedValuesListTheCasesInDeclarationOrder() {
        #expect(Lenient<TrackingStatus>.allowedValues == ["active", "paused", "archived"])
        #expect(
            Lenient<DNSRecordType>.allowedValues == [
                "A", "AAAA", "CNAME", "MX", "NS", "TXT", "SOA", "CAA", "SRV", "PTR",
            ])
        #expect(
            Lenient<WorkflowStepKind>.allowedValues == [
                "lookup", "audit", "compare", "notify", "export", "wait", "unsupported",
            ])
        #expect(
            Lenient<LedgerEntryKind>.allowedValues == ["grant", "purchase", "spend", "refund", "expiry", "adjustment"])
    }
}
