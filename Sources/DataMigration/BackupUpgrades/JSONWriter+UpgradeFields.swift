import JSONCore

/// `field(_:_:)` for values an upgrade carries over from the old document; each writes
/// nothing when the old document lacks the value, which is how a field it never had stays
/// absent.
extension JSONWriter {
    /// The value re-written compactly (`value(_:)`).
    mutating func field(_ name: StaticString, copying value: JSONValue?) {
        guard let value else { return }
        key(name)
        self.value(value)
    }

    /// Epoch seconds as a timestamp (`UpgradeSupport.writeEpoch`).
    mutating func field(_ name: StaticString, epoch value: JSONValue?) {
        guard let value else { return }
        key(name)
        UpgradeSupport.writeEpoch(value, to: &self)
    }
}
