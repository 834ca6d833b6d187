// libFuzzer entry point for MentionKit's fuzz targets.
//
// `Tests/Fuzz/fuzz.sh` compiles this folder together with the library's sources into one
// module (so the targets can reach internal API) with `-sanitize=fuzzer,address`. The target is
// chosen by the `MENTIONKIT_FUZZ_TARGET` environment variable. A broken invariant traps through
// `fuzzCheck`, which libFuzzer reports as a crash and saves the input.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fuzz target: takes arbitrary bytes, checks invariants, traps on a violation.
typealias FuzzTarget = @Sendable (inout FuzzInput) -> Void

/// Every fuzz target by name; `fuzz.sh` runs each one (it asks the binary for this list).
///
/// To add a target: write `Targets/<Name>Fuzz.swift` with a `run(_:)` that checks invariants
/// with `fuzzCheck`, add a line here, and give it seed control bytes in `make_corpus.py`.
let fuzzTargets: [String: FuzzTarget] = [
  "detect": DetectionFuzz.run,
  "extract-twitter": ExtractionFuzz.runTwitter,
  "extract-chat": ExtractionFuzz.runChat,
  "composer": ComposerFuzz.run,
  "wire": WireFuzz.run,
]

/// libFuzzer calls this once before fuzzing; with `MENTIONKIT_FUZZ_LIST` set it prints the
/// target names, one a line, and exits (`fuzz.sh` reads the list this way).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  if getenv("MENTIONKIT_FUZZ_LIST") != nil {
    print(fuzzTargets.keys.sorted().joined(separator: "\n"))
    exit(0)
  }
  return 0
}

/// The target chosen once from the environment.
let selectedTarget: FuzzTarget = {
  guard let name = getenv("MENTIONKIT_FUZZ_TARGET").map({ String(cString: $0) }),
    let target = fuzzTargets[name]
  else {
    let names = fuzzTargets.keys.sorted().joined(separator: ", ")
    fatalError("set MENTIONKIT_FUZZ_TARGET to one of: \(names)")
  }
  return target
}()

/// Whether targets print what they do (`MENTIONKIT_FUZZ_TRACE=1`, for replaying one input).
let fuzzTraces = getenv("MENTIONKIT_FUZZ_TRACE") != nil

/// Prints a line when tracing.
func fuzzTrace(_ line: @autoclosure () -> String) {
  guard fuzzTraces else { return }
  let bytes = Array((line() + "\n").utf8)
  _ = bytes.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
}

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
  selectedTarget(&input)
  return 0
}

/// Traps with a message when an invariant does not hold.
func fuzzCheck(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() {
    fatalError("invariant broken: \(message())", file: file, line: line)
  }
}
