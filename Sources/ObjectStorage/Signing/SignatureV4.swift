import Cryptography
import Foundation

/// AWS Signature Version 4 for header-based authentication (the `Authorization` header):
/// canonical request → string to sign → HMAC-SHA-256 under a key derived from the secret, the
/// day, the region and the service.
///
///     let signer = SignatureV4(credentials: credentials, region: "us-east-1", service: "s3")
///     let signed = try signer.sign(method: "GET", canonicalPath: "/test.txt", query: [],
///                                  headers: [("Host", "examplebucket.s3.amazonaws.com")],
///                                  payloadHash: SHA256Hasher.digest(of: []).hexString, date: AmzDate(Date()))
///     // signed.headers: the given ones plus x-amz-date, x-amz-content-sha256, (x-amz-security-token,)
///     // and Authorization.
///
/// The payload hash is always sent as `x-amz-content-sha256`; backupctl signs the SHA-256 of
/// every body it sends (each one is in memory: a part, a small object, an XML document), so the
/// endpoint rejects a body damaged on the way. Paths are encoded once, as S3 wants (other
/// services encode twice).
public struct SignatureV4: Sendable {
    public static let algorithm = "AWS4-HMAC-SHA256"

    public let credentials: AWSCredentials
    public let region: String
    public var service = "s3"

    /// A signed request's parts; the intermediate texts are there for tests and debugging (they
    /// hold no secret: the session token is a header value, so it is shown redacted).
    public struct Signature: Sendable {
        /// The headers to send: the given ones and the signature's own.
        public var headers: [(name: String, value: String)]
        public var canonicalRequest: String
        public var stringToSign: String
        public var signature: String
        public var authorization: String
    }

    /// Signs a request.
    /// - Parameters:
    ///   - canonicalPath: the path as sent, already encoded with ``SigV4Encoding``.
    ///   - query: the query parameters, not encoded.
    ///   - headers: the headers to sign, `Host` among them.
    ///   - payloadHash: the body's SHA-256 in lowercase hex (or `UNSIGNED-PAYLOAD`).
    /// - Throws: ``CryptographyError`` when libcrypto cannot compute an HMAC.
    public func sign(
        method: String, canonicalPath: String, query: [(name: String, value: String)],
        headers: [(name: String, value: String)], payloadHash: String, date: AmzDate
    ) throws -> Signature {
        var all = headers
        all.append(("x-amz-date", date.timestamp))
        all.append(("x-amz-content-sha256", payloadHash))
        if let token = credentials.sessionToken { all.append(("x-amz-security-token", token.exposedValue)) }

        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(all)
        let canonicalRequest = [
            method, canonicalPath, SigV4Encoding.canonicalQuery(query), canonicalHeaders, signedHeaders, payloadHash,
        ].joined(separator: "\n")
        let scope = "\(date.day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            Self.algorithm, date.timestamp, scope,
            try SHA256Hasher.digest(of: Array(canonicalRequest.utf8)).hexString,
        ].joined(separator: "\n")
        let key = try signingKey(day: date.day)
        let signature = HexEncoding.string(
            from: try HMACSHA256.authenticationCode(for: Array(stringToSign.utf8), key: key))
        let authorization =
            "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(scope),SignedHeaders=\(signedHeaders),Signature=\(signature)"
        all.append(("Authorization", authorization))
        return Signature(
            headers: all, canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            authorization: authorization)
    }

    /// The signing key: HMAC chained over the day, region, service and `aws4_request`,
    /// starting from `"AWS4" + secret`.
    func signingKey(day: String) throws -> [UInt8] {
        var key = Array(("AWS4" + credentials.secretAccessKey.exposedValue).utf8)
        defer { SecretBytes.wipe(&key) }
        var derived = try HMACSHA256.authenticationCode(for: Array(day.utf8), key: key)
        for part in [region, service, "aws4_request"] {
            derived = try HMACSHA256.authenticationCode(for: Array(part.utf8), key: derived)
        }
        return derived
    }

    /// Lowercased names, values trimmed with inner runs of spaces collapsed, sorted by name,
    /// repeated names joined with commas; and the `;`-joined list of names.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (String, String) {
        var byName: [String: [String]] = [:]
        for (name, value) in headers {
            let collapsed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            byName[name.lowercased(), default: []].append(collapsed)
        }
        let names = byName.keys.sorted()
        let lines = names.map { "\($0):\(byName[$0]!.joined(separator: ","))\n" }.joined()
        return (lines, names.joined(separator: ";"))
    }
}
