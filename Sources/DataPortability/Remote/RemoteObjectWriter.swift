import DurableIO
import Foundation
import ObjectStorage

/// Streams what a writer of file descriptors produces — the archive writer, the upgrader —
/// into an S3 object, in constant memory: the writer writes into a pipe, a thread reads the
/// pipe into an ``S3ObjectUpload``. The object appears under its key only when the writer
/// succeeded and the upload completed; otherwise the upload is aborted and nothing is left.
///
///     let (summary, object) = try RemoteObjectWriter.write(to: client, key: key) { output in
///         try exporter.export(from: store, to: .descriptor(output))
///     }
public enum RemoteObjectWriter {
    /// Runs `produce` with the pipe's writing end, named as the object (`s3://bucket/key`), then
    /// completes the object.
    /// - Returns: what `produce` returned, and the stored object.
    /// - Throws: the upload's ``ObjectStorageError`` when the upload failed (the writer then
    ///   failed too, on a broken pipe, which is not the cause); otherwise what `produce` threw.
    public static func write<Produced>(
        to client: S3Client, key: String, produce: (DescriptorIO) throws -> Produced
    ) throws -> (Produced, S3ObjectInfo) {
        let name = "s3://\(client.bucket)/\(key)"
        let ends = try FileDescriptor.makePipe(name: name)
        let consumer = PipeConsumer(upload: S3ObjectUpload(client: client, key: key), reader: ends.read)
        let writer = ends.write
        let drained = DispatchSemaphore(value: 0)
        let thread = Thread {
            consumer.drain()
            drained.signal()
        }
        thread.name = "backupctl.upload"
        thread.start()
        var produced = Result { try produce(writer.io) }
        do {
            try writer.close()
        } catch {
            if case .success = produced { produced = .failure(error) }
        }
        drained.wait()
        return try consumer.finish(after: produced)
    }
}

/// The reading side of the pipe and the upload it feeds. Every property is used under `lock`:
/// by the draining thread while it runs, then by the caller (which waits for the thread first).
private final class PipeConsumer: @unchecked Sendable {
    private let lock = NSLock()
    private let upload: S3ObjectUpload
    /// Closed (set to nil) when the upload fails, so the writer stops on a broken pipe.
    private var reader: FileDescriptor?
    private var failure: (any Error)?

    init(upload: S3ObjectUpload, reader: consuming FileDescriptor) {
        self.upload = upload
        self.reader = consume reader
    }

    /// Copies the pipe into the upload until the writer closes its end or the upload fails.
    func drain() {
        lock.withLock {
            withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
                do {
                    while true {
                        let count = try reader!.read(into: buffer)
                        if count == 0 { break }
                        try upload.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    }
                } catch {
                    failure = error
                }
            }
            _ = reader.take()
        }
    }

    /// Completes the object when both sides succeeded; aborts it otherwise.
    func finish<Produced>(after produced: Result<Produced, any Error>) throws -> (Produced, S3ObjectInfo) {
        try lock.withLock {
            if let failure {
                try? upload.abort()
                throw failure
            }
            switch produced {
            case .failure(let error):
                try? upload.abort()
                throw error
            case .success(let value):
                return (value, try upload.finish())
            }
        }
    }
}
