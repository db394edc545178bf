/// libFuzzer target: arbitrary bytes through the whole pipeline.
///
/// Lex, parse, check (with `import "Other.lifecycle"` served from the input itself), render
/// the diagnostics as text and JSON, then, when the spec checks, generate Swift and DOT and run
/// `check --impl` and `swift --update`. See `FuzzSupport.swift` for the input layout and the
/// invariants, and `Tests/Fuzz/README.md` for how to build and run it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzPipeline.run(bytes[...])
    return 0
}
