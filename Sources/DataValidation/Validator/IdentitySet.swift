import DomainModel
import Foundation
import JSONCore

/// The ids seen in one list, to report duplicates: UUIDs compared as UUIDs (any case, no
/// string made), other ids compared exactly, as the decoders compare them.
struct IdentitySet {
    /// One id, as compared.
    enum Identity: Hashable, Sendable {
        case uuid(UUID)
        case text(String)

        /// A UUID is hashed as its two words, not through `combine(bytes:)` and the case's
        /// tag: a large backup inserts hundreds of thousands of ids. All sixteen bytes go in,
        /// so crafted ids cannot collide.
        func hash(into hasher: inout Hasher) {
            switch self {
            case .uuid(let id):
                withUnsafeBytes(of: id.uuid) {
                    hasher.combine($0.loadUnaligned(as: UInt64.self))
                    hasher.combine($0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                }
            case .text(let text):
                hasher.combine(text)
            }
        }
    }

    private var seen = Set<Identity>()
    let isUUID: Bool

    init(isUUID: Bool) {
        self.isUUID = isUUID
    }

    /// Makes room for `count` ids, so a long list is not rehashed as it grows.
    mutating func reserveCapacity(_ count: Int) {
        seen.reserveCapacity(count)
    }

    /// Records `id`; false when it was already there. Values that are not strings are ignored.
    mutating func insert(_ id: JSONValue) -> Bool {
        insert(id.document.view, id.tapeIndex)
    }

    /// Records an id found earlier with `identity(of:)`; false when it was already there.
    mutating func insert(_ identity: Identity) -> Bool {
        seen.insert(identity).inserted
    }

    /// Records the id at `index` of `view`; false when it was already there.
    mutating func insert(_ view: JSONView, _ index: Int) -> Bool {
        guard let identity = identity(view, index) else { return true }
        return insert(identity)
    }

    /// How `id` is compared, or nil when it is not a string (and so not an id at all).
    func identity(of id: JSONValue) -> Identity? {
        identity(id.document.view, id.tapeIndex)
    }

    private func identity(_ view: JSONView, _ index: Int) -> Identity? {
        guard view.kind(index) == .string else { return nil }
        if isUUID {
            // A UUID spelled with escapes is still that UUID, as the decoders read it.
            if view.isPlainString(index) {
                if let uuid = view.withRawBytes(index, RecordID.parse(utf8:)) { return .uuid(uuid) }
            } else if var text = view.string(index), let uuid = text.withUTF8({ RecordID.parse(utf8: $0) }) {
                return .uuid(uuid)
            }
        }
        return .text(view.string(index) ?? "")
    }
}
