#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
// glibc's allocator, by default, serves every block above a moving threshold (128 KB at first)
// with its own `mmap` and hands freed memory back to the kernel (`munmap`, heap trimming). A
// large spec grows many big arrays by doubling, so each growth mapped fresh pages and unmapped
// the old ones: at 10^6 states that churn was 5–6 s of system time in a 12 s `check`. Blocks up
// to 32 MB (glibc's ceiling for this setting) now come from the heap, and the heap is never
// trimmed, so freed blocks are reused instead of faulted in again. The process is short-lived
// and keeps its compilations until exit anyway (`Frontend.keepUntilExit`).
//
// `mallopt` is declared in <malloc.h>, which the Glibc module does not import, so it is looked
// up by name. The cast is safe: glibc's `int mallopt(int param, int value)` has exactly this C
// signature. The constants are glibc's `M_TRIM_THRESHOLD` (-1) and `M_MMAP_THRESHOLD` (-3).
if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(-3, 32 << 20)
    _ = mallopt(-1, Int32.max)
}
#endif

exit(LifecycleTool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
