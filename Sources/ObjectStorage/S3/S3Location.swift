/// An `s3://bucket/prefix` location: a bucket and a key prefix (a "folder" of backups) or a
/// key (one backup object).
///
///     try S3Location(parsing: "s3://backups/domaindig/")   // bucket "backups", path "domaindig/"
///     S3Location.scheme(of: "https://x/y")                  // "https": refused by the commands
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    /// What follows the bucket, without the leading slash; may be empty.
    public var path: String

    /// Parses `s3://bucket[/path]`.
    /// - Throws: ``ObjectStorageError/invalidLocation(_:)`` for another scheme, or a bucket
    ///   name S3 does not allow (3–63 characters of lowercase letters, digits, dots and
    ///   hyphens, starting and ending with a letter or digit).
    public init(parsing text: String) throws {
        guard text.hasPrefix("s3://") else {
            throw ObjectStorageError.invalidLocation("\(text) is not an s3://bucket/prefix location")
        }
        let rest = text.dropFirst("s3://".count)
        let bucket = String(rest.prefix { $0 != "/" })
        guard Self.isValidBucketName(bucket) else {
            throw ObjectStorageError.invalidLocation(
                "\(text): \"\(bucket)\" is not a bucket name (3–63 lowercase letters, digits, dots and hyphens)")
        }
        self.bucket = bucket
        path = String(rest.dropFirst(bucket.count).drop { $0 == "/" })
    }

    /// `s3://bucket/path`.
    public var description: String {
        path.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(path)"
    }

    /// The prefix under which a folder's objects are kept: the path with a trailing slash (or
    /// nothing for the bucket's top).
    public var folderPrefix: String {
        path.isEmpty || path.hasSuffix("/") ? path : path + "/"
    }

    /// The location of `name` inside this one taken as a folder.
    public func appending(_ name: String) -> S3Location {
        var location = self
        location.path = folderPrefix + name
        return location
    }

    /// The scheme of a `scheme://…` text (letters, digits, `+`, `-`, `.` before `://`, starting
    /// with a letter, as RFC 3986 has it), or nil for anything else — a path.
    public static func scheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }

    static func isValidBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else { return false }
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard isLetterOrDigit(bytes.first!), isLetterOrDigit(bytes.last!) else { return false }
        return bytes.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }
}
