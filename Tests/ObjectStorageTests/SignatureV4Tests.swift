import Cryptography
import Foundation
import Testing

@testable import ObjectStorage

/// Signature Version 4 against AWS's published examples: the S3 API Reference's
/// "Signature Calculations for the Authorization Header" (GET Object, PUT Object, GET Bucket
/// Lifecycle, GET Bucket) and the general SigV4 test suite (get-vanilla, the query order case,
/// post-vanilla).
@Suite struct SignatureV4Tests {
    /// The S3 examples' keys and time: 2013-05-24T00:00:00Z, us-east-1.
    let s3Example = SignatureV4(
        credentials: AWSCredentials(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE",
            secretAccessKey: SecretString("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            source: "the S3 documentation"),
        region: "us-east-1")
    let s3Date = AmzDate(Date(timeIntervalSince1970: 1_369_353_600))
    let host = ("Host", "examplebucket.s3.amazonaws.com")

    @Test func signsTheGetObjectExample() throws {
        let signed = try s3Example.sign(
            method: "GET", canonicalPath: "/test.txt", query: [], headers: [host, ("Range", "bytes=0-9")],
            payloadHash: SignatureV4.emptyPayloadHash, date: s3Date)
        #expect(
            signed.canonicalRequest == """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """)
        #expect(
            signed.stringToSign == """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
                """)
        #expect(
            signed.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func signsThePutObjectExampleWithAnEncodedKeyAndAPayloadHash() throws {
        let body = Array("Welcome to Amazon S3.".utf8)
        let payloadHash = try Cryptography.SHA256Hasher.digest(of: body).hexString
        #expect(payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let signed = try s3Example.sign(
            method: "PUT", canonicalPath: "/" + SigV4Encoding.encode("test$file.text", keepingSlashes: true), query: [],
            headers: [
                ("Date", "Fri, 24 May 2013 00:00:00 GMT"), host, ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
            ], payloadHash: payloadHash, date: s3Date)
        #expect(signed.canonicalRequest.hasPrefix("PUT\n/test%24file.text\n\n"))
        #expect(signed.stringToSign.hasSuffix("9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d"))
        #expect(signed.signature == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
        #expect(
            signed.authorization.contains(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"))
    }

    @Test func signsTheBucketLifecycleExampleWithAValuelessParameter() throws {
        let signed = try s3Example.sign(
            method: "GET", canonicalPath: "/", query: [("lifecycle", "")], headers: [host],
            payloadHash: SignatureV4.emptyPayloadHash, date: s3Date)
        #expect(signed.canonicalRequest.hasPrefix("GET\n/\nlifecycle=\n"))
        #expect(signed.signature == "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    @Test func signsTheListObjectsExampleWithSortedParameters() throws {
        let signed = try s3Example.sign(
            method: "GET", canonicalPath: "/", query: [("prefix", "J"), ("max-keys", "2")], headers: [host],
            payloadHash: SignatureV4.emptyPayloadHash, date: s3Date)
        #expect(signed.canonicalRequest.hasPrefix("GET\n/\nmax-keys=2&prefix=J\n"))
        #expect(signed.signature == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    /// The general test suite signs for service "service" at 2015-08-30T12:36:00Z. Its
    /// requests carry no `x-amz-content-sha256`, so the suite's canonical requests are rebuilt
    /// here from the same parts the signer uses.
    @Test(arguments: [
        ("GET", [(String, String)](), "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        (
            "GET", [("Param2", "value2"), ("Param1", "value1")],
            "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
        ),
        ("POST", [], "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
    ])
    func matchesTheGeneralTestSuite(method: String, query: [(String, String)], expected: String) throws {
        let signer = SignatureV4(
            credentials: AWSCredentials(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: SecretString("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
                source: "the SigV4 test suite"),
            region: "us-east-1", service: "service")
        let (headers, signedHeaders) = SignatureV4.canonicalHeaders([
            ("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z"),
        ])
        let canonicalRequest = [
            method, "/", SigV4Encoding.canonicalQuery(query.map { (name: $0.0, value: $0.1) }), headers, signedHeaders,
            SignatureV4.emptyPayloadHash,
        ].joined(separator: "\n")
        let stringToSign = [
            SignatureV4.algorithm, "20150830T123600Z", "20150830/us-east-1/service/aws4_request",
            try Cryptography.SHA256Hasher.digest(of: Array(canonicalRequest.utf8)).hexString,
        ].joined(separator: "\n")
        let signature = try Cryptography.HMACSHA256.authenticationCode(
            for: Array(stringToSign.utf8), key: try signer.signingKey(day: "20150830"))
        #expect(Cryptography.HexEncoding.string(from: signature) == expected)
    }

    @Test func signsTheSessionTokenAndNeverPrintsIt() throws {
        let token = "FwoGZXIvYXdzEXAMPLETOKEN"
        let signer = SignatureV4(
            credentials: AWSCredentials(
                accessKeyID: "ASIAEXAMPLE", secretAccessKey: SecretString("secret-example"),
                sessionToken: SecretString(token), source: "the environment"),
            region: "eu-west-1")
        let signed = try signer.sign(
            method: "HEAD", canonicalPath: "/bucket/key", query: [], headers: [("Host", "127.0.0.1:9000")],
            payloadHash: SignatureV4.emptyPayloadHash, date: s3Date)
        #expect(signed.headers.contains { $0.name == "x-amz-security-token" && $0.value == token })
        #expect(
            signed.authorization.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,"))
        #expect(!"\(signer)".contains(token) && !"\(signer)".contains("secret-example"))
    }

    @Test func collapsesSpacesAndJoinsRepeatedHeaders() {
        let (lines, names) = SignatureV4.canonicalHeaders([
            ("X-Amz-Meta-A", "  one   two  "), ("x-amz-meta-a", "three"), ("Host", "h"),
        ])
        #expect(lines == "host:h\nx-amz-meta-a:one two,three\n")
        #expect(names == "host;x-amz-meta-a")
    }

    @Test func formatsTheTimeInUTC() {
        let date = AmzDate(Date(timeIntervalSince1970: 1_440_938_160))
        #expect(date.timestamp == "20150830T123600Z")
        #expect(date.day == "20150830")
    }
}
