import CCrypto

/// One entry of an `OSSL_PARAM` array, the way OpenSSL 3 passes settings to its algorithms.
///
/// Names and string values are static strings, whose bytes live for the whole run; octet
/// strings point into buffers the caller lends for the duration of ``withArray(_:_:)``.
enum OSSLParameter {
    case string(name: StaticString, value: StaticString)
    case octets(name: StaticString, value: UnsafeRawBufferPointer)

    /// Lends `body` the parameters as a terminated `OSSL_PARAM` array; the array and the
    /// pointers in it must not escape `body`.
    static func withArray<Result>(
        _ parameters: [OSSLParameter], _ body: (UnsafePointer<OSSL_PARAM>) throws -> Result
    ) rethrows -> Result {
        var array = parameters.map(\.constructed)
        array.append(OSSL_PARAM_construct_end())
        return try array.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    private var constructed: OSSL_PARAM {
        switch self {
        case .string(let name, let value):
            // OpenSSL only reads a parameter it is given; the `char *` is a C API wart.
            return OSSL_PARAM_construct_utf8_string(
                Self.cString(name), UnsafeMutablePointer(mutating: Self.cString(value)), value.utf8CodeUnitCount)
        case .octets(let name, let value):
            return OSSL_PARAM_construct_octet_string(
                Self.cString(name), UnsafeMutableRawPointer(mutating: value.baseAddress), value.count)
        }
    }

    private static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
        precondition(text.hasPointerRepresentation, "OSSLParameter: a parameter name must be a string literal")
        return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
