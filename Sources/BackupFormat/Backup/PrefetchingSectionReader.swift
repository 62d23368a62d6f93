import Concurrency

/// Reads a backup's sections on a background thread, one ahead of the consumer, so
/// decompression and checksums (the reader's work) overlap with validation and import
/// (the consumer's). Memory holds at most the section being used, the next one and the one
/// being read.
///
///     let sections = PrefetchingSectionReader(reader)
///     while let payload = try sections.next() { … }
///     let missing = sections.missingSections
public final class PrefetchingSectionReader: Sendable {
    /// The sections read ahead.
    private let sections: Channel<SectionPayload>
    private let state: Locked<State>

    private struct State: ~Copyable {
        /// Reads the sections into `sections` until the end of the archive, an error, or
        /// `stop()`; gives the manifest entries the archive lacked (none when stopped before
        /// its end). The job alone holds the reader, and lets go of it, and of the archive's
        /// file, when it ends.
        var reading: BackgroundJob<[ManifestSection], any Error>?
        var missingSections: [ManifestSection] = []
    }

    /// Starts reading ahead, one section ahead of the consumer.
    /// - Parameter reader: the archive, its manifest already read. The background thread is
    ///   its only user until `next()` has returned nil or thrown, or `stop()` has returned —
    ///   but for its `manifest`, which never changes.
    public init(_ reader: BackupArchiveReader) {
        let sections = Channel<SectionPayload>(capacity: 1)
        self.sections = sections
        nonisolated(unsafe) let reader = reader // shared as the parameter's documentation says
        let reading = BackgroundJob(name: "section-reader") { () throws -> [ManifestSection] in
            defer { sections.close() }
            while let payload = try reader.nextSection() {
                guard sections.send(payload) else { return [] } // stopped
            }
            return reader.missingSections
        }
        state = Locked(State(reading: reading))
    }

    deinit {
        stop()
    }

    /// The next section, or nil at the end.
    /// - Throws: what the reader threw (the archive is unsafe or damaged), after the sections
    ///   read before it.
    public func next() throws -> SectionPayload? {
        if let payload = sections.receive() { return payload }
        try endReading().get()
        return nil
    }

    /// Manifest entries the archive lacked, once `next()` has returned nil (empty before).
    public var missingSections: [ManifestSection] {
        state.withLock { $0.missingSections }
    }

    /// Stops reading ahead and waits for the background thread to let go of the reader; the
    /// archive is released (and its file closed, unless the caller still holds it) before
    /// this returns, and the sections read ahead with it. `missingSections` still answers
    /// afterwards.
    public func stop() {
        sections.close()
        while sections.receive() != nil {}
        // What the reader threw after the last section `next()` returned is dropped: nobody
        // asked for what it was reading.
        _ = endReading()
    }

    /// Waits for the reading job to end, the first time it is called.
    /// - Returns: what the reader threw, if anything.
    private func endReading() -> Result<Void, any Error> {
        guard let reading = state.withLock({ $0.reading.take() }) else { return .success(()) }
        do {
            let missing = try reading.join()
            state.withLock { $0.missingSections = missing }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
