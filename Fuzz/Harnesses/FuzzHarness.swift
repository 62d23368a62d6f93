/// The fuzzing harnesses: each takes any bytes and runs one reader of untrusted input on them
/// the way the tool would. Whatever the bytes, a harness must return: an error the code under
/// test throws is a correct refusal, while a crash — a trap, an overflow, a failed
/// precondition, a memory error the address sanitizer sees, a hang — is a bug.
///
/// `make fuzz` runs each harness under libFuzzer (`Fuzz/Drivers/fuzz-<name>`), and
/// `FuzzCrashReplayTests` feeds every input saved under `Tests/Fixtures/fuzz/<name>/` to the
/// same ``run(_:)`` in the normal test build. See Docs/reliability.md.
public enum FuzzHarness: String, CaseIterable, Sendable {
    /// The JSON parser, its document view and scalars, the array stream and splitter, and the
    /// writer's round trip.
    case json
    /// The tar archive reader with its limits (tight ones, so the fuzzer reaches them), over
    /// zstd, gzip or plain tar, and the backup archive reader on top: manifest first,
    /// sections checked against it.
    case archive
    /// The manifest decoder, and its round trip through the encoder.
    case manifest
    /// The version 1 and 2 readers (plain and gzip-compressed JSON), the upgraders — run on
    /// every document that parses, validated or not — and the validation of the result.
    case legacy
    /// The binary property-list reader, and the store it decodes read as `export` reads it.
    case plist
    /// The age header parser, and the decryptor that reads a header through it and unwraps
    /// the file key with a test key and passphrase (scrypt's work factor kept low), read whole
    /// and in pieces.
    case ageHeader = "ageheader"

    /// What libFuzzer should do with an input: keep it, or leave it out of the corpus.
    public enum Verdict: Int32, Sendable {
        /// Keep the input if it reached new code (libFuzzer's `0`).
        case keep = 0
        /// The input is not for this harness (say, not a binary property list): never keep it
        /// (libFuzzer's `-1`).
        case reject = -1
    }

    /// Runs the harness on `input`.
    @discardableResult
    public func run(_ input: UnsafeRawBufferPointer) -> Verdict {
        switch self {
        case .json: FuzzHarness.fuzzJSON(input)
        case .archive: FuzzHarness.fuzzArchive(input)
        case .manifest: FuzzHarness.fuzzManifest(input)
        case .legacy: FuzzHarness.fuzzLegacy(input)
        case .plist: FuzzHarness.fuzzPropertyList(input)
        case .ageHeader: FuzzHarness.fuzzAgeHeader(input)
        }
    }

    /// Runs the harness on `input`.
    @discardableResult
    public func run(_ input: [UInt8]) -> Verdict {
        input.withUnsafeBytes { run($0) }
    }
}
