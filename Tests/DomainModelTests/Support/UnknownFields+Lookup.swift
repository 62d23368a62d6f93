import DomainModel

extension UnknownFields {
    /// The fields' names, in order.
    var names: [String] { fields.map(\.name) }

    /// The value's JSON text of the field named `name`, if kept.
    subscript(name: String) -> [UInt8]? {
        fields.first { $0.name == name }?.json
    }
}
