import DataStore
import Foundation

/// Values of every kind a store holds, with the edge cases each backend must keep apart:
/// empty blobs and strings, 0 and 1 next to false and true, integral doubles, nesting.
enum SampleValues {
    /// Every `StoreValue` kind; dates are whole seconds, which every format keeps exactly.
    static let everyKind: [String: StoreValue] = [
        "trackedDomains": .data(Data(#"[{"domain":"example.com","addedAt":"2024-01-02T03:04:05Z"}]"#.utf8)),
        "emptyBlob": .data(Data()),
        "binaryBlob": .data(Data((0...255).map { UInt8($0) })),
        "resolverURL": .string("https://dns.example/dns-query?q=é"),
        "emptyString": .string(""),
        "data.storeSchemaVersion": .integer(3),
        "zero": .integer(0),
        "one": .integer(1),
        "negative": .integer(-42),
        "largest": .integer(Int.max),
        "smallest": .integer(Int.min),
        "data.migrations.v3_4_0": .bool(true),
        "disabled": .bool(false),
        "ratio": .double(0.125),
        "wholeDouble": .double(2.0),
        "createdAt": .date(Date(timeIntervalSince1970: 1_700_000_000)),
        "recentSearches": .array([.string("example.com"), .integer(1), .bool(true), .data(Data([0, 1])), .double(1.5)]),
        "emptyArray": .array([]),
        "monitoring.settings": .dictionary([
            "enabled": .bool(true),
            "interval": .integer(3600),
            "nested": .dictionary(["dates": .array([.date(Date(timeIntervalSince1970: 0))])]),
        ]),
        "emptyDictionary": .dictionary([:]),
    ]

    /// A date with a fractional second, which XML property lists round to the second.
    static let preciseDate = StoreValue.date(Date(timeIntervalSinceReferenceDate: 123_456_789.123_456))
}
