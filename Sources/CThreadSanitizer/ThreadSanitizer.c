#include "CThreadSanitizer.h"

// SwiftPM's --sanitize=thread compiles C targets with -fsanitize=thread too.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BACKUPCTL_THREAD_SANITIZER 1
#endif
#endif

#ifdef BACKUPCTL_THREAD_SANITIZER
// ThreadSanitizer's runtime (<sanitizer/tsan_interface.h>, which the toolchain does not ship on
// the include path).
void __tsan_acquire(void *address);
void __tsan_release(void *address);

void backupctl_tsan_acquire(const void *address) { __tsan_acquire((void *)address); }
void backupctl_tsan_release(const void *address) { __tsan_release((void *)address); }
#else
void backupctl_tsan_acquire(const void *address) { (void)address; }
void backupctl_tsan_release(const void *address) { (void)address; }
#endif
