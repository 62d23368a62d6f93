import Foundation

/// Reads a backup's sections on a background thread, one ahead of the consumer, so
/// decompression and checksums (the reader's work) overlap with validation and import
/// (the consumer's). Memory holds at most the section being used, the next one and the one
/// being read.
///
///     let sections = PrefetchingSectionReader(reader)
///     while let payload = try sections.next() { … }
///     let missing = sections.missingSections
public final class PrefetchingSectionReader: @unchecked Sendable {
    // Thread safety: `reader` is only touched by the background thread until `finished` is
    // set, and only by the consumer afterwards; everything else is guarded by `condition`.
    private let reader: BackupArchiveReader
    private let condition = NSCondition()
    private var ready: [Result<SectionPayload?, any Error>] = []
    private var producerDone = false
    private var stopRequested = false
    private let capacity: Int

    /// Starts reading ahead.
    /// - Parameters:
    ///   - reader: the archive, its manifest already read.
    ///   - handling: whether section bytes are kept or only verified.
    ///   - capacity: sections read ahead of the consumer.
    public init(_ reader: BackupArchiveReader, handling: BackupArchiveReader.DataHandling = .collect, capacity: Int = 1) {
        self.reader = reader
        self.capacity = max(1, capacity)
        let thread = Thread { [self] in produce(handling) }
        thread.name = "backupctl.section-reader"
        thread.start()
    }

    deinit {
        stop()
    }

    private func produce(_ handling: BackupArchiveReader.DataHandling) {
        while produceOne(handling) {}
    }

    /// Reads one section and queues it. A function of its own so the payload is not held
    /// here once queued: the consumer frees a large section as soon as it is done with it.
    /// - Returns: whether to go on.
    private func produceOne(_ handling: BackupArchiveReader.DataHandling) -> Bool {
        let result: Result<SectionPayload?, any Error> = Result { try reader.nextSection(handling) }
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

    /// The next section, or nil at the end.
    /// - Throws: what the reader threw (the archive is unsafe or damaged).
    public func next() throws -> SectionPayload? {
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

    /// Manifest entries the archive lacked, once `next()` has returned nil (empty before).
    public var missingSections: [ManifestSection] {
        condition.lock()
        let done = producerDone
        condition.unlock()
        return done && reader.isFinished ? reader.missingSections : []
    }

    /// Stops reading ahead and waits for the background thread to let go of the reader.
    public func stop() {
        condition.lock()
        stopRequested = true
        condition.broadcast()
        condition.unlock()
        waitForProducer()
    }

    private func waitForProducer() {
        condition.lock()
        while !producerDone { condition.wait() }
        condition.unlock()
    }
}
