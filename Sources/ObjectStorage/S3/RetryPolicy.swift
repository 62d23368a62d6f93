import Foundation

/// How often and how patiently a request is retried: exponential backoff with full jitter
/// (the wait before retry n is uniformly random in 0…min(maxDelay, baseDelay·2ⁿ⁻¹)), for
/// throttling (503 SlowDown, 429), other 5xx answers and broken connections. After
/// ``maxAttempts`` attempts the operation fails with the endpoint's last answer.
///
/// The defaults — 5 attempts, 0.25 s base, 20 s cap — wait at most 0.25 + 0.5 + 1 + 2 = 3.75 s
/// in all (1.9 s on average) before giving up on a request.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts per request, the first included (`AWS_MAX_ATTEMPTS`, `max_attempts`).
    public var maxAttempts = 5
    public var baseDelay = 0.25
    public var maxDelay: Double = 20

    /// The longest wait before retry `retry` (1 for the first retry).
    public func delayCeiling(beforeRetry retry: Int) -> Double {
        min(maxDelay, baseDelay * pow(2, Double(max(0, retry - 1))))
    }

    /// A wait before retry `retry`, drawn with full jitter.
    public func delay(beforeRetry retry: Int) -> Double {
        Double.random(in: 0...delayCeiling(beforeRetry: retry))
    }
}
