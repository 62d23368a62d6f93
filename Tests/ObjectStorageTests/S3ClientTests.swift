import Cryptography
import Foundation
import ObjectStorage
import TestSupport
import Testing

/// The client against moto's S3 server, which checks every signature (botocore recomputes it).
@Suite struct S3ClientTests {
    @Test func storesReadsAndRemovesAnObject() throws {
        let s3 = try S3TestEnvironment("objects")
        let client = try s3.client()
        let bytes = [UInt8].pseudoRandom(count: 70_000)
        let key = "dir with space/ünïcode+plus&amp.bin"
        let etag = try client.putObject(key: key, bytes: bytes)
        #expect(!etag.isEmpty)

        let moto = try s3.moto.digest(of: key, in: s3.bucket)
        #expect(moto.size == bytes.count)
        #expect(moto.sha256 == (try SHA256Hasher.digest(of: bytes).hexString))

        var read: [UInt8] = []
        let info = try client.getObject(key: key) { read.append(contentsOf: $0) }
        #expect(read == bytes)
        #expect(info.size == Int64(bytes.count))
        #expect(try client.headObject(key: key)?.etag == etag)

        var middle: [UInt8] = []
        try client.getObject(key: key, range: 100..<200) { middle.append(contentsOf: $0) }
        #expect(middle == Array(bytes[100..<200]))

        try client.deleteObject(key: key)
        #expect(try client.headObject(key: key) == nil)
        try client.deleteObject(key: key)
    }

    @Test func readsAMissingKeyAsNotFound() throws {
        let s3 = try S3TestEnvironment("missing")
        let client = try s3.client()
        #expect(try client.headObject(key: "nothing") == nil)
        #expect {
            try client.getObject(key: "nothing") { _ in }
        } throws: { ($0 as? ObjectStorageError)?.category == .objectNotFound }
    }

    @Test func listsEveryPageAndRemovesInBatches() throws {
        let s3 = try S3TestEnvironment("listing")
        let client = try s3.client()
        let keys = (0..<7).map { "p/k\($0)" } + ["other/x"]
        for key in keys { try client.putObject(key: key, bytes: Array(key.utf8)) }
        let listed = try client.listObjects(prefix: "p/", pageSize: 3)
        #expect(listed.map(\.key) == keys.filter { $0.hasPrefix("p/") })
        #expect(listed.allSatisfy { $0.size == 4 && $0.lastModified != nil })

        try client.deleteObjects(keys: listed.map(\.key) + ["p/never-there"], batchSize: 3)
        #expect(try s3.moto.objects(in: s3.bucket).map(\.key) == ["other/x"])
    }

    @Test func writesALockObjectOnlyWhenAbsent() throws {
        let s3 = try S3TestEnvironment("conditional")
        let client = try s3.client()
        try client.putObject(key: "lock", bytes: Array("first".utf8), ifAbsent: true)
        #expect {
            try client.putObject(key: "lock", bytes: Array("second".utf8), ifAbsent: true)
        } throws: { ($0 as? ObjectStorageError)?.category == .conditionFailed }
        var content: [UInt8] = []
        try client.getObject(key: "lock") { content.append(contentsOf: $0) }
        #expect(String(decoding: content, as: UTF8.self) == "first")
    }

    @Test func reportsAMissingBucket() throws {
        let s3 = try S3TestEnvironment("present")
        let client = try s3.client(bucket: "no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())")
        #expect {
            try client.listObjects(prefix: "")
        } throws: { error in
            (error as? ObjectStorageError)?.category == .bucketNotFound && "\(error)".contains("NoSuchBucket")
        }
    }

    @Test(
        arguments: [(nil, "wrong-secret-\(UUID().uuidString)"), ("AKIAUNKNOWNKEY000000", nil)] as [(String?, String?)])
    func reportsRefusedCredentialsWithoutTheSecret(accessKeyID: String?, secret: String?) throws {
        let s3 = try S3TestEnvironment("credentials")
        let client = try s3.client(secret: secret, accessKeyID: accessKeyID)
        let usedSecret = secret ?? s3.moto.secretAccessKey
        for operation in [
            { _ = try client.listObjects(prefix: "") }, { try client.putObject(key: "k", bytes: [1, 2, 3]) },
            { _ = try client.headObject(key: "k") },
        ] as [() throws -> Void] {
            #expect {
                try operation()
            } throws: { error in
                (error as? ObjectStorageError)?.category == .credentials && !"\(error)".contains(usedSecret)
                    && !String(reflecting: error).contains(usedSecret)
            }
        }
        #expect(try s3.moto.objects(in: s3.bucket).isEmpty)
    }

    @Test func failsOverAClosedPortAfterItsAttempts() throws {
        let s3 = try S3TestEnvironment("closed")
        // A port nothing listens on: bind one, note it, close it.
        let client = try s3.client(maxAttempts: 2, endpoint: "http://127.0.0.1:\(try closedPort())")
        #expect {
            try client.putObject(key: "k", bytes: [1])
        } throws: { error in
            guard let error = error as? ObjectStorageError, case .unavailable(_, _, let attempts, _) = error else {
                return false
            }
            return attempts == 2 && error.category == .unavailable
        }
    }

    private func closedPort() throws -> Int {
        let output = try ProcessRunner.python(
            "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()")
        return try #require(Int(output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
