// On glibc, `mallopt` and its `M_*` parameters; elsewhere nothing (the CLI checks with
// `#if canImport(GlibcMalloc) && os(Linux)`).
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
