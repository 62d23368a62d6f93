import DurableIO
import Foundation
import ObjectStorage

/// The lock of a backup prefix: an object `.backupctl.lock` beside the backups, created with
/// a conditional write (`If-None-Match: *`), so of two runs only one creates it. It names its
/// holder (host, process, a random token) and an expiry: a lock past its expiry was left by a
/// run that crashed, and the next run takes it over.
///
/// On a store that ignores `If-None-Match`, the write always succeeds; the lock then reads its
/// object back and gives up when another run's token is there, which catches most overlaps
/// but not two runs that write and read back in lockstep (Docs/remote.md).
public final class RemoteLock: BackupFolderLock {
    /// How long a lock holds without its run: longer than any backup takes.
    public static let lifetime: TimeInterval = 6 * 3600

    /// Another run holds the lock.
    public struct Busy: Error, CustomStringConvertible, Sendable {
        public var location: String
        public var holder: String
        public var expires: Date?

        public var description: String {
            let until = expires.map { ", until \(ISO8601DateFormatter().string(from: $0)) at the latest" } ?? ""
            return "Another backupctl (\(holder)) holds the lock of \(location)\(until)."
        }
    }

    private let client: S3Client
    private let key: String
    private let token: String
    private var held = true

    private struct Content: Codable {
        var token: String
        var host: String
        var pid: Int32
        var created: Date
        var expires: Date
    }

    /// Takes the lock of `folder`.
    /// - Throws: ``Busy`` when another run holds it; ``ObjectStorageError`` (a missing bucket,
    ///   refused credentials, an unreachable endpoint).
    public static func acquire(_ folder: RemoteBackupFolder, now: Date = Date()) throws -> RemoteLock {
        let token = UUID().uuidString
        let content = Content(
            token: token, host: CurrentProcess.hostName, pid: CurrentProcess.id, created: now,
            expires: now.addingTimeInterval(lifetime))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let body = Array(try encoder.encode(content))
        for attempt in 0..<2 {
            do {
                try folder.client.putObject(key: folder.lockKey, bytes: body, ifAbsent: true)
            } catch let error as ObjectStorageError where error.category == .conditionFailed {
                let existing = try read(folder)
                // A retried write whose first attempt went through finds its own lock.
                if existing?.token != token {
                    if let existing, existing.expires > now || attempt > 0 {
                        throw Busy(
                            location: folder.displayName, holder: "\(existing.host), process \(existing.pid)",
                            expires: existing.expires)
                    }
                    // Expired (or unreadable): left by a run that crashed. Remove it and try once more.
                    try folder.client.deleteObject(key: folder.lockKey)
                    continue
                }
            }
            // Read back: a store without conditional writes lets a second writer replace the lock.
            guard let stored = try read(folder), stored.token == token else {
                let other = try read(folder)
                throw Busy(
                    location: folder.displayName,
                    holder: other.map { "\($0.host), process \($0.pid)" } ?? "another run", expires: other?.expires)
            }
            return RemoteLock(client: folder.client, key: folder.lockKey, token: token)
        }
        throw Busy(location: folder.displayName, holder: "another run", expires: nil)
    }

    private init(client: S3Client, key: String, token: String) {
        self.client = client
        self.key = key
        self.token = token
    }

    /// The lock's content, or nil when there is none (or it is not a lock backupctl wrote).
    private static func read(_ folder: RemoteBackupFolder) throws -> Content? {
        var bytes: [UInt8] = []
        do {
            try folder.client.getObject(key: folder.lockKey) { chunk in
                guard bytes.count + chunk.count <= 4096 else { throw CocoaError(.fileReadTooLarge) }
                bytes.append(contentsOf: chunk)
            }
        } catch let error as ObjectStorageError where error.category == .objectNotFound {
            return nil
        } catch is CocoaError {
            return nil
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Content.self, from: Data(bytes))
    }

    /// Removes the lock object, if it is still this run's (best effort: S3 has no conditional
    /// delete everywhere, so between the check and the delete another run's lock could, in
    /// principle, replace an expired one).
    public func release() {
        guard held else { return }
        held = false
        var bytes: [UInt8] = []
        guard (try? client.getObject(key: key, into: { bytes.append(contentsOf: $0) })) != nil,
            String(decoding: bytes, as: UTF8.self).contains(token)
        else { return }
        try? client.deleteObject(key: key)
    }

    /// The same as ``release()``: the lock object is all a run creates.
    public func releaseRemovingCreated() {
        release()
    }

    deinit {
        release()
    }
}
