/// The parser's type-erased handle on an `@OptionGroup`'s value, so that it can reflect
/// over the group's declarations and run the group's `validate()` in place.
protocol AnyGroupStorage: AnyObject {
    /// The group's current value, for reflection.
    var reflectedValue: Any { get }
    /// Runs the group's `validate()` on the stored value.
    func validate() throws
}

/// The value of one `@OptionGroup`, shared by reference like ``ArgumentStorage``.
final class GroupStorage<Group: ParsableArguments>: AnyGroupStorage {
    var value: Group

    init(value: Group) {
        self.value = value
    }

    var reflectedValue: Any { value }

    func validate() throws {
        try value.validate()
    }

    /// An unshared copy, for a wrapper about to write.
    func copy() -> GroupStorage<Group> {
        GroupStorage(value: value)
    }
}
