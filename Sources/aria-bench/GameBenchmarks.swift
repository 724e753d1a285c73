import Catalogue
import Foundation
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

    /// The figure every game's hunt or scene is set beside: the princess scene at 720p with its HUD.
    static let reference = "princess-drawing.draw_fps_720p_hud"

    /// Every game's benchmarks, one report, each figure named after its benchmark; and each
    /// game's portrait draw rate (`…draw_fps_720x1280`) over the reference measured in the same
    /// run (`….vs_princess_720p`; the target, at most 1.2 × the princess scene's cost per pixel,
    /// is a ratio of at least 0.83).
    static func runAll() -> BenchReport {
        var report = BenchReport()
        var measured: [(name: String, value: Double)] = []
        for benchmark in all {
            for figure in benchmark.run(arguments: arguments, note: printError) {
                report.add(benchmark.name + "." + figure.name, figure.value, decimals: figure.decimals)
                measured.append((benchmark.name + "." + figure.name, figure.value))
            }
        }
        if let reference = measured.first(where: { $0.name == Self.reference })?.value, reference > 0 {
            for (name, value) in measured where name.hasSuffix("draw_fps_720x1280") {
                report.add(name.replacingOccurrences(of: "draw_fps_720x1280", with: "vs_princess_720p"), value / reference)
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
