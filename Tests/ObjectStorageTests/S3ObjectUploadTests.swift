import Cryptography
import Foundation
import ObjectStorage
import TestSupport
import Testing

@Suite struct S3ObjectUploadTests {
    @Test func uploadsALargeObjectInParts() throws {
        let s3 = try S3TestEnvironment("multipart", withProxy: true)
        let client = try s3.client()
        let bytes = [UInt8].pseudoRandom(count: 2 * S3ObjectUpload.minimumPartSize + 123_457)
        let upload = S3ObjectUpload(client: client, key: "big/object.bin")
        // Written in uneven chunks, as an archive writer would.
        var offset = 0
        var chunk = 1
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk * 37_001)
            try bytes[offset..<end].withUnsafeBytes { try upload.write($0) }
            offset = end
            chunk += 1
        }
        #expect(try s3.moto.objects(in: s3.bucket).isEmpty, "nothing under the key before finish")
        let object = try upload.finish()
        #expect(object.size == Int64(bytes.count))

        let stored = try s3.moto.digest(of: "big/object.bin", in: s3.bucket)
        #expect(stored.size == bytes.count)
        #expect(stored.sha256 == (try SHA256Hasher.digest(of: bytes).hexString))
        #expect(try s3.requests("PUT", query: "partNumber").count == 3)
        #expect(try s3.requests("POST", query: "uploads").count == 1)
        #expect(try s3.moto.multipartUploads(in: s3.bucket).isEmpty)
    }

    @Test func storesASmallObjectWithOnePut() throws {
        let s3 = try S3TestEnvironment("small", withProxy: true)
        let upload = S3ObjectUpload(client: try s3.client(), key: "small.bin")
        try upload.write(Array("tiny".utf8))
        try upload.finish()
        #expect(try s3.requests("PUT").map(\.query) == [""])
        #expect(try s3.requests("POST").isEmpty)
        #expect(try s3.moto.digest(of: "small.bin", in: s3.bucket).size == 4)
    }

    @Test func abortingLeavesNoObjectAndNoParts() throws {
        let s3 = try S3TestEnvironment("abort")
        let upload = S3ObjectUpload(client: try s3.client(), key: "gone.bin")
        try upload.write([UInt8].pseudoRandom(count: S3ObjectUpload.minimumPartSize + 10))
        #expect(try s3.moto.multipartUploads(in: s3.bucket) == ["gone.bin"])
        try upload.abort()
        try upload.abort()
        #expect(try s3.moto.multipartUploads(in: s3.bucket).isEmpty)
        #expect(try s3.moto.objects(in: s3.bucket).isEmpty)
    }

    @Test func releasingAnUnfinishedUploadAbortsIt() throws {
        let s3 = try S3TestEnvironment("release")
        let client = try s3.client()
        do {
            let upload = S3ObjectUpload(client: client, key: "dropped.bin")
            try upload.write([UInt8].pseudoRandom(count: S3ObjectUpload.minimumPartSize))
        }
        #expect(try s3.moto.multipartUploads(in: s3.bucket).isEmpty)
        #expect(try s3.moto.objects(in: s3.bucket).isEmpty)
    }
}
