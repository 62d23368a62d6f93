/// A string-backed enum that decodes leniently: an unknown raw value maps to a safe default
/// instead of failing (policy "How models evolve").
public protocol LenientEnum: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// The case an unknown raw value decodes to: the one that cannot cause harm.
    static var fallback: Self { get }
}

/// An enum value as stored: the case this build understands, plus the raw text, so a value
/// written by a newer build survives a round trip through this one.
public struct Lenient<Value: LenientEnum>: Sendable, Hashable, CustomStringConvertible {
    /// The case to act on (the fallback when the raw text is unknown).
    public let value: Value
    /// The text as stored.
    public let rawValue: String

    public init(_ value: Value) {
        self.value = value
        self.rawValue = value.rawValue
    }

    /// The case for `rawValue`, or the fallback keeping the raw text.
    public init(rawValue: String) {
        self.value = Value(rawValue: rawValue) ?? Value.fallback
        self.rawValue = rawValue
    }

    /// Whether this build knows the raw value.
    public var isKnown: Bool { value.rawValue == rawValue }

    /// The known case whose raw value is exactly `utf8`, compared without making a String
    /// (decoding reads millions of enum fields).
    public static func knownCase(utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        Value.allCases.first { candidate in
            var raw = candidate.rawValue
            return raw.withUTF8 { $0.count == utf8.count && $0.elementsEqual(utf8) }
        }
    }

    public var description: String { rawValue }

    /// The allowed raw values, in declaration order (for messages and the schema).
    public static var allowedValues: [String] { Value.allCases.map(\.rawValue) }
}
