import Foundation

/// The keys a declaration may use, checked before it is decoded: `Decodable` ignores a key it
/// does not know, so `"requried": true` would quietly make a field optional.
enum DeclarationKeys {
    /// Throws naming the first key that is not a declaration's or a field's.
    static func check(_ data: Data) throws {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey].map { "\($0)" }
            throw DeclarationError("not valid JSON: \(detail ?? error.localizedDescription)")
        }
        guard let object = json as? [String: Any] else {
            throw DeclarationError("not a record declaration: the file must hold one JSON object")
        }
        try refuseUnknown(object, allowed: DeclarationFile.CodingKeys.allCases.map(\.rawValue), at: "")
        for (index, field) in (object["fields"] as? [Any] ?? []).enumerated() {
            guard let field = field as? [String: Any] else {
                throw DeclarationError("fields[\(index)]: a field is an object")
            }
            try refuseUnknown(
                field, allowed: FieldDeclaration.CodingKeys.allCases.map(\.rawValue), at: "fields[\(index)].")
        }
    }

    private static func refuseUnknown(_ object: [String: Any], allowed: [String], at path: String) throws {
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw DeclarationError(
                "\(path)\(unknown): not a key of a declaration (keys: \(allowed.joined(separator: ", ")))")
        }
    }

    /// A decoding error as the declaration's path and what is wrong there.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
                .description
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): must be \(type)"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): must be \(type), not null"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { ": \($0.localizedDescription)" } ?? ""
            return "not a record declaration: \(context.debugDescription)\(underlying)"
        @unknown default: return "not a record declaration: \(error)"
        }
    }
}
