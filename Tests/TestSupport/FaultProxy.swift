import Foundation

/// A proxy in front of an S3 server that injects faults on request
/// (Tests/Fixtures/ObjectStorage/fault_proxy.py): error answers (503 SlowDown, 500, 429),
/// connections broken while a request body is sent or while an answer's body arrives. It
/// logs every request, so a test counts the attempts a client made.
///
///     let proxy = try FaultProxy(upstreamPort: moto.port)
///     try proxy.inject(.status(503, code: "SlowDown"), method: "PUT", times: 2)
///     … run the client against proxy.endpoint …
///     #expect(try proxy.requests().filter { $0.method == "PUT" }.count == 3)
public final class FaultProxy: Sendable {
    /// What to do to a matching request.
    public enum Fault: Sendable {
        /// Answer with this status and an S3 error document with this code.
        case status(Int, code: String)
        /// Read this many bytes of the request's body, then break the connection.
        case dropRequest(afterBytes: Int)
        /// Send the headers and this many bytes of the answer's body, then break the connection.
        case dropResponse(afterBytes: Int)
    }

    /// One request the proxy saw.
    public struct Request: Sendable, Equatable {
        public var method: String
        public var path: String
        public var query: String
        /// The fault applied ("status", "drop-request", "drop-response"), if any.
        public var fault: String?
        /// The status sent back, if an answer was sent.
        public var status: Int?
    }

    public let port: Int
    private let peer: JSONLineProcess

    public init(upstreamPort: Int) throws {
        peer = try JSONLineProcess(script: "ObjectStorage/fault_proxy.py", arguments: [String(upstreamPort)])
        guard peer.greeting.hasPrefix("ready "), let port = Int(peer.greeting.dropFirst("ready ".count)) else {
            throw JSONLineProcess.Failure(description: "the proxy said: \(peer.greeting)")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT`.
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Applies `fault` to requests with this method, path substring and query substring: after
    /// skipping `after` of them, `times` times (nil: always).
    public func inject(
        _ fault: Fault, method: String? = nil, path: String? = nil, query: String? = nil, after: Int = 0,
        times: Int? = nil
    ) throws {
        var rule: [String: Any] = ["after": after, "times": times ?? -1]
        if let method { rule["method"] = method }
        if let path { rule["path"] = path }
        if let query { rule["query"] = query }
        switch fault {
        case .status(let status, let code):
            rule["fault"] = "status"
            rule["status"] = status
            rule["code"] = code
        case .dropRequest(let bytes):
            rule["fault"] = "drop-request"
            rule["bytes"] = bytes
        case .dropResponse(let bytes):
            rule["fault"] = "drop-response"
            rule["bytes"] = bytes
        }
        try peer.send(["op": "fault", "rule": rule])
    }

    /// Every request so far, in order of arrival.
    public func requests() throws -> [Request] {
        let log = try peer.send(["op": "log"]) as? [[String: Any]] ?? []
        return log.map {
            Request(
                method: $0["method"] as? String ?? "", path: $0["path"] as? String ?? "",
                query: $0["query"] as? String ?? "", fault: $0["fault"] as? String, status: $0["status"] as? Int)
        }
    }
}
