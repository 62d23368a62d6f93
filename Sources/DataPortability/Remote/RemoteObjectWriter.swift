import Concurrency
import DurableIO
import Foundation
import ObjectStorage

/// Streams what a writer of file descriptors produces — the archive writer, the upgrader —
/// into an S3 object, in constant memory: the writer writes into a pipe, a background job
/// copies the pipe into an ``S3ObjectUpload``. The object appears under its key only when the
/// writer succeeded and the upload completed; otherwise the upload is aborted and nothing is
/// left.
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
        // The job alone uses these until it is joined; then this completes or aborts the upload.
        nonisolated(unsafe) let upload = S3ObjectUpload(client: client, key: key)
        nonisolated(unsafe) let pipe = PipeEnd(ends.read)
        let writer = ends.write
        let uploading = BackgroundJob(name: "upload") { try pipe.copy(into: upload) }
        var produced = Result { try produce(writer.io) }
        do {
            try writer.close()
        } catch {
            if case .success = produced { produced = .failure(error) }
        }
        do {
            try uploading.join()
        } catch {
            try? upload.abort()
            throw error
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

/// The reading end of the pipe, closed as soon as the upload fails, so the writer stops on a
/// broken pipe instead of filling the pipe for nobody.
private final class PipeEnd {
    private var descriptor: FileDescriptor?

    init(_ descriptor: consuming FileDescriptor) {
        self.descriptor = consume descriptor
    }

    /// Copies the pipe into `upload` until the writer closes its end, then closes this one.
    func copy(into upload: S3ObjectUpload) throws {
        defer { _ = descriptor.take() }
        try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
            while case let count = try descriptor!.read(into: buffer), count > 0 {
                try upload.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}
