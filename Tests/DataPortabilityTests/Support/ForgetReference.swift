import DataPortability
import Foundation
import TestSupport
import Testing

/// restic's `forget` rules written independently in Python (`Tests/Fixtures/schedule/restic_forget.py`):
/// the reference `RetentionPolicy` is checked against.
enum ForgetReference {
    /// One history and the policy to apply to it.
    struct Case {
        var times: [Date]
        var policy: RetentionPolicy
    }

    /// The rules that keep each time of each case, as the Python program decides them (one
    /// run for all the cases).
    static func reasons(for cases: [Case]) throws -> [[Set<RetentionPolicy.Rule>]] {
        let request: [String: Any] = [
            "cases": cases.map { item in
                [
                    "times": item.times.map(\.timeIntervalSince1970),
                    "policy": Dictionary(
                        uniqueKeysWithValues: RetentionPolicy.Rule.allCases.map {
                            ($0.rawValue, item.policy.count(for: $0))
                        }),
                ] as [String: Any]
            }
        ]
        let script = try String(contentsOf: Fixtures.url("schedule/restic_forget.py"), encoding: .utf8)
        let output = try ProcessRunner.python(script, stdin: try JSONSerialization.data(withJSONObject: request))
        try #require(output.status == 0, "the reference failed: \(output.stderrText)")
        let response = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        let results = try #require(response["results"] as? [[[String]]])
        return try results.map { perCase in
            try perCase.map { names in Set(try names.map { try #require(RetentionPolicy.Rule(rawValue: $0)) }) }
        }
    }

    /// The rules that keep each of `times` under `policy`.
    static func reasons(for times: [Date], policy: RetentionPolicy) throws -> [Set<RetentionPolicy.Rule>] {
        try reasons(for: [Case(times: times, policy: policy)])[0]
    }
}
