import CArchive

/// The object libarchive's callbacks reach through their client-data pointer: the Swift
/// source or sink, and the error it threw, which libarchive itself can only report as
/// "failed" (its error-setting function is variadic C, which Swift cannot call).
final class ArchiveCallbackTarget {
    let source: (any ArchiveByteSource)?
    let sink: (any ArchiveByteSink)?
    /// The error the source or sink threw, until ``LibArchiveHandle/check(_:_:entry:)`` takes it.
    var error: (any Error)?

    init(source: (any ArchiveByteSource)? = nil, sink: (any ArchiveByteSink)? = nil) {
        self.source = source
        self.sink = sink
    }
}

extension LibArchiveHandle {
    /// Opens the handle for reading from `input`.
    func openReading(_ input: ArchiveInput, _ operation: @autoclosure () -> String) throws {
        switch input {
        case .descriptor(let descriptor):
            try check(archive_read_open_fd(pointer, descriptor, 64 << 10), operation())
        case .stream(let source):
            let target = ArchiveCallbackTarget(source: source)
            callbackTarget = target
            // The handle holds the target until it is freed, so the pointer stays valid for
            // every callback libarchive makes.
            try check(
                archive_read_open(pointer, Unmanaged.passUnretained(target).toOpaque(), nil, readCallback, nil),
                operation())
        }
    }

    /// Opens the handle for writing to `output`.
    func openWriting(_ output: ArchiveOutput, _ operation: @autoclosure () -> String) throws {
        switch output {
        case .descriptor(let descriptor):
            try check(archive_write_open_fd(pointer, descriptor), operation())
        case .stream(let sink):
            let target = ArchiveCallbackTarget(sink: sink)
            callbackTarget = target
            try check(
                archive_write_open(pointer, Unmanaged.passUnretained(target).toOpaque(), nil, writeCallback, nil),
                operation())
        }
    }

    /// Tells the source that reading reached the end of the archive, so it can verify the rest.
    func verifySourceEnd() throws {
        try callbackTarget?.source?.verifyEnd()
    }
}

/// libarchive's read callback: the source's next bytes, or -1 (`ARCHIVE_FATAL`) with the
/// error kept in the target.
private func readCallback(
    _ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UnsafeRawPointer?>?
) -> la_ssize_t {
    let target = Unmanaged<ArchiveCallbackTarget>.fromOpaque(context!).takeUnretainedValue()
    do {
        let bytes = try target.source!.nextBytes()
        buffer?.pointee = bytes.baseAddress
        return bytes.count
    } catch {
        target.error = error
        return la_ssize_t(ARCHIVE_FATAL)
    }
}

/// libarchive's write callback: hands the bytes to the sink, or returns -1 with the error kept.
private func writeCallback(
    _ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeRawPointer?, _ length: Int
) -> la_ssize_t {
    let target = Unmanaged<ArchiveCallbackTarget>.fromOpaque(context!).takeUnretainedValue()
    do {
        try target.sink!.write(UnsafeRawBufferPointer(start: buffer, count: length))
        return length
    } catch {
        target.error = error
        return la_ssize_t(ARCHIVE_FATAL)
    }
}
