/// Writes one object as a stream, in constant memory: bytes collect in a buffer of one part;
/// each full part is uploaded (a multipart upload, started with the first full part), and
/// ``finish()`` uploads the rest and completes the upload — or, for an object smaller than one
/// part, stores it with a single PutObject. Either way the object appears under its key only
/// complete: until then there is nothing under the key, and ``abort()`` (or a failure, or
/// releasing the upload unfinished) aborts the multipart upload so no parts stay behind.
///
///     let upload = S3ObjectUpload(client: client, key: "backups/domaindig-….ddbackup")
///     try upload.write(chunk)        // as often as needed
///     let object = try upload.finish()
///
/// Memory: one part (``partSize``) plus the chunk being written. An object holds at most
/// 10,000 parts, so at the default 8 MiB part size up to 78 GiB.
public final class S3ObjectUpload {
    /// S3's smallest part (all but the last), 5 MiB.
    public static let minimumPartSize = 5 << 20
    /// S3's largest part, 5 GiB.
    public static let maximumPartSize = 5 << 30
    /// The AWS CLI's default, 8 MiB.
    public static let defaultPartSize = 8 << 20
    /// S3's most parts in one upload.
    public static let maximumParts = 10_000

    public let client: S3Client
    public let key: String
    public let partSize: Int
    public private(set) var byteCount: Int64 = 0

    private var buffer: [UInt8] = []
    private var uploadID: String?
    private var parts: [(number: Int, etag: String)] = []
    private var state = State.writing

    private enum State { case writing, finished, aborted }

    /// - Parameter partSize: bytes per part, from 5 MiB to 5 GiB; the client's setting by default.
    public init(client: S3Client, key: String, partSize: Int? = nil) {
        let size = partSize ?? client.settings.partSize
        precondition(
            (Self.minimumPartSize...Self.maximumPartSize).contains(size),
            "S3ObjectUpload: part size \(size) out of range")
        self.client = client
        self.key = key
        self.partSize = size
        buffer.reserveCapacity(size)
    }

    /// Appends bytes to the object, uploading each part as it fills.
    /// - Throws: ``ObjectStorageError``; the upload is aborted first.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(state == .writing, "S3ObjectUpload written after finish or abort")
        var remaining = bytes[...]
        while !remaining.isEmpty {
            let taken = remaining.prefix(partSize - buffer.count)
            buffer.append(contentsOf: taken)
            remaining = remaining.dropFirst(taken.count)
            if buffer.count == partSize { try failing { try uploadBufferedPart() } }
        }
        byteCount += Int64(bytes.count)
    }

    /// Uploads what is left and makes the object visible under its key.
    /// - Returns: the object as stored.
    /// - Throws: ``ObjectStorageError``; the upload is aborted first, so nothing appears
    ///   under the key.
    @discardableResult
    public func finish() throws -> S3ObjectInfo {
        precondition(state == .writing, "S3ObjectUpload finished after finish or abort")
        let etag = try failing {
            guard let uploadID else { return try client.putObject(key: key, bytes: buffer) }
            if !buffer.isEmpty || parts.isEmpty { try uploadBufferedPart() }
            return try client.completeMultipartUpload(key: key, uploadID: uploadID, parts: parts)
        }
        state = .finished
        buffer = []
        return S3ObjectInfo(key: key, size: byteCount, etag: etag)
    }

    /// Abandons the object: aborts the multipart upload, if one was started, so its parts are
    /// freed. Safe to call more than once.
    /// - Throws: ``ObjectStorageError`` when the endpoint could not be told (the parts then
    ///   stay until a lifecycle rule removes incomplete uploads: see Docs/remote.md).
    public func abort() throws {
        guard state == .writing else { return }
        state = .aborted
        buffer = []
        if let uploadID { try client.abortMultipartUpload(key: key, uploadID: uploadID) }
    }

    deinit {
        try? abort()
    }

    private func uploadBufferedPart() throws {
        guard parts.count < Self.maximumParts else {
            throw ObjectStorageError.objectTooLarge(
                resource: client.resource(key), limit: Int64(Self.maximumParts) * Int64(partSize))
        }
        if uploadID == nil { uploadID = try client.createMultipartUpload(key: key) }
        let number = parts.count + 1
        let etag = try client.uploadPart(key: key, uploadID: uploadID!, number: number, bytes: buffer)
        parts.append((number, etag))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Runs `body`; when it throws, aborts (as far as the endpoint lets) and rethrows.
    private func failing<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            try? abort()
            throw error
        }
    }
}
