import Cryptography
import Foundation
import ObjectStorage
import TestSupport
import Testing

/// Every fault the proxy injects: the retry count, what is (not) left under the key, and
/// what the error says when the attempts run out.
@Suite struct FaultInjectionTests {
    @Test(arguments: [(503, "SlowDown"), (500, "InternalError"), (429, "TooManyRequests"), (502, "BadGateway")])
    func retriesThrottlingAndServerErrors(status: Int, code: String) throws {
        let s3 = try S3TestEnvironment("transient", withProxy: true)
        try s3.proxy!.inject(.status(status, code: code), method: "PUT", times: 2)
        try s3.client(maxAttempts: 3).putObject(key: "k", bytes: Array("hello".utf8))
        let puts = try s3.requests("PUT")
        #expect(puts.map(\.status) == [status, status, 200])
        #expect(try s3.moto.digest(of: "k", in: s3.bucket).size == 5)
    }

    @Test func givesUpAfterItsAttemptsWithTheEndpointsMessage() throws {
        let s3 = try S3TestEnvironment("persistent", withProxy: true)
        try s3.proxy!.inject(.status(503, code: "SlowDown"), method: "PUT")
        #expect {
            try s3.client(maxAttempts: 4).putObject(key: "k", bytes: [1, 2, 3])
        } throws: { error in
            guard let error = error as? ObjectStorageError, case .unavailable(_, _, let attempts, let last) = error
            else { return false }
            return attempts == 4 && last.contains("SlowDown") && last.contains("injected by the test proxy")
                && error.category == .unavailable
        }
        #expect(try s3.requests("PUT").count == 4)
        #expect(try s3.moto.objects(in: s3.bucket).isEmpty)
    }

    @Test func doesNotRetryWhatRetryingCannotFix() throws {
        let s3 = try S3TestEnvironment("permanent", withProxy: true)
        try s3.proxy!.inject(.status(400, code: "InvalidArgument"), method: "PUT")
        #expect(throws: ObjectStorageError.self) { try s3.client().putObject(key: "k", bytes: [1]) }
        #expect(try s3.requests("PUT").count == 1)
    }

    @Test func resendsAPartWhoseConnectionBrokeMidUpload() throws {
        let s3 = try S3TestEnvironment("dropup", withProxy: true)
        try s3.proxy!.inject(.dropRequest(afterBytes: 1 << 20), method: "PUT", query: "partNumber=2", times: 1)
        let bytes = [UInt8].pseudoRandom(count: 2 * S3ObjectUpload.minimumPartSize + 1000)
        let upload = S3ObjectUpload(client: try s3.client(), key: "k")
        try upload.write(bytes)
        try upload.finish()
        let parts = try s3.requests("PUT", query: "partNumber")
        #expect(parts.map(\.fault) == [nil, "drop-request", nil, nil])
        #expect(try s3.moto.digest(of: "k", in: s3.bucket).sha256 == (try SHA256Hasher.digest(of: bytes).hexString))
    }

    @Test func leavesNothingWhenTheUploadKeepsBreaking() throws {
        let s3 = try S3TestEnvironment("dropall", withProxy: true)
        try s3.proxy!.inject(.dropRequest(afterBytes: 4096), method: "PUT", query: "partNumber=2")
        let upload = S3ObjectUpload(client: try s3.client(maxAttempts: 3), key: "backup.ddbackup")
        #expect {
            try upload.write([UInt8].pseudoRandom(count: 2 * S3ObjectUpload.minimumPartSize))
            try upload.finish()
        } throws: { error in
            guard case .unavailable(_, _, let attempts, _) = error as? ObjectStorageError else { return false }
            return attempts == 3
        }
        #expect(try s3.requests("PUT", query: "partNumber=2").count == 3)
        #expect(try s3.requests("DELETE", query: "uploadId").count == 1, "the multipart upload is aborted")
        #expect(try s3.moto.objects(in: s3.bucket).isEmpty)
        #expect(try s3.moto.multipartUploads(in: s3.bucket).isEmpty)
    }

    @Test func resumesADownloadWhoseConnectionBroke() throws {
        let s3 = try S3TestEnvironment("dropdown", withProxy: true)
        let bytes = [UInt8].pseudoRandom(count: 3_000_000)
        try s3.client().putObject(key: "k", bytes: bytes)
        try s3.proxy!.inject(.dropResponse(afterBytes: 1_000_000), method: "GET", times: 2)
        var read: [UInt8] = []
        try s3.client(maxAttempts: 3).getObject(key: "k") { read.append(contentsOf: $0) }
        #expect(read == bytes)
        let gets = try s3.requests("GET")
        #expect(gets.map(\.fault) == ["drop-response", "drop-response", nil])
    }

    @Test func failsADownloadThatKeepsBreaking() throws {
        let s3 = try S3TestEnvironment("dropdownall", withProxy: true)
        try s3.client().putObject(key: "k", bytes: [UInt8].pseudoRandom(count: 100_000))
        try s3.proxy!.inject(.dropResponse(afterBytes: 10), method: "GET")
        var received = 0
        #expect {
            try s3.client(maxAttempts: 3).getObject(key: "k") { received += $0.count }
        } throws: { ($0 as? ObjectStorageError)?.category == .unavailable }
        #expect(try s3.requests("GET").count == 3)
        #expect(received <= 30, "each byte handed on once, none after a break")
    }
}
