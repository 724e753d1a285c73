import Foundation

/// The farm figures, with the real tool (`aria-render` beside this program) in
/// child processes: `farm_speedup_2`, a 1080p render as one process pinned to one core
/// against two shards each pinned to a core of its own plus `assemble` (this machine's two
/// cores standing in for two one-core machines), and `assemble_s`, joining the pieces of a
/// 10-minute 720p render.
enum FarmBenchmark {
    static func run() -> BenchReport {
        var report = BenchReport()
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aria-render").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            printError("farm: \(tool) is missing; build it with `swift build -c release --product aria-render`")
            report.add("farm_speedup_2", -1)
            return report
        }
        let folder = NSTemporaryDirectory() + "aria-bench-farm-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let clip = ["--size", "1920x1080", "--quiet"]
        var single = Double.infinity, sharded = Double.infinity
        for trial in 0..<2 {
            single = min(single, time { _ = runAll([["taskset", "-c", "0", tool, "render"] + clip + ["-o", "\(folder)/single.mp4"]]) })
            let pieces = "\(folder)/pieces-\(trial)"
            sharded = min(sharded, time {
                _ = runAll((0..<2).map { ["taskset", "-c", "\($0)", tool, "render"] + clip + ["--shard", "\($0)/2", "-o", pieces] })
                _ = runAll([[tool, "assemble", pieces, "-o", "\(folder)/joined.mp4", "--quiet"]])
            })
        }
        printError(String(format: "farm: 1080p default scene, one core %.2f s, 2 shards on a core each plus assemble %.2f s", single, sharded))
        report.add("farm_speedup_2", single / sharded, decimals: 3)
        // The same in CPU seconds, immune to other load on the machine: the single process's
        // against the longer shard's plus assemble's (each run alone, its children included).
        let cpu = { (command: [String]) -> Double in
            let before = cpuSeconds().children
            _ = runAll([command])
            return cpuSeconds().children - before
        }
        let singleCPU = cpu(["taskset", "-c", "0", tool, "render"] + clip + ["-o", "\(folder)/single.mp4"])
        let shardCPU = (0..<2).map { cpu(["taskset", "-c", "\($0)", tool, "render"] + clip + ["--shard", "\($0)/2", "-o", "\(folder)/cpu"]) }
        let assembleCPU = cpu([tool, "assemble", "\(folder)/cpu", "-o", "\(folder)/joined.mp4", "--quiet"])
        printError(String(format: "farm: CPU seconds: one process %.2f, shards %.2f and %.2f, assemble %.2f",
                          singleCPU, shardCPU[0], shardCPU[1], assembleCPU))
        report.add("farm_speedup_2_cpu", singleCPU / (shardCPU.max()! + assembleCPU), decimals: 3)
        report.add("load_average", loadAverage(), decimals: 1)

        // Ten minutes at 720p: 18,000 frames in 4 pieces, two at a time (one per core).
        let scene = folder + "/ten-minutes.yaml"
        let text = BenchScene.text.replacingOccurrences(of: "\nduration: 10\n", with: "\nduration: 600\n")
        try? text.write(toFile: scene, atomically: true, encoding: .utf8)
        let long = "\(folder)/long"
        for pair in [[0, 1], [2, 3]] {
            guard runAll(pair.map { ["taskset", "-c", "\($0 % 2)", tool, "render", scene, "--shard", "\($0)/4", "-o", long, "--quiet"] }) else {
                printError("farm: the 10-minute pieces failed")
                report.add("assemble_s", -1)
                return report
            }
        }
        var assemble = Double.infinity
        for _ in 0..<3 {
            assemble = min(assemble, time { _ = runAll([[tool, "assemble", long, "-o", "\(folder)/long.mp4", "--quiet"]]) })
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: "\(folder)/long.mp4")[.size] as? Int) ?? 0
        printError(String(format: "farm: assembled 10 minutes of 720p (%.1f MB) in %.3f s", Double(size) / 1e6, assemble))
        report.add("assemble_s", assemble, decimals: 3)
        return report
    }

    private static func time(_ body: () -> Void) -> Double {
        seconds(ContinuousClock().measure(body))
    }

    /// Runs the commands at once and waits for all; true when every one exited 0.
    private static func runAll(_ commands: [[String]]) -> Bool {
        let processes = commands.map { command -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
            try? process.run()
            return process
        }
        var ok = true
        for process in processes {
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                printError("farm: \(process.arguments?.joined(separator: " ") ?? "") exited \(process.terminationStatus)")
                ok = false
            }
        }
        return ok
    }
}
