// The declaration of libFuzzer's driver, for Swift; the definition is in libFuzzer's runtime.
#include "CLibFuzzer.h"
