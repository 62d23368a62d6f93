import Foundation
import JSONCore
import TestSupport

/// Python's `json` module as an independent peer: it reads the same bytes and reports what
/// it understood, in a canonical form that `canonical(_:)` also computes from a `JSONValue`.
///
/// The canonical form keeps everything a strict reader must get right and nothing it may
/// choose freely: `n`, `t`, `f`; `i` + an integer's decimal digits; `d` + the hexadecimal
/// bit pattern of a fraction or exponent number; `s` + a string's UTF-8 in hex; arrays and
/// objects with their members in order, duplicate keys kept.
enum PythonJSONPeer {
    /// Python prelude: strictness where `json` is lenient (NaN/Infinity, lone surrogates).
    static let prelude = #"""
        import json, struct, sys
        class Pairs(list): pass
        def reject_constant(name): raise ValueError('non-standard constant ' + name)
        def load(text): return json.loads(text, object_pairs_hook=Pairs, parse_constant=reject_constant)
        def canon(v):
            if isinstance(v, Pairs): return '{' + ','.join(canon(k) + ':' + canon(x) for k, x in v) + '}'
            if isinstance(v, list): return '[' + ','.join(canon(x) for x in v) + ']'
            if v is None: return 'n'
            if v is True: return 't'
            if v is False: return 'f'
            if isinstance(v, int): return 'i' + str(v)
            if isinstance(v, float): return 'd' + format(struct.unpack('<Q', struct.pack('<d', v))[0], 'x')
            return 's' + v.encode('utf-8').hex()
        """#

    /// Evaluates the Python expression `expression` (over `text`, the document decoded as
    /// strict UTF-8) for each document. A result is nil when Python rejected the document.
    static func evaluate(_ expression: String, over documents: [[UInt8]]) throws -> [String?] {
        let script =
            prelude + "\n" + #"""
                data = sys.stdin.buffer.read()
                position = 0
                lines = []
                while position < len(data):
                    (size,) = struct.unpack('>I', data[position:position + 4])
                    raw = data[position + 4:position + 4 + size]
                    position += 4 + size
                    try:
                        text = raw.decode('utf-8')
                        lines.append('ok ' + (\#(expression)).encode('utf-8').hex())
                    except (ValueError, RecursionError) as error:
                        lines.append('err ' + type(error).__name__)
                sys.stdout.write(''.join(line + '\n' for line in lines))
                """#
        var input = Data()
        for document in documents {
            withUnsafeBytes(of: UInt32(document.count).bigEndian) { input.append(contentsOf: $0) }
            input.append(contentsOf: document)
        }
        let output = try ProcessRunner.python(script, stdin: input)
        guard output.status == 0 else { throw PeerFailure(message: output.stderrText) }
        let lines = output.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count == documents.count else {
            throw PeerFailure(message: "expected \(documents.count) results, got \(lines.count): \(output.stderrText)")
        }
        return lines.map { line in
            guard line.hasPrefix("ok ") else { return nil }
            return String(decoding: hexBytes(line.dropFirst(3)), as: UTF8.self)
        }
    }

    /// Python's canonical form of each document, nil where Python rejected it.
    static func canonicalForms(of documents: [[UInt8]]) throws -> [String?] {
        try evaluate("canon(load(text))", over: documents)
    }

    /// The canonical form of a parsed value, read through `JSONValue`.
    static func canonical(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "n"
        case .true: return "t"
        case .false: return "f"
        case .number:
            let text = value.numberText ?? "?"
            if value.isIntegerLiteral { return "i" + (text == "-0" ? "0" : text) }
            return "d" + String(value.double?.bitPattern ?? 0, radix: 16)
        case .string:
            return "s" + hex(Array((value.string ?? "").utf8))
        case .array:
            return "[" + value.elements.map(canonical).joined(separator: ",") + "]"
        case .object:
            return "{"
                + value.fields.map { "s" + hex(Array($0.key.utf8)) + ":" + canonical($0.value) }.joined(separator: ",")
                + "}"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func hexBytes(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    struct PeerFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { "Python failed: \(message)" }
    }
}
