import Catalogue
import Golden

/// `check_traces_s` (the target: under a second for the whole set): `check --only traces` of
/// Golden/ in process, every scene run without drawing, its trace compared with the golden
/// and every rule checked; `check_sound_s`, the soundtracks compared the same way; and
/// `check_all_s` (the target: within 10 s with every game), the whole check — every golden
/// frame drawn and compared besides — of every scene of every game.
enum CheckRunsBenchmark {
    static func add(to report: inout BenchReport) {
        guard let manifest = try? GoldenManifestReader.read(folder: "Golden", games: Catalogue.games) else { return }
        for (name, parts) in [("check_traces", GoldenParts.traces), ("check_sound", GoldenParts.sound), ("check_all", GoldenParts.all)] {
            var checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: nil)
            checker.parts = parts
            var passed = true, events = 0
            let seconds = fastestNanoseconds(trials: 3) {
                passed = true
                events = 0
                for scene in manifest.scenes {
                    guard let result = try? checker.check(scene) else { passed = false; continue }
                    passed = passed && result.passed
                    events += result.run.events
                }
            } / 1e9
            report.add(name + "_s", seconds)
            report.add(name + "_passed", passed ? 1 : 0, decimals: 0)
            if parts == .traces { report.add("check_traces_events", Double(events), decimals: 0) }
            if parts == .all { report.add("check_all_scenes", Double(manifest.scenes.count), decimals: 0) }
        }
    }
}
