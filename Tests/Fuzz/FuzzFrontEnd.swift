/// libFuzzer target for throughput: arbitrary bytes through the front end only, where hostile
/// input enters the tool — lex, parse, check (imports served from the input itself, as in
/// `FuzzPipeline`), with the diagnostics' ranges checked and rendered as text and JSON.
///
/// Built without AddressSanitizer (`build.sh` gives it `-sanitize=fuzzer` alone): Swift's own
/// checks still trap on every out-of-bounds index and overflow, and the target runs tens of
/// times faster, fast enough for a ten-million-execution run on this machine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzPipeline.frontEnd(bytes[...])
    return 0
}
