extension String: ExpressibleByArgument {
    /// Takes the argument as it is; every string is valid.
    public init?(argument: String) {
        self = argument
    }

    /// Never used in an error, since every string is valid.
    public static var expectedValueDescription: String { "a string" }
}

extension Int: ExpressibleByArgument {
    /// Reads a decimal integer such as `42` or `-3`.
    public init?(argument: String) {
        self.init(argument, radix: 10)
    }

    public static var expectedValueDescription: String { "an integer" }
}

extension Double: ExpressibleByArgument {
    /// Reads a finite decimal number such as `0.5`, `-2` or `1e3`.
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }

    public static var expectedValueDescription: String { "a number" }
}
