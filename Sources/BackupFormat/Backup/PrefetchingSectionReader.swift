import Foundation

/// Reads a backup's sections on a background thread, one ahead of the consumer, so
/// decompression and checksums (the reader's work) overlap with validation and import
/// (the consumer's). Memory holds at most the section being used, the next one and the one
/// being read.
///
///     let sections = PrefetchingSectionReader(reader)
///     while let payload = try sections.next() { … }
///     let missing = sections.missingSections
public final class PrefetchingSectionReader: Sendable {
    /// The state the background thread shares with the consumer. The thread holds only
    /// this, never the reader object itself, so dropping the reader runs `deinit`, which
    /// stops the thread and lets go of the archive and its file.
    private let readAhead: ReadAhead

    /// Starts reading ahead.
    /// - Parameters:
    ///   - reader: the archive, its manifest already read.
    ///   - handling: whether section bytes are kept or only verified.
    ///   - capacity: sections read ahead of the consumer.
    public init(_ reader: BackupArchiveReader, handling: BackupArchiveReader.DataHandling = .collect, capacity: Int = 1)
    {
        let readAhead = ReadAhead(reader, capacity: max(1, capacity))
        self.readAhead = readAhead
        let thread = Thread { readAhead.produce(handling) }
        thread.name = "backupctl.section-reader"
        thread.start()
    }

    deinit {
        readAhead.stop()
    }

    /// The next section, or nil at the end.
    /// - Throws: what the reader threw (the archive is unsafe or damaged).
    public func next() throws -> SectionPayload? {
        try readAhead.next()
    }

    /// Manifest entries the archive lacked, once `next()` has returned nil (empty before).
    public var missingSections: [ManifestSection] {
        readAhead.missingSections
    }

    /// Stops reading ahead and waits for the background thread to let go of the reader; the
    /// archive is released (and its file closed, unless the caller still holds it) before
    /// this returns. `missingSections` still answers afterwards.
    public func stop() {
        readAhead.stop()
    }

    private final class ReadAhead: @unchecked Sendable {
        // Thread safety: `reader` is only touched by the background thread until
        // `producerDone` is set, and only by the consumer, holding `condition`'s lock,
        // afterwards; everything else is guarded by `condition`. `stop()` lets go of the
        // reader there and then: the thread itself may be scheduled to exit (and release this
        // object) much later on a busy machine, and the archive's file must not stay open
        // until it is.
        private var reader: BackupArchiveReader?
        /// What `missingSections` answers once `stop()` has let go of the reader.
        private var missingWhenStopped: [ManifestSection] = []
        private let condition = NSCondition()
        private var ready: [Result<SectionPayload?, any Error>] = []
        private var producerDone = false
        private var stopRequested = false
        private let capacity: Int

        init(_ reader: BackupArchiveReader, capacity: Int) {
            self.reader = reader
            self.capacity = capacity
        }

        func produce(_ handling: BackupArchiveReader.DataHandling) {
            while produceOne(handling) {}
        }

        /// Reads one section and queues it. A function of its own so the payload is not held
        /// here once queued: the consumer frees a large section as soon as it is done with it.
        /// - Returns: whether to go on.
        private func produceOne(_ handling: BackupArchiveReader.DataHandling) -> Bool {
            let result = readSection(handling)
            condition.lock()
            while ready.count >= capacity && !stopRequested { condition.wait() }
            let stop = stopRequested
            if !stop { ready.append(result) }
            let finished: Bool
            switch result {
            case .success(let payload): finished = payload == nil
            case .failure: finished = true
            }
            if finished || stop { producerDone = true }
            condition.broadcast()
            condition.unlock()
            return !(finished || stop)
        }

        /// The next section read from the archive. A function of its own so this thread's
        /// reference to the archive ends here, before `producerDone` lets `stop()` drop the
        /// last one.
        @inline(never)
        private func readSection(_ handling: BackupArchiveReader.DataHandling) -> Result<SectionPayload?, any Error> {
            guard let reader else { preconditionFailure("the read-ahead ran on after it was stopped") }
            return Result { try reader.nextSection(handling) }
        }

        func next() throws -> SectionPayload? {
            condition.lock()
            while ready.isEmpty && !producerDone { condition.wait() }
            guard !ready.isEmpty else {
                condition.unlock()
                return nil
            }
            let result = ready.removeFirst()
            condition.broadcast()
            condition.unlock()
            return try result.get()
        }

        var missingSections: [ManifestSection] {
            condition.lock()
            defer { condition.unlock() }
            guard producerDone else { return [] }
            guard let reader else { return missingWhenStopped }
            return reader.isFinished ? reader.missingSections : []
        }

        func stop() {
            condition.lock()
            defer { condition.unlock() }
            stopRequested = true
            condition.broadcast()
            while !producerDone { condition.wait() }
            ready.removeAll()
            if let reader, reader.isFinished { missingWhenStopped = reader.missingSections }
            reader = nil
        }
    }
}
