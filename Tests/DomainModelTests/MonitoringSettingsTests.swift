import DomainModel
import Foundation
import Testing

@Suite struct MonitoringSettingsTests {
    static let full =
        #"{"isEnabled":true,"intervalMinutes":30,"monitoredDomains":["example.com","example.org"],"#
        + #""notifyOn":["dnsChange","tlsExpiry","unreachable"],"expiryWarningDays":14,"quietHours":{"start":"22:00","end":"07:00"},"#
        + #""channels":["push","webhook"],"webhookURL":"https://hooks.example.com/domaindig"}"#
    static let defaultsText =
        #"{"isEnabled":false,"intervalMinutes":60,"monitoredDomains":[],"#
        + #""notifyOn":["dnsChange","registrationExpiry","tlsExpiry","unreachable"],"expiryWarningDays":30,"channels":["push"]}"#

    static func settings(
        domains: [String], notifyOn: [MonitoringEvent], channels: [NotificationChannel] = [.push],
        interval: Int = 60, quietHours: QuietHours? = nil, webhook: String? = nil
    ) -> MonitoringSettings {
        MonitoringSettings(
            isEnabled: true, intervalMinutes: interval, monitoredDomains: domains, notifyOn: notifyOn,
            expiryWarningDays: 30, quietHours: quietHours, channels: channels, webhookURL: webhook)
    }

    @Test func fullSettingsRoundTripCanonically() throws {
        try expectFullRecordRoundTrip(
            Self.full,
            reads: MonitoringSettings(
                isEnabled: true, intervalMinutes: 30, monitoredDomains: ["example.com", "example.org"],
                notifyOn: [.dnsChange, .tlsExpiry, .unreachable], expiryWarningDays: 14,
                quietHours: QuietHours(start: "22:00", end: "07:00"), channels: [.push, .webhook],
                webhookURL: "https://hooks.example.com/domaindig"))
    }

    @Test func emptyObjectIsTheFreshInstallDefaults() throws {
        let (settings, issues) = try expectCanonicalRoundTrip(
            "{}", as: MonitoringSettings.self, canonical: Self.defaultsText)
        #expect(issues.isEmpty)
        #expect(settings == .defaults)
        #expect(RecordJSON.text(MonitoringSettings.defaults) == Self.defaultsText)
    }

    @Test func explicitEmptyListsStayEmpty() throws {
        let (settings, _) = try RecordJSON.decode(#"{"notifyOn":[],"channels":[]}"#, as: MonitoringSettings.self)
        #expect(settings.notifyOn.isEmpty)
        #expect(settings.channels.isEmpty)
    }

    @Test func outOfRangeAndWrongTypedFieldsTakeDefaults() throws {
        let json =
            #"{"isEnabled":"on","intervalMinutes":1,"expiryWarningDays":400,"notifyOn":"dnsChange","channels":null,"#
            + #""monitoredDomains":["Example.COM.","example.com","bad domain"],"quietHours":{"start":"24:00","end":"07:00"},"webhookURL":5}"#
        let (settings, issues) = try RecordJSON.decode(json, as: MonitoringSettings.self)
        var expected = MonitoringSettings.defaults
        expected.monitoredDomains = ["example.com"]
        #expect(settings == expected)
        #expect(
            issueSummary(issues) == [
                "defaultedField .expiryWarningDays", "defaultedField .intervalMinutes", "defaultedField .isEnabled",
                "defaultedField .notifyOn", "defaultedField .quietHours.start", "defaultedField .webhookURL",
                "skippedElement .monitoredDomains[2]",
            ])
    }

