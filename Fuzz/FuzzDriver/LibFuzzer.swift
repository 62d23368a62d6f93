import CLibFuzzer
import Foundation

/// Starts libFuzzer in a harness executable.
///
/// `-sanitize=fuzzer` links libFuzzer's own `main`, but SwiftPM points `main` at the
/// executable's entry point (`--defsym main=<module>_main`, so tests can link executables),
/// and that wins. So each driver's `main.swift` defines `LLVMFuzzerTestOneInput` with
/// `@_cdecl` and hands it to libFuzzer's driver here, with the command line — which is
/// exactly what libFuzzer's `main` does.
public enum LibFuzzer {
    /// Runs libFuzzer on `testOneInput` with this process's arguments, then exits with its status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
