import BackupFormat
import DomainModel
import JSONCore

/// Receives a section's records that pass validation — each taken as it stands or decoded:
/// for a check with a visitor, validation is decoding.
///
/// The session offers each record to `visitTranscoding` first: a visitor that takes it there
/// (its transcoder met nothing decoding would notice, so it is clean and valid) never sees it
/// decoded. Any other is decoded as `Record` (`JSONRecord.decodeChecking`); a record decoding
/// found clean is valid as it stands, and only another is walked against the schema for its
/// findings, then given to `visit`. The import's stages keep what they need of the records.
///
/// A large array section is checked on every core: each run of its records gets a visitor of
/// its own from `makeRunVisitor()`, used by one thread, and the runs are then absorbed in
/// order — so the records arrive, in the end, exactly as one thread would have delivered them.
public protocol SectionVisitor: AnyObject {
    /// What the section's records are decoded as.
    associatedtype Record: JSONRecord
    /// One record that passed every check (array sections: each element with its index;
    /// object sections: the root, index nil), with what it decoded to: nil when the decoder
    /// could not read what the schema accepts (never, unless the two disagree).
    func visit(_ record: Record?, at index: Int?, from json: JSONValue)
    /// Takes the record at `json` as it stands, when decoding would find it clean — which makes
    /// it valid — without decoding it (`CanonicalArrayBuilder.appendTranscoding`); false, having
    /// taken nothing, when it is to be decoded and given to `visit`. By default, false: a
    /// visitor that keeps records needs them decoded.
    func visitTranscoding(_ json: JSONValue) -> Bool
    /// A new, empty visitor for one run of `section`'s records — a different instance on every
    /// call, sharing nothing, since each is handed to its own thread (never `self`) — or nil,
    /// on every call, to have the section checked on one thread. Threads call it at once.
    func makeRunVisitor(for section: BackupSection) -> sending Self?
    /// Takes over `run`'s records, which follow the ones already visited.
    func absorb(_ run: Self)
}

extension SectionVisitor {
    public func visitTranscoding(_ json: JSONValue) -> Bool { false }
}
