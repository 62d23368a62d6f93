import JSONCore

/// What parsing `bytes` as a document throws; nil when they parse.
func parseFailure(_ bytes: [UInt8], _ options: JSONParseOptions = .default) -> JSONParseError? {
    do {
        _ = try JSONDocument(parsing: bytes, options: options)
        return nil
    } catch {
        return error
    }
}

/// What `JSONDocument.validate` throws for `bytes`; nil when they are valid.
func validationFailure(_ bytes: [UInt8]) -> JSONParseError? {
    bytes.withUnsafeBufferPointer { buffer -> JSONParseError? in
        do throws(JSONParseError) {
            try JSONDocument.validate(buffer)
            return nil
        } catch {
            return error
        }
    }
}
