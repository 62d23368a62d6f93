extension JSONWriter {
    /// Writes `{…}`, with the members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// Writes the member `"key": "value"`.
    public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes the member `"key": value`.
    public mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        int(value)
    }

    /// Writes the member `"key": {…}`, with the members `body` writes.
    public mutating func member(_ key: String, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        object(body)
    }
}
