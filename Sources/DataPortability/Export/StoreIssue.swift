import DataStore
import DomainModel

/// A problem found in the store's data while reading it: the key it is under, the path
/// inside that key's JSON, and what was done about it.
public struct StoreIssue: Sendable, Equatable, CustomStringConvertible {
    public var key: String
    /// What lenient decoding did.
    public var issue: DecodingIssue

    /// `trackedDomains $[12].domain: is not a valid domain name …`.
    public var description: String { "\(key) \(issue.path): \(issue.message)" }
}
