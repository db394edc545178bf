#if os(Linux) && canImport(GlibcMalloc)
import GlibcMalloc
#endif

/// The process's memory allocator, set up for compiling large specs.
enum Allocator {
    /// On Linux, tells glibc's allocator to keep big blocks in the heap; elsewhere does nothing.
    ///
    /// glibc's allocator, by default, serves every block above a moving threshold (128 KB at
    /// first) with its own `mmap` and hands freed memory back to the kernel (`munmap`, heap
    /// trimming). A large spec grows many big arrays by doubling, so each growth mapped fresh
    /// pages and unmapped the old ones. Blocks up to 32 MB (glibc's ceiling for this setting)
    /// now come from the heap, and the heap is never trimmed, so freed blocks are reused
    /// instead of faulted in again. The process is short-lived and keeps its compilations
    /// until exit anyway (`Frontend.keepUntilExit`). The Performance article has the figures.
    ///
    /// `mallopt` is called directly (not looked up with `dlsym`, which finds nothing in a
    /// statically linked executable), so the setting holds in the release build too.
    static func tuneForLargeInputs() {
        #if os(Linux) && canImport(GlibcMalloc)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
        #endif
    }
}
