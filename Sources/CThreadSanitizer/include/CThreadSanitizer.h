#pragma once
// Tells ThreadSanitizer about a lock it cannot see (Concurrency's Locked, over
// Synchronization.Mutex). In a build without -fsanitize=thread both do nothing.

/// The lock at `address` has just been taken: what its last holder did happened before.
void backupctl_tsan_acquire(const void *address);
/// The lock at `address` is about to be given up: what this thread did happens before its next holder.
void backupctl_tsan_release(const void *address);
