import DomainModel
import Foundation
import JSONCore

/// The ids seen in one list, to report duplicates: UUIDs compared as UUIDs (any case, no
/// string made), other ids compared exactly, as the decoders compare them.
struct IdentitySet {
    private var uuids = Set<UUID>()
    private var texts = Set<String>()
    let isUUID: Bool

    init(isUUID: Bool) {
        self.isUUID = isUUID
    }

    /// Records `id`; false when it was already there. Values that are not strings are ignored.
    mutating func insert(_ id: JSONValue) -> Bool {
        id.withUnsafeView { view, index in insert(view, index) }
    }

    /// Records the id at `index` of `view`; false when it was already there.
    mutating func insert(_ view: JSONUnsafeView, _ index: Int) -> Bool {
        guard view.kind(index) == .string else { return true }
        if isUUID, view.isPlainString(index), let uuid = RecordID.parse(utf8: view.rawBytes(index)) {
            return uuids.insert(uuid).inserted
        }
        return texts.insert(view.string(index) ?? "").inserted
    }
}
