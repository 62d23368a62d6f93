#pragma once
// Input pointers are const, so Swift sees them as UnsafePointer.
#define ZLIB_CONST
#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the library version and the size of
// z_stream), which Swift cannot call; these wrappers fix the gzip framing too.

/// Starts decoding one gzip member: windowBits 15 plus 16 means gzip framing, whose CRC-32
/// and length trailer zlib checks when the member ends.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

/// Starts encoding one gzip member at `level` (1-9), with zlib's default memory level (8).
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
