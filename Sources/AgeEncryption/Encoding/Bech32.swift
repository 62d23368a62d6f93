import Cryptography

/// Bech32 (BIP 173), the encoding of age's keys: `age1…` recipients and `AGE-SECRET-KEY-1…`
/// identities.
///
/// As the age specification says, without BIP 173's 90-character limit; a string is all
/// lowercase or all uppercase, and its checksum is computed over the lowercase form.
///
///     let text = Bech32.encode(humanReadablePart: "age", bytes: publicKey)   // "age1…"
///     let decoded = try Bech32.decode(Array(text.utf8))
///     decoded.humanReadablePart   // "age"
///     Bech32.bytes(fromGroups: decoded.groups)  // publicKey
public enum Bech32 {
    /// A decoded string: its human-readable part, lowercased, and its data as 5-bit groups
    /// without the checksum.
    public struct Decoded: Equatable, Sendable {
        public var humanReadablePart: String
        public var groups: [UInt8]
        /// The string was written in uppercase (age writes identities so, recipients in lowercase).
        public var isUppercase: Bool
    }

    /// Why a string is not valid Bech32. The cases never quote the string, which may be secret.
    public enum Failure: Error, Equatable, Sendable {
        /// A character outside `!`…`~`.
        case invalidCharacter
        /// Both lowercase and uppercase letters.
        case mixedCase
        /// No `1` separating the human-readable part from the data, or an empty human-readable part.
        case missingSeparator
        /// Fewer than six data characters: no room for the checksum.
        case tooShort
        /// A data character outside Bech32's 32-character alphabet.
        case invalidDataCharacter
        /// The checksum does not match: a character was mistyped or the string was cut.
        case checksumMismatch
    }

    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let checksumLength = 6

    /// The lowercase Bech32 string for `bytes` (regrouped into 5-bit groups, zero-padded).
    public static func encode(humanReadablePart: String, bytes: [UInt8]) -> String {
        let groups = regroup(bytes, from: 8, to: 5, pad: true)!
        let hrp = Array(humanReadablePart.lowercased().utf8)
        let checksum = checksum(hrp: hrp, groups: groups)
        var text = hrp + [UInt8(ascii: "1")]
        for group in groups + checksum { text.append(alphabet[Int(group)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Decodes a Bech32 string given as its bytes (so a secret never has to become a `String`).
    /// - Throws: ``Failure``.
    public static func decode(_ text: some Collection<UInt8>) throws(Failure) -> Decoded {
        guard text.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw .invalidCharacter }
        let hasLower = text.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        let hasUpper = text.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        // The text may be a secret key: the copies made here are wiped before returning.
        var lowered = text.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        defer { SecretBytes.wipe(&lowered) }
        guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")), separator > 0 else { throw .missingSeparator }
        let hrp = Array(lowered[..<separator])
        let dataCharacters = lowered[(separator + 1)...]
        guard dataCharacters.count >= checksumLength else { throw .tooShort }
        var values = [UInt8]()
        values.reserveCapacity(dataCharacters.count)
        defer { SecretBytes.wipe(&values) }
        for character in dataCharacters {
            guard let value = alphabet.firstIndex(of: character) else { throw .invalidDataCharacter }
            values.append(UInt8(value))
        }
        guard polymod(expand(hrp), values) == 1 else { throw .checksumMismatch }
        return Decoded(
            humanReadablePart: String(decoding: hrp, as: UTF8.self), groups: Array(values.dropLast(checksumLength)),
            isUppercase: hasUpper)
    }

    /// Regroups 5-bit groups into bytes.
    /// - Returns: `nil` when more than four bits are left over or the padding bits are not zero
    ///   (the string was not the encoding of whole bytes).
    public static func bytes(fromGroups groups: [UInt8]) -> [UInt8]? {
        regroup(groups, from: 5, to: 8, pad: false)
    }

    /// BIP 173's `convertbits`.
    private static func regroup(_ values: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        var output = [UInt8]()
        output.reserveCapacity(values.count * from / to + 1)
        let mask = (1 << to) - 1
        for value in values {
            guard Int(value) >> from == 0 else { return nil }
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                output.append(UInt8((accumulator >> bits) & mask))
            }
            accumulator &= (1 << bits) - 1
        }
        if pad {
            if bits > 0 { output.append(UInt8((accumulator << (to - bits)) & mask)) }
        } else if bits >= from || accumulator != 0 {
            return nil
        }
        return output
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// BIP 173's checksum function over the concatenation of `parts` (taken in pieces, so
    /// secret data is not copied into a temporary array).
    private static func polymod(_ parts: [UInt8]...) -> UInt32 {
        let generator: [UInt32] = [0x3B6A_57B2, 0x2650_8E6D, 0x1EA1_19FA, 0x3D42_33DD, 0x2A14_62B3]
        var checksum: UInt32 = 1
        for part in parts {
            for value in part {
                let top = checksum >> 25
                checksum = (checksum & 0x1FF_FFFF) << 5 ^ UInt32(value)
                for index in 0..<5 where (top >> UInt32(index)) & 1 == 1 {
                    checksum ^= generator[index]
                }
            }
        }
        return checksum
    }

    private static func checksum(hrp: [UInt8], groups: [UInt8]) -> [UInt8] {
        let value = polymod(expand(hrp), groups, [UInt8](repeating: 0, count: checksumLength)) ^ 1
        return (0..<checksumLength).map { UInt8((value >> UInt32(5 * (checksumLength - 1 - $0))) & 31) }
    }
}
