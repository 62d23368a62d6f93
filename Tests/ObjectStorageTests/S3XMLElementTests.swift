import Testing

@testable import ObjectStorage

@Suite struct S3XMLElementTests {
    @Test func readsAListingWithEscapes() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
              <Name>b</Name><IsTruncated>true</IsTruncated><NextContinuationToken>t&amp;1</NextContinuationToken>
              <Contents><Key>a&lt;b&#x20;c</Key><Size>12</Size><ETag>&quot;e1&quot;</ETag>
                <LastModified>2026-11-30T04:42:22.000Z</LastModified></Contents>
              <Contents><Key>d</Key><Size>0</Size></Contents>
            </ListBucketResult>
            """
        let root = try S3XMLElement.parse(Array(document.utf8))
        #expect(root.name == "ListBucketResult")
        #expect(root.text(of: "NextContinuationToken") == "t&1")
        let contents = root.children(named: "Contents")
        #expect(contents.map { $0.text(of: "Key") } == ["a<b c", "d"])
        #expect(contents.first?.text(of: "ETag") == "\"e1\"")
        #expect(contents.first?.text(of: "LastModified").flatMap(S3ObjectInfo.parseTimestamp) != nil)
    }

    @Test(arguments: [
        "", "<a>", "<a></b>", "not xml", String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40),
    ])
    func refusesWhatIsNotAnS3Document(text: String) {
        #expect(throws: ObjectStorageError.self) { try S3XMLElement.parse(Array(text.utf8)) }
    }

    @Test func readsAnErrorAnswer() {
        let response = HTTPResponse(
            status: 404, headers: ["x-amz-request-id": "R1"],
            body: Array(
                "<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message></Error>".utf8))
        let error = S3ServiceError(response: response, operation: "ListObjectsV2", resource: "s3://gone")
        #expect(error.code == "NoSuchBucket")
        #expect(error.requestID == "R1")
        #expect(ObjectStorageError.service(error).category == .bucketNotFound)
        #expect(
            "\(error)"
                == "ListObjectsV2 s3://gone: HTTP 404 NoSuchBucket: The specified bucket does not exist (request id R1)"
        )
        let bare = S3ServiceError(
            response: HTTPResponse(status: 403, headers: [:], body: []), operation: "HeadObject", resource: "s3://b/k")
        #expect(bare.code == "Forbidden")
        #expect(ObjectStorageError.service(bare).category == .credentials)
    }

    @Test func backsOffWithinACeilingThatDoubles() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: 0.25, maxDelay: 1)
        #expect(policy.delayCeiling(beforeRetry: 1) == 0.25)
        #expect(policy.delayCeiling(beforeRetry: 2) == 0.5)
        #expect(policy.delayCeiling(beforeRetry: 4) == 1)
        for retry in 1...6 {
            let delay = policy.delay(beforeRetry: retry)
            #expect(delay >= 0 && delay <= policy.delayCeiling(beforeRetry: retry))
        }
    }
}
