import CCrypto

/// Comparison whose time does not depend on where two byte strings differ, for MACs and tags
/// (`CRYPTO_memcmp`): an attacker timing a comparison learns nothing about the expected value.
public enum ConstantTime {
    /// Whether `first` and `second` hold the same bytes. Strings of different lengths are
    /// unequal (their lengths are not secret).
    public static func equals(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        return first.withUnsafeBytes { first in
            second.withUnsafeBytes { second in
                guard let left = first.baseAddress, let right = second.baseAddress else { return true }
                return CRYPTO_memcmp(left, right, first.count) == 0
            }
        }
    }
}
