import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@Suite struct TimestampTests {
    /// Milliseconds since 1970 of a parsed timestamp.
    static func epochMilliseconds(_ text: String) -> Int? {
        Timestamp.parse(text).map { Int(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    static func date(milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0),
        ("2026-11-30T04:42:22Z", 1_796_013_742_000),
        ("2026-11-30T04:42:22.125Z", 1_796_013_742_125),
        ("2000-02-29T12:00:00Z", 951_825_600_000),
        ("2024-02-29T23:59:59Z", 1_709_251_199_000),
        ("1999-12-31T23:59:59.999Z", 946_684_799_999),
        ("1900-03-01T00:00:00Z", -2_203_891_200_000),
        ("0001-01-01T00:00:00Z", -62_135_596_800_000),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
    ])
    func parsesKnownInstant(text: String, milliseconds: Int) {
        #expect(Self.epochMilliseconds(text) == milliseconds)
    }

    @Test(arguments: [
        "1970-01-01T00:00:00Z", "2026-11-30T04:42:22Z", "2026-11-30T04:42:22.125Z", "2026-11-30T04:42:22.001Z",
        "2026-11-30T04:42:22.999Z", "2024-02-29T00:00:00Z", "1969-12-31T23:59:59.999Z", "1900-01-01T00:00:00Z",
        "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2038-01-19T03:14:08Z",
    ])
    func canonicalTextRoundTripsExactly(_ text: String) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(Timestamp.format(date) == text)
    }

    @Test(arguments: [
        (1_796_013_742_000, "2026-11-30T04:42:22Z"),
        (1_796_013_742_125, "2026-11-30T04:42:22.125Z"),
        (1_796_013_742_500, "2026-11-30T04:42:22.500Z"),
        (1_796_013_742_007, "2026-11-30T04:42:22.007Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-86_400_000, "1969-12-31T00:00:00Z"),
    ])
    func formatsCanonicalText(milliseconds: Int, text: String) {
        #expect(Timestamp.format(Self.date(milliseconds: milliseconds)) == text)
    }

    @Test func formatsToWholeMilliseconds() {
        let base = 1_796_013_742.0
        #expect(Timestamp.format(Date(timeIntervalSince1970: base + 0.0004)) == "2026-11-30T04:42:22Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: base + 0.1236)) == "2026-11-30T04:42:22.124Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: base + 0.9996)) == "2026-11-30T04:42:23Z")
    }

    /// Fractions are rounded to the millisecond, half away from zero.
    static let roundedFractions = [
        ("2026-11-30T04:42:22.1Z", "2026-11-30T04:42:22.100Z"),
        ("2026-11-30T04:42:22.12Z", "2026-11-30T04:42:22.120Z"),
        ("2026-11-30T04:42:22.000Z", "2026-11-30T04:42:22Z"),
        ("2026-11-30T04:42:22.1234Z", "2026-11-30T04:42:22.123Z"),
        ("2026-11-30T04:42:22.1235Z", "2026-11-30T04:42:22.124Z"),
        ("2026-11-30T04:42:22.0004999Z", "2026-11-30T04:42:22Z"),
        ("2026-11-30T04:42:22.9995Z", "2026-11-30T04:42:23Z"),
        ("2026-12-31T23:59:59.9999Z", "2027-01-01T00:00:00Z"),
    ]

    /// Digits past the fourth never move the millisecond: the fraction is rounded on its decimal
    /// digits, where summing them as binary fractions once made .12349999999999999 into .124.
    static let longFractions = [
        ("2026-11-30T04:42:22.12349999999999999Z", "2026-11-30T04:42:22.123Z"),
        ("2026-11-30T04:42:22.12350000000000000001Z", "2026-11-30T04:42:22.124Z"),
        ("2026-11-30T04:42:22.0004999999999999999999Z", "2026-11-30T04:42:22Z"),
        ("2026-11-30T04:42:22.99949999999999999999Z", "2026-11-30T04:42:22.999Z"),
        ("2026-11-30T04:42:22.999499999999999999+01:00", "2026-11-30T03:42:22.999Z"),
        ("1969-12-31T23:59:59.99949999999999Z", "1969-12-31T23:59:59.999Z"),
        ("0000-01-01T00:00:00.00049999999999999999Z", "0000-01-01T00:00:00Z"),
    ]

    /// The first and last instants the four-digit years can say in UTC, reached with offsets.
    static let edgesOfTheFourDigitYears = [
        ("9999-12-31T23:59:59.9994999Z", "9999-12-31T23:59:59.999Z"),
        ("9999-12-31T23:59:59.999-00:00", "9999-12-31T23:59:59.999Z"),
        ("9999-12-31T10:00:00+05:00", "9999-12-31T05:00:00Z"),
        ("9999-12-31T23:59:60+00:01", "9999-12-31T23:59:00Z"),
        ("9998-12-31T20:00:00-05:00", "9999-01-01T01:00:00Z"),
        ("0000-01-01T00:00:00-05:00", "0000-01-01T05:00:00Z"),
        ("0000-01-01T00:00:00+00:00", "0000-01-01T00:00:00Z"),
        ("0001-01-01T00:00:00+05:00", "0000-12-31T19:00:00Z"),
        ("0000-01-02T00:00:00+23:59", "0000-01-01T00:01:00Z"),
    ]

    /// Offsets (and a lower-case `t` and `z`) are normalised to UTC.
    static let offsets = [
        ("2026-11-30T06:42:22+02:00", "2026-11-30T04:42:22Z"),
        ("2026-11-29T23:12:22-05:30", "2026-11-30T04:42:22Z"),
        ("2026-11-30T04:42:22+00:00", "2026-11-30T04:42:22Z"),
        ("2026-11-30T04:42:22-00:00", "2026-11-30T04:42:22Z"),
        ("2026-12-01T01:00:00.250+03:00", "2026-11-30T22:00:00.250Z"),
        ("2026-12-31T20:00:00-04:00", "2027-01-01T00:00:00Z"),
        ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
        ("2026-11-30t04:42:22z", "2026-11-30T04:42:22Z"),
    ]

    @Test(arguments: roundedFractions + longFractions + edgesOfTheFourDigitYears + offsets)
    func readsAsTheCanonicalTextOfTheSameInstant(text: String, canonical: String) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(Timestamp.format(date) == canonical)
    }

    /// What the canonical form cannot write back is refused, never written as another instant:
    /// on the last day of 9999 no negative offset, on the first of 0000 no positive one, nothing
    /// that rounds past 9999-12-31T23:59:59.999Z in UTC (once written as 9999-12-31T23:59:59.999Z).
    @Test(arguments: [
        "9999-12-31T20:00:00-05:00", "9999-12-31T00:00:00-00:01", "9999-12-31t23:59:59-23:59",
        "0000-01-01T01:00:00+05:00", "0000-01-01T23:59:59+00:01", "9999-12-31T23:59:59.9995Z",
        "9999-12-31T23:59:59.99999999999999999999Z", "9999-12-31T23:59:60Z", "9999-12-31T23:59:60.5+00:00",
        "9999-12-31T23:59:59.9995-00:00",
        // Within the years once converted, but on an end day with an offset that points out of them.
        "9999-12-31T10:00:00-05:00", "0000-01-01T23:00:00+01:00",
    ])
    func refusesWhatFallsOrMayFallBeyondTheFourDigitYearsInUTC(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
        var bytes = text
        #expect(bytes.withUTF8 { Timestamp.isBeyondFourDigitYears(utf8: $0) })
    }

    @Test func knowsLeapYears() {
        #expect(Timestamp.parse("2024-02-29T00:00:00Z") != nil)
        #expect(Timestamp.parse("2000-02-29T00:00:00Z") != nil)
        #expect(Timestamp.parse("2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("1900-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2100-02-29T00:00:00Z") == nil)
    }

    @Test func readsSecondSixtyAsTheNextMinute() throws {
        // Leap seconds are accepted as written and land on the following second.
        let leap = try #require(Timestamp.parse("2016-12-31T23:59:60Z"))
        #expect(Timestamp.format(leap) == "2017-01-01T00:00:00Z")
    }

    @Test(arguments: [
        "", "2026-11-30", "2026-11-30T04:42:22", "2026-11-30T04:42Z", "2026-11-30 04:42:22Z",
        "2026-02-30T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
        "2026-11-00T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T04:60:00Z", "2026-11-30T04:42:61Z",
        "2026-11-30T04:42:22.Z", "2026-11-30T04:42:22.125", "2026-11-30T04:42:22+0200", "2026-11-30T04:42:22+02",
        "2026-11-30T04:42:22+24:00", "2026-11-30T04:42:22+02:60", "2026-11-30T04:42:22Z ", " 2026-11-30T04:42:22Z",
        "2026-11-30T04:42:22ZZ", "26-11-30T04:42:22Z", "2026/11/30T04:42:22Z", "2026-11-30T4:42:22Z",
        "+2026-11-30T04:42:22Z", "2026-11-30T04:42:22.12a5Z", "1796013742",
    ])
    func rejectsInvalidTimestamp(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
        var bytes = text
        #expect(!bytes.withUTF8 { Timestamp.isBeyondFourDigitYears(utf8: $0) }, "a syntax error, not a range")
    }

    @Test func writerQuotesTheCanonicalText() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.timestamp(Self.date(milliseconds: 1_796_013_742_125))
        writer.timestamp(Self.date(milliseconds: 0))
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == #"["2026-11-30T04:42:22.125Z","1970-01-01T00:00:00Z"]"#)
    }

    /// Python's `datetime` (its own calendar arithmetic) formats the same instants the same
    /// way and reads the same offset texts as the same instants.
    @Test func agreesWithPythonDatetime() throws {
        let instants: [Int] = [
            0, -1, 1, 999, 1_000, 86_399_999, 951_782_400_000, 951_868_799_999, 1_709_164_800_000,
            1_796_013_742_125, 2_147_483_648_000, 4_107_542_400_000, -2_208_988_800_000, -62_135_596_800_000,
            253_402_300_799_999, 946_684_800_000, 978_307_200_000, 1_234_567_890_123, -1_234_567_890_123,
        ]
        let texts: [String] = [
            "2026-11-30T04:42:22Z", "2026-11-30T06:42:22.5+02:00", "2026-11-29T23:12:22.125-05:30",
            "2000-02-29T23:59:59.999+00:00", "1999-12-31T19:00:00-05:00", "2024-02-29T12:00:00.000001Z",
            "2024-03-01T00:30:00+01:00", "1969-12-31T23:59:59.9995Z", "1970-01-01T00:00:00.0005Z",
            "2038-01-19T03:14:07.123456Z", "0001-01-01T12:00:00+11:59", "9999-12-31T23:59:59.999Z",
        ]
        let script = """
            import calendar, datetime, json, sys
            request = json.loads(sys.stdin.buffer.read())
            epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
            formatted = []
            for milliseconds in request["instants"]:
                moment = epoch + datetime.timedelta(milliseconds=milliseconds)
                text = "%04d-%02d-%02dT%02d:%02d:%02d" % (moment.year, moment.month, moment.day,
                                                          moment.hour, moment.minute, moment.second)
                fraction = moment.microsecond // 1000
                formatted.append(text + (".%03dZ" % fraction if fraction else "Z"))
            parsed = []
            for text in request["texts"]:
                moment = datetime.datetime.fromisoformat(text)
                parsed.append(calendar.timegm(moment.utctimetuple()) * 1000 + (moment.microsecond + 500) // 1000)
            print(json.dumps({"formatted": formatted, "parsed": parsed}))
            """
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("instants")
        writer.beginArray()
        for value in instants { writer.int(value) }
        writer.endArray()
        writer.key("texts")
        writer.strings(texts)
        writer.endObject()
        let output = try ProcessRunner.python(script, stdin: Data(writer.bytes))
        try #require(output.status == 0, "\(output.stderrText)")
        let answer = try JSONDocument(parsing: output.stdout).root
        let formatted = try #require(answer["formatted"]).elements.map(\.string)
        let parsed = try #require(answer["parsed"]).elements.map(\.int)
        try #require(formatted.count == instants.count && parsed.count == texts.count)
        for (milliseconds, python) in zip(instants, formatted) {
            #expect(Timestamp.format(Self.date(milliseconds: milliseconds)) == python, "\(milliseconds)")
        }
        for (text, python) in zip(texts, parsed) {
            #expect(Self.epochMilliseconds(text) == python, "\(text)")
        }
    }

    @Test(arguments: [
        (1e16, "9999-12-31T23:59:59.999Z"),
        (-1e16, "0000-01-01T00:00:00Z"),
        (Double.greatestFiniteMagnitude, "9999-12-31T23:59:59.999Z"),
        (Double.infinity, "9999-12-31T23:59:59.999Z"),
        (-Double.infinity, "0000-01-01T00:00:00Z"),
        (Double.nan, "1970-01-01T00:00:00Z"),
    ])
    func writesADateBeyondTheFourDigitYearsAsTheNearestOneInsteadOfCrashing(seconds: Double, text: String) {
        // `Int(seconds * 1000)` once trapped here (SIGILL) for 1e16 seconds from a v1 backup.
        #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test func theRepresentableRangeEndsAtTheFirstAndLastInstantsATimestampCanSay() {
        let range = Timestamp.representableRange
        #expect(Timestamp.format(Date(timeIntervalSince1970: range.lowerBound)) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: range.upperBound)) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.parse("0000-01-01T00:00:00Z")?.timeIntervalSince1970 == range.lowerBound)
        #expect(Timestamp.parse("9999-12-31T23:59:59.999Z")?.timeIntervalSince1970 == range.upperBound)
    }
}
