#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux) && canImport(GlibcMalloc)
import GlibcMalloc

// glibc's allocator, by default, serves every block above a moving threshold (128 KB at first)
// with its own `mmap` and hands freed memory back to the kernel (`munmap`, heap trimming). A
// large spec grows many big arrays by doubling, so each growth mapped fresh pages and unmapped
// the old ones: at 10^6 states that churn was 5–6 s of system time in a 12 s `check`. Blocks up
// to 32 MB (glibc's ceiling for this setting) now come from the heap, and the heap is never
// trimmed, so freed blocks are reused instead of faulted in again. The process is short-lived
// and keeps its compilations until exit anyway (`Frontend.keepUntilExit`).
//
// Called directly (not looked up with `dlsym`, which finds nothing in a statically linked
// executable), so the setting holds in the release build too.
_ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
_ = mallopt(M_TRIM_THRESHOLD, Int32.max)
#endif

exit(LifecycleTool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
