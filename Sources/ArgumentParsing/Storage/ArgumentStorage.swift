/// The value of one declaration, shared by reference between its property wrapper and
/// the parser, so that the parser can fill a command it only sees through reflection.
///
/// The wrappers copy it before a write when it is shared, which keeps commands values.
final class ArgumentStorage<Value>: AnyArgumentStorage {
    let definition: ArgumentDefinition
    /// Turns a string into the new value, given the value parsed so far; `nil` if invalid.
    private let read: (_ argument: String, _ parsedSoFar: Value?) -> Value?
    /// `.some` for a declaration that may be omitted, including `.some(nil)` for an
    /// optional value; `nil` when the command line must supply it.
    private let defaultValue: Value?
    private var parsedValue: Value?

    init(
        definition: ArgumentDefinition,
        defaultValue: Value?,
        read: @escaping (_ argument: String, _ parsedSoFar: Value?) -> Value?
    ) {
        self.definition = definition
        self.defaultValue = defaultValue
        self.read = read
    }

    /// The parsed value, else the default; reading a required value before parsing is a
    /// programming error.
    var value: Value {
        get {
            if let parsedValue { return parsedValue }
            if let defaultValue { return defaultValue }
            preconditionFailure("a required \(definition.kind) was read before the command line was parsed")
        }
        set { parsedValue = newValue }
    }

    var isSatisfied: Bool { parsedValue != nil || defaultValue != nil }

    func accept(_ argument: String) -> Bool {
        guard let value = read(argument, parsedValue) else { return false }
        parsedValue = value
        return true
    }

    /// Sets the value of a wrapper's storage, copying it first when another command value
    /// shares it, so that commands keep value semantics.
    static func write(_ newValue: Value, into storage: inout ArgumentStorage<Value>) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.value = newValue
    }

    /// An unshared copy, for a wrapper about to write.
    func copy() -> ArgumentStorage<Value> {
        let copy = ArgumentStorage(definition: definition, defaultValue: defaultValue, read: read)
        copy.parsedValue = parsedValue
        return copy
    }
}
