import DomainModel
import Foundation
import Testing

@Suite struct AppSettingsTests {
    static let full =
        #"{"recentSearches":["example.com","whois example.org","xn--bcher-kva.example"],"#
        + #""savedDomains":["example.com","example.org"],"resolverURL":"https://dns.google/dns-query","#
        + #""displayDensity":"compact","showRawRecords":true}"#

    static func settings(recent: [String], saved: [String], density: DisplayDensity = .standard) -> AppSettings {
        AppSettings(
            recentSearches: recent, savedDomains: saved,
            preferences: AppPreferences(
                resolverURL: AppPreferences.defaultResolverURL, displayDensity: density, showRawRecords: false))
    }

    @Test func fullSettingsRoundTripCanonically() throws {
        try expectFullRecordRoundTrip(
            Self.full,
            reads: AppSettings(
                recentSearches: ["example.com", "whois example.org", "xn--bcher-kva.example"],
                savedDomains: ["example.com", "example.org"],
                preferences: AppPreferences(
                    resolverURL: "https://dns.google/dns-query", displayDensity: .compact, showRawRecords: true)))
    }

    @Test func emptyObjectIsTheFreshInstallDefaults() throws {
        let (settings, issues) = try expectCanonicalRoundTrip(
            "{}", as: AppSettings.self,
            canonical:
                #"{"recentSearches":[],"savedDomains":[],"resolverURL":"https://cloudflare-dns.com/dns-query","#
                + #""displayDensity":"standard","showRawRecords":false}"#)
        #expect(issues.isEmpty)
        #expect(settings == .defaults)
    }

    @Test func searchesAreTrimmedAndDeduplicatedIgnoringCase() throws {
        let json = #"{"recentSearches":["  Example.com ","example.COM","","   ",7,"whois example.org"]}"#
        let (settings, issues) = try RecordJSON.decode(json, as: AppSettings.self)
        #expect(settings.recentSearches == ["Example.com", "whois example.org"])
        #expect(issueSummary(issues) == ["skippedElement .recentSearches[4]"])
    }

    @Test func savedDomainsAreCanonicalAndDeduplicated() throws {
        let json = #"{"savedDomains":["Example.COM.","example.com"," example.org ","not valid",false]}"#
        let (settings, issues) = try RecordJSON.decode(json, as: AppSettings.self)
        #expect(settings.savedDomains == ["example.com", "example.org"])
        #expect(issueSummary(issues) == ["skippedElement .savedDomains[3]", "skippedElement .savedDomains[4]"])
    }

    @Test func listsAreCappedAtTheirLimitsAndReported() throws {
        let searches = (1...105).map { "\"search \($0)\"" } + ["\"SEARCH 1\""]
        let domains = (1...5002).map { "\"d\($0).example\"" }
        let json =
            #"{"recentSearches":[\#(searches.joined(separator: ","))],"savedDomains":[\#(domains.joined(separator: ","))]}"#
        let (settings, issues) = try RecordJSON.decode(json, as: AppSettings.self)
        #expect(settings.recentSearches.count == AppSettings.maxRecentSearches)
        #expect(settings.recentSearches.last == "search 100")
        #expect(settings.savedDomains.count == AppSettings.maxSavedDomains)
        #expect(issueSummary(issues) == ["truncatedList .recentSearches", "truncatedList .savedDomains"])
    }

    @Test func duplicatesWithinTheLimitAreNotATruncation() throws {
        let searches = (1...100).map { "\"search \($0)\"" } + ["\"Search 1\"", "\" search 2 \""]
        let (settings, issues) = try RecordJSON.decode(
            #"{"recentSearches":[\#(searches.joined(separator: ","))]}"#, as: AppSettings.self)
        #expect(settings.recentSearches.count == 100)
        #expect(issues.isEmpty)
    }

    @Test func preferencesAreReadFromTheSameObject() throws {
        let json = #"{"displayDensity":"comfortable","resolverURL":"ftp://x"}"#
        let (settings, issues) = try RecordJSON.decode(json, as: AppSettings.self)
        #expect(settings.preferences.displayDensity == Lenient(.comfortable))
        #expect(settings.preferences.resolverURL == AppPreferences.defaultResolverURL)
        #expect(issueSummary(issues) == ["defaultedField .resolverURL"])
    }

    @Test func incomingPreferencesWinAndListsAreUnionedCurrentFirst() {
        let current = Self.settings(recent: ["a", "b"], saved: ["a.example", "b.example"], density: .compact)
        let incoming = Self.settings(recent: ["B", "c"], saved: ["c.example", "a.example"], density: .comfortable)
        let merged = current.merged(with: incoming)
        #expect(merged.recentSearches == ["a", "b", "c"])
        #expect(merged.savedDomains == ["a.example", "b.example", "c.example"])
        #expect(merged.preferences.displayDensity == Lenient(.comfortable))
    }

    @Test func mergedSearchesAreCutToTheLimit() {
        let current = Self.settings(recent: (1...80).map { "old \($0)" }, saved: [])
        let incoming = Self.settings(recent: (1...80).map { "new \($0)" }, saved: [])
        let merged = current.merged(with: incoming)
        #expect(merged.recentSearches.count == AppSettings.maxRecentSearches)
        #expect(merged.recentSearches.first == "old 1")
        #expect(merged.recentSearches.last == "new 20")
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: AppSettings.self)
        #expect(full.merged(with: full) == full)
        let incoming = Self.settings(recent: ["x", "Example.com"], saved: ["z.example"], density: .comfortable)
        let merged = full.merged(with: incoming)
        #expect(merged.merged(with: incoming) == merged)
        #expect(AppSettings.defaults.merged(with: .defaults) == .defaults)
    }
}
