import DurableIO
import Foundation

/// An AWS shared configuration or credentials file (`~/.aws/config`, `~/.aws/credentials`)
/// as the AWS CLI reads it: `[section]` headers, `name = value` lines, `#` and `;` comment
/// lines, and nested settings — a name with an empty value followed by indented lines:
///
///     [profile backup]
///     region = eu-central-1
///     s3 =
///       addressing_style = path
///
/// Nested settings are stored as `s3.addressing_style`.
public struct AWSConfigFile: Sendable, Equatable {
    /// Settings by section name as written (`default`, `profile backup`), then by name.
    public var sections: [String: [String: String]]

    public init(text: String) {
        var sections: [String: [String: String]] = [:]
        var section: String?
        var parent: String?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let indented = rawLine.first == " " || rawLine.first == "\t"
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                section = name
                parent = nil
                if sections[name] == nil { sections[name] = [:] }
                continue
            }
            guard let current = section, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if indented, let parent {
                sections[current]?["\(parent).\(name)"] = value
            } else if value.isEmpty {
                parent = name
            } else {
                parent = nil
                sections[current]?[name] = value
            }
        }
        self.sections = sections
    }

    /// Reads the file at `path`; a file that does not exist reads as empty.
    /// - Throws: ``ObjectStorageError/configuration(_:)`` when it exists but cannot be read.
    public static func load(path: String) throws -> AWSConfigFile {
        do {
            let file = try FileDescriptor.openForReading(path)
            let bytes = try file.readAll(limit: 1 << 20)
            return AWSConfigFile(text: String(decoding: bytes, as: UTF8.self))
        } catch FileIOError.notFound {
            return AWSConfigFile(text: "")
        } catch {
            throw ObjectStorageError.configuration("cannot read \(path): \(error)")
        }
    }
}