    @Test func rangesAcceptTheirEdges() throws {
        let low = try RecordJSON.decode(#"{"intervalMinutes":5,"expiryWarningDays":1}"#, as: MonitoringSettings.self)
        let high = try RecordJSON.decode(
            #"{"intervalMinutes":10080,"expiryWarningDays":365}"#, as: MonitoringSettings.self)
        #expect(low.record.intervalMinutes == 5 && low.record.expiryWarningDays == 1 && low.issues.isEmpty)
        #expect(high.record.intervalMinutes == 10080 && high.record.expiryWarningDays == 365 && high.issues.isEmpty)
    }

    @Test func unknownEventsAndChannelsKeepTheirText() throws {
        let json = #"{"notifyOn":["dnsChange","certificateTransparency","dnsChange"],"channels":["sms","push"]}"#
        let (settings, issues) = try expectCanonicalRoundTrip(json, as: MonitoringSettings.self)
        #expect(settings.notifyOn.map(\.rawValue) == ["dnsChange", "certificateTransparency"])
        #expect(settings.notifyOn.map(\.value) == [.dnsChange, .dnsChange])
        #expect(settings.channels.map(\.rawValue) == ["sms", "push"])
        #expect(settings.channels.map(\.value) == [.push, .push])
        #expect(issueSummary(issues) == ["unknownEnumValue .channels[0]", "unknownEnumValue .notifyOn[1]"])
    }

    @Test func monitoredDomainsAreCappedAtTheLimit() throws {
        let domains = (1...5003).map { "\"d\($0).example\"" }.joined(separator: ",")
        let (settings, issues) = try RecordJSON.decode(
            #"{"monitoredDomains":[\#(domains)]}"#, as: MonitoringSettings.self)
        #expect(settings.monitoredDomains.count == MonitoringSettings.maxMonitoredDomains)
        #expect(issueSummary(issues) == ["truncatedList .monitoredDomains"])
    }

    @Test(arguments: [
        ("00:00", true), ("23:59", true), ("07:30", true), ("24:00", false), ("12:60", false), ("7:30", false),
        ("07:5", false), ("07-30", false), ("0730", false), ("", false), ("ab:cd", false), (" 7:30", false),
    ])
    func quietHoursAcceptOnlyWallClockTimes(text: String, valid: Bool) {
        #expect(QuietHours.isWallClockTime(text) == valid)
        let json = #"{"start":"\#(text)","end":"06:00"}"#
        let decoded = try? RecordJSON.decode(json, as: QuietHours.self)
        #expect((decoded != nil) == valid)
    }

    @Test func incomingSettingsWinButListsAreUnioned() {
        let current = Self.settings(
            domains: ["a.example", "b.example"], notifyOn: [.dnsChange], channels: [.push],
            interval: 30, quietHours: QuietHours(start: "22:00", end: "07:00"), webhook: "https://hooks.example/1")
        var incoming = Self.settings(
            domains: ["c.example", "a.example"], notifyOn: [.tlsExpiry, .dnsChange], channels: [.email],
            interval: 120)
        incoming.isEnabled = false
        let merged = current.merged(with: incoming)
        #expect(merged.isEnabled == false)
        #expect(merged.intervalMinutes == 120)
        #expect(merged.monitoredDomains == ["a.example", "b.example", "c.example"])
        #expect(merged.notifyOn == [Lenient(.dnsChange), Lenient(.tlsExpiry)])
        #expect(merged.channels == [Lenient(.push), Lenient(.email)])
        #expect(merged.quietHours == QuietHours(start: "22:00", end: "07:00"), "incoming has none: kept")
        #expect(merged.webhookURL == "https://hooks.example/1", "incoming has none: kept")
        incoming.webhookURL = "https://hooks.example/2"
        #expect(current.merged(with: incoming).webhookURL == "https://hooks.example/2")
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: MonitoringSettings.self)
        #expect(full.merged(with: full) == full)
        let incoming = Self.settings(domains: ["c.example"], notifyOn: [.ok], channels: [.email], interval: 15)
        let merged = full.merged(with: incoming)
        #expect(merged.merged(with: incoming) == merged)
        #expect(MonitoringSettings.defaults.merged(with: .defaults) == .defaults)
    }
}
