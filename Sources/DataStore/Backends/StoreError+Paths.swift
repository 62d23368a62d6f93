import DurableIO

extension StoreError {
    /// The same error with `path` replaced by `replacement` wherever it names the file: for a
    /// store built under a temporary name, whose errors should name the store the user gave.
    public func replacingPath(_ path: String, with replacement: String) -> StoreError {
        func swap(_ named: String) -> String { named == path ? replacement : named }
        switch self {
        case .notFound(let named): return .notFound(path: swap(named))
        case .notAStore(let named, let reason): return .notAStore(path: swap(named), reason: reason)
        case .backendMismatch(let named, let expected, let found):
            return .backendMismatch(path: swap(named), expected: expected, found: found)
        case .newerLayout(let named, let found, let supported):
            return .newerLayout(path: swap(named), found: found, supported: supported)
        case .corrupt(let named, let reason): return .corrupt(path: swap(named), reason: reason)
        case .sqlite(let code, let message, let named): return .sqlite(code: code, message: message, path: swap(named))
        case .propertyList(let message, let named): return .propertyList(message: message, path: swap(named))
        case .noDefaultLocation, .unusableDefaultLocation: return self
        case .busy(let named, let holder): return .busy(storePath: swap(named), holderPID: holder)
        case .io(let error): return .io(error.path == path ? error.withPath(replacement) : error)
        case .cannotReadWithoutWriting(let named, let reason):
            return .cannotReadWithoutWriting(path: swap(named), reason: reason)
        case .changedWhileReading(let named): return .changedWhileReading(path: swap(named))
        }
    }
}
