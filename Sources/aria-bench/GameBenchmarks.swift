import Catalogue
import GameKit

/// The games' own figures (`GameModule.benchmarks`), run by name or all together.
enum GameBenchmarks {
    /// Every game's benchmarks, in the lobby's order.
    static var all: [any GameBenchmark] { Catalogue.games.games.flatMap(\.benchmarks) }

    /// Their names.
    static var names: [String] { all.map(\.name) }

    /// The benchmark called `name`, run; nil when no game has one.
    static func run(named name: String) -> BenchReport? {
        guard let benchmark = all.first(where: { $0.name == name }) else { return nil }
        return report(benchmark)
    }

    /// Every game's benchmarks, one report, each figure named after its benchmark.
    static func runAll() -> BenchReport {
        var report = BenchReport()
        for benchmark in all {
            for figure in benchmark.run(arguments: arguments, note: printError) {
                report.add(benchmark.name + "." + figure.name, figure.value, decimals: figure.decimals)
            }
        }
        return report
    }

    private static func report(_ benchmark: any GameBenchmark) -> BenchReport {
        var report = BenchReport()
        for figure in benchmark.run(arguments: arguments, note: printError) {
            report.add(figure.name, figure.value, decimals: figure.decimals)
        }
        return report
    }
}
