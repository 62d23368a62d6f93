import Glibc

extension UnsafeMutableRawBufferPointer {
    /// Asks the kernel to back the buffer with 2 MiB pages where it can (`MADV_HUGEPAGE`).
    ///
    /// For a section of a hundred megabytes or more that is written once and then parsed
    /// whole: filling it takes one page fault per 2 MiB instead of one per 4 KiB, and parsing
    /// it misses the TLB less. Measured on the large benchmark backup, validate spends about
    /// 0.1 s less in the kernel. Only the whole 2 MiB pages inside the buffer are advised; the
    /// advice is a hint, and a kernel that does not take it changes nothing.
    func adviseHugePages() {
        let hugePage = 2 << 20
        guard let base = baseAddress else { return }
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + count) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }
}
