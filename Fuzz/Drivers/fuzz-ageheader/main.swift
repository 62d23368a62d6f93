import FuzzDriver
import FuzzHarnesses

/// libFuzzer's entry: one input through the `ageheader` harness (Docs/reliability.md).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHarness.ageHeader.run(UnsafeRawBufferPointer(start: data, count: size)).rawValue
}

LibFuzzer.run(testOneInput)
