import TestSupport
import Testing

extension ProcessOutput {
    /// Expects a refusal: exit `status`, nothing on standard output, and an error on standard
    /// error that begins with `message` (shown whole when it does not).
    func expectRefused(status: Int32, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(stderrText)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(stderrText.hasPrefix(message), "stderr: \(stderrText)", sourceLocation: sourceLocation)
    }
}

extension ProcessOutput {
    /// Expects success with nothing on standard error: exit 0 (the error shown when not).
    func expectQuietSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(stderrText)", sourceLocation: sourceLocation)
        #expect(stderr.isEmpty, sourceLocation: sourceLocation)
    }
}

extension ProcessOutput {
    /// Expects a quiet success (`expectQuietSuccess`) and returns the one JSON document printed,
    /// after expecting its `ok` to be true.
    func successfulJSONDocument(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        expectQuietSuccess(sourceLocation: sourceLocation)
        let document = try jsonObject()
        #expect(document["ok"] as? Bool == true, sourceLocation: sourceLocation)
        return document
    }
}
