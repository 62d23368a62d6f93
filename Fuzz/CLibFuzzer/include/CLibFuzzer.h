#pragma once
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver as a function (compiler-rt's FuzzerDriver.cpp): parses libFuzzer's
/// command line and fuzzes `callback` until a limit or a crash. Linked from
/// libclang_rt.fuzzer by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
