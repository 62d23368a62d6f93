/// Standard base64 (RFC 4648 §4) without `=` padding, as age writes it everywhere in its header.
///
/// Decoding is strict, as the age specification demands: only the 64 alphabet characters, no
/// padding, no line breaks, and canonical (the unused bits of the last character are zero), so
/// every value has exactly one encoding and a header cannot be altered without changing its bytes.
public enum UnpaddedBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    /// Whether `character` is one of the 64 alphabet characters.
    public static func isAlphabetCharacter(_ character: UInt8) -> Bool {
        values[Int(character)] >= 0
    }

    /// The unpadded encoding of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: encodedCharacters(bytes), as: UTF8.self)
    }

    /// The unpadded encoding of `bytes`, as ASCII bytes.
    public static func encodedCharacters(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        for index in stride(from: 0, to: input.count, by: 3) {
            let remaining = input.count - index
            let first = Int(input[index])
            let second = remaining > 1 ? Int(input[index + 1]) : 0
            let third = remaining > 2 ? Int(input[index + 2]) : 0
            output.append(alphabet[first >> 2])
            output.append(alphabet[(first & 0x03) << 4 | second >> 4])
            if remaining > 1 { output.append(alphabet[(second & 0x0F) << 2 | third >> 6]) }
            if remaining > 2 { output.append(alphabet[third & 0x3F]) }
        }
        return output
    }

    /// Decodes canonical unpadded base64.
    /// - Returns: `nil` for a character outside the alphabet (including `=`), a length that no
    ///   byte string encodes to (4k + 1), or non-zero unused bits in the last character.
    public static func decode(_ characters: some Collection<UInt8>) -> [UInt8]? {
        let input = Array(characters)
        guard input.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator = 0
        var bits = 0
        for character in input {
            let value = Int(values[Int(character)])
            guard value >= 0 else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> bits))
                accumulator &= (1 << bits) - 1
            }
        }
        // Canonical: the 2 or 4 bits left over are zero.
        guard accumulator == 0 else { return nil }
        return output
    }
}
