#if canImport(Glibc)
import Glibc
#endif

// aria-bench: speed figures against their targets, one JSON object per subcommand.
// Build with `-c release`; figures from a debug build mean nothing.

let arguments = Array(CommandLine.arguments.dropFirst())
let benchmarks: [String: () -> BenchReport] = [
    "ecs": ECSBenchmark.run,
    "diff": DiffBenchmark.run,
    "effects": EffectsBenchmark.run,
    "render": RenderBenchmark.run,
    "gif": GIFBenchmark.run,
    "png": PNGBenchmark.run,
    "growth": GrowthBenchmark.run,
    "farm": FarmBenchmark.run,
    "games": GameBenchmarks.runAll,
    "kiosk-soak": KioskSoakBenchmark.run,
    "studio": StudioBenchmark.run,
]

if let name = arguments.first, let benchmark = benchmarks[name] {
    print(benchmark().json)
} else if let name = arguments.first, let report = GameBenchmarks.run(named: name) {
    print(report.json)
} else {
    let known = (benchmarks.keys.sorted() + GameBenchmarks.names).joined(separator: ", ")
    printError("usage: aria-bench <\(known)>")
    exit(2)
}
