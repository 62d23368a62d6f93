import Foundation
import JSONCore
import Testing

@testable import DomainModel

@Suite struct RecordReaderTests {
    func makeReader(_ json: String) throws -> RecordReader {
        try RecordReader(JSONDocument(parsing: Array(json.utf8)).root)
    }

    /// The error `body` throws; nil when it throws none or something else.
    func failure(_ body: () throws -> Void) -> RecordDecodingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? RecordDecodingError
        }
    }

    // MARK: The object itself

    @Test(arguments: ["[]", "\"text\"", "42", "true", "null"])
    func rejectsValueThatIsNotAnObject(_ json: String) throws {
        let document = try JSONDocument(parsing: Array(json.utf8))
        let failure = #expect(throws: RecordDecodingError.self) { _ = try RecordReader(document.root) }
        #expect(failure?.path == "")
        #expect(failure?.problem.hasPrefix("must be an object, not ") == true)
    }

    @Test func readsTheFirstOfDuplicateKeys() throws {
        var reader = try makeReader(#"{"name":"first","name":"second"}"#)
        #expect(try reader.requiredString("name") == "first")
    }

    // MARK: Required fields

    @Test func requiredFieldMissingOrNullIsAnError() throws {
        for json in [#"{}"#, #"{"name":null}"#] {
            var reader = try makeReader(json)
            let failure = self.failure { _ = try reader.requiredString("name") }
            #expect(failure == RecordDecodingError(path: ".name", problem: "is missing"))
            #expect(failure?.description == ".name is missing")
        }
    }

    @Test func requiredFieldOfWrongTypeNamesBothTypes() throws {
        var reader = try makeReader(#"{"name":5,"id":7,"at":true,"count":"3","flag":[]}"#)
        #expect(failure { _ = try reader.requiredString("name") }?.problem == "must be a string, not number")
        #expect(failure { _ = try reader.requiredID("id") }?.problem == "must be a UUID string, not number")
        #expect(
            failure { _ = try reader.requiredDate("at") }?.problem
                == "must be an ISO 8601 timestamp string, not boolean")
        #expect(failure { _ = try reader.requiredInt("count", in: 0...9) }?.problem == "must be an integer, not string")
        #expect(failure { _ = try reader.requiredDomain("flag") }?.problem == "must be a string, not array")
    }

    @Test func requiredValuesAreValidatedAndCanonicalised() throws {
        var reader = try makeReader(
            #"""
            {"id":"3F2504E0-4F89-41D3-9A0C-0305E82C3301","bad":"3f2504e0","at":"2026-11-30T06:42:22+02:00",
             "late":"2026-02-30T00:00:00Z","domain":" Example.COM. ","host":"exa mple.com","blank":" \t",
             "count":12,"big":13,"real":1.5}
            """#)
        #expect(try reader.requiredID("id") == RecordID.parse("3f2504e0-4f89-41d3-9a0c-0305e82c3301"))
        #expect(failure { _ = try reader.requiredID("bad") }?.path == ".bad")
        #expect(try reader.requiredDate("at") == Timestamp.parse("2026-11-30T04:42:22Z"))
        #expect(failure { _ = try reader.requiredDate("late") }?.path == ".late")
        #expect(try reader.requiredDomain("domain") == "example.com")
        #expect(
            failure { _ = try reader.requiredDomain("host") }?.problem == #"is not a valid domain name: "exa mple.com""#
        )
        #expect(failure { _ = try reader.requiredNonEmptyString("blank") }?.problem == "must not be empty")
        #expect(try reader.requiredInt("count", in: 0...12) == 12)
        #expect(
            failure { _ = try reader.requiredInt("big", in: 0...12) }?.problem == "must be between 0 and 12, not 13")
        #expect(failure { _ = try reader.requiredInt("real", in: 0...12) }?.problem == "must be an integer, not number")
    }

    @Test func escapedTextMeansTheSameIDAndTimestamp() throws {
        // JSON allows any character as \uXXXX; the decoded string is what counts.
        var reader = try makeReader(
            #"""
            {"id":"\u0033f2504e0-4f89-41d3-9a0c-0305e82c3301","at":"2026-11-30T04:42:22\u005a",
             "link":"3f2504e0\u002d4f89-41d3-9a0c-0305e82c3301","seen":"2026\/11\/30T04:42:22Z"}
            """#)
        let expectedID = RecordID.parse("3f2504e0-4f89-41d3-9a0c-0305e82c3301")
        #expect(try reader.requiredID("id") == expectedID)
        #expect(try reader.requiredDate("at") == Timestamp.parse("2026-11-30T04:42:22Z"))
        let link = reader.optionalID("link")
        let seen = reader.optionalDate("seen")
        #expect(link == expectedID)
        #expect(seen == nil, "an escaped slash is still a slash, not a hyphen")
        #expect(issueSummary(reader.issues) == ["defaultedField .seen"])
    }

    @Test func requiredNestedRecordErrorIsPrefixed() throws {
        var reader = try makeReader(#"{"quietHours":{"start":"22:00","end":"7pm"}}"#)
        let failure = self.failure { _ = try reader.requiredRecord("quietHours", as: QuietHours.self) }
        #expect(failure?.path == ".quietHours.end")
    }

    // MARK: Optional fields

    @Test func missingOrNullOptionalFieldsTakeDefaultsSilently() throws {
        for json in [#"{}"#, #"{"a":null,"b":null,"c":null,"d":null,"e":null,"f":null,"g":null}"#] {
            var reader = try makeReader(json)
            let text = reader.optionalString("a")
            let defaultedText = reader.string("a", default: "x")
            let int = reader.int("b", in: 0...9, default: 4)
            let flag = reader.bool("c", default: true)
            let date = reader.optionalDate("d")
            let id = reader.optionalID("e")
            let status = reader.enumeration("f", default: TrackingStatus.paused)
            let list = reader.stringList("g")
            #expect(text == nil)
            #expect(defaultedText == "x")
            #expect(int == 4)
            #expect(flag)
            #expect(date == nil)
            #expect(id == nil)
            #expect(status == Lenient(.paused))
            #expect(list.isEmpty)
            #expect(reader.issues.isEmpty)
        }
    }

    @Test func wrongTypedOrOutOfRangeOptionalFieldsTakeDefaultsAndAreReported() throws {
        var reader = try makeReader(
            #"""
            {"text":1,"int":"5","range":10,"real":2.5,"huge":99999999999999999999,"flag":"yes","at":"noon",
             "id":"nope","host":"exa mple.com","state":3,"list":{"a":1}}
            """#)
        let text = reader.string("text", default: "d")
        let int = reader.int("int", in: 0...9, default: 1)
        let ranged = reader.int("range", in: 0...9, default: 2)
        let real = reader.optionalInt("real", in: 0...9)
        let huge = reader.optionalInt("huge", in: 0...9)
        let flag = reader.bool("flag", default: false)
        let date = reader.optionalDate("at")
        let id = reader.optionalID("id")
        let host = reader.optionalDomain("host")
        let state = reader.enumeration("state", default: TrackingStatus.archived)
        let list = reader.stringList("list")
        #expect(text == "d")
        #expect(int == 1)
        #expect(ranged == 2)
        #expect(real == nil)
        #expect(huge == nil)
        #expect(flag == false)
        #expect(date == nil)
        #expect(id == nil)
        #expect(host == nil)
        #expect(state == Lenient(.archived))
        #expect(list.isEmpty)
        #expect(reader.issues.allSatisfy { $0.kind == .defaultedField })
        #expect(
            reader.issues.map(\.path) == [
                ".text", ".int", ".range", ".real", ".huge", ".flag", ".at", ".id", ".host", ".state", ".list",
            ])
        let messages = reader.issues.map(\.message)
        #expect(messages[0] == "must be a string, not number; the default was used")
        #expect(messages[2] == "must be between 0 and 9, not 10; the default was used")
        #expect(messages[4] == "must be an integer, not an integer out of range; the default was used")
        #expect(messages[10] == "must be an array, not object; the default was used")
    }

    @Test func optionalDomainIsCanonical() throws {
        var reader = try makeReader(#"{"domain":"WWW.Example.com."}"#)
        let domain = reader.optionalDomain("domain")
        #expect(domain == "www.example.com")
        #expect(reader.issues.isEmpty)
    }

    @Test func unknownEnumValueKeepsTextAndIsReported() throws {
        var reader = try makeReader(#"{"status":"snoozed"}"#)
        let status: Lenient<TrackingStatus> = reader.enumeration("status", default: .paused)
        #expect(status.value == .active, "the type's safe default, not the field's default")
        #expect(status.rawValue == "snoozed")
        #expect(
            reader.issues == [
                DecodingIssue(
                    kind: .unknownEnumValue, path: ".status",
                    message: #"unknown value "snoozed" is treated as "active" and kept as written"#)
            ])
    }

    // MARK: Lists and maps

    @Test func stringListSkipsNonStringsAndCutsAtTheLimit() throws {
        var reader = try makeReader(#"{"tags":["a",1,"b",null,"c","d"]}"#)
        let tags = reader.stringList("tags", limit: 3)
        #expect(tags == ["a", "b", "c"])
        #expect(
            issueSummary(reader.issues) == [
                "skippedElement .tags[1]", "skippedElement .tags[3]", "truncatedList .tags",
            ])
    }

    @Test func domainListCanonicalisesDeduplicatesThenCuts() throws {
        var reader = try makeReader(#"{"domains":["Example.com","example.COM.","bad name",7,"b.example","c.example"]}"#)
        let domains = reader.domainList("domains", limit: 2)
        #expect(domains == ["example.com", "b.example"])
        #expect(
            issueSummary(reader.issues) == [
                "skippedElement .domains[2]", "skippedElement .domains[3]", "truncatedList .domains",
            ])
    }

    @Test func enumListKeepsUnknownValuesAndDropsDuplicates() throws {
        var reader = try makeReader(#"{"on":["tlsExpiry","certificateRevoked",5,"tlsExpiry"],"bad":"push"}"#)
        let events: [Lenient<MonitoringEvent>]? = reader.enumList("on")
        #expect(events?.map(\.rawValue) == ["tlsExpiry", "certificateRevoked"])
        #expect(events?.map(\.value) == [.tlsExpiry, .dnsChange])
        let missing: [Lenient<MonitoringEvent>]? = reader.enumList("absent")
        #expect(missing == nil)
        let wrong: [Lenient<NotificationChannel>]? = reader.enumList("bad")
        #expect(wrong == nil)
        #expect(
            issueSummary(reader.issues) == ["defaultedField .bad", "skippedElement .on[2]", "unknownEnumValue .on[1]"])
    }

    @Test func recordListSkipsMalformedElementsWithNestedPaths() throws {
        var reader = try makeReader(
            #"{"windows":[{"start":"22:00","end":"07:00"},{"start":"25:00","end":"07:00"},"x",{"end":"01:00"}]}"#)
        let windows = reader.recordList("windows", as: QuietHours.self)
        #expect(windows == [QuietHours(start: "22:00", end: "07:00")])
        #expect(
            issueSummary(reader.issues) == [
                "skippedElement .windows[1].start", "skippedElement .windows[2]", "skippedElement .windows[3].start",
            ])
    }

    @Test func stringMapKeepsOrderAndSkipsNonStrings() throws {
        var reader = try makeReader(#"{"headers":{"Server":"nginx","X-Retries":3,"Vary":"Accept"},"params":["a"]}"#)
        let headers = reader.stringMap("headers")
        let params = reader.stringMap("params")
        let absent = reader.stringMap("absent")
        #expect(headers == [StringPair(name: "Server", value: "nginx"), StringPair(name: "Vary", value: "Accept")])
        #expect(params.isEmpty)
        #expect(absent.isEmpty)
        #expect(issueSummary(reader.issues) == ["defaultedField .params", "skippedElement .headers.X-Retries"])
    }

    @Test func malformedOptionalRecordIsDroppedAndNestedIssuesArePrefixed() throws {
        var reader = try makeReader(#"{"broken":{"start":"22:00"},"dns":{"responseTimeMs":-1,"records":[]}}"#)
        let broken = reader.optionalRecord("broken", as: QuietHours.self)
        #expect(broken == nil)
        let dns = reader.optionalRecord("dns", as: DNSLookupResult.self)
        #expect(dns == DNSLookupResult(records: []))
        #expect(issueSummary(reader.issues) == ["defaultedField .broken.end", "defaultedField .dns.responseTimeMs"])
        #expect(reader.issues.first?.message == "is missing; the field was dropped")
    }
}
