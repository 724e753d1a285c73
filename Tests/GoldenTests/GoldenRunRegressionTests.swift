import Catalogue
import Foundation
import Golden
import Princess
import TestSupport
import Testing
import Trace

/// Regressions introduced on purpose into the runs of the real golden scenes (a sound cue
/// dropped, a delay between an expression and its magic, a haptic of another kind), checked
/// against a copy of the real golden traces and soundtracks: each fails `check` with words
/// that say what changed; the unchanged run passes.
@Suite struct GoldenRunRegressionTests {
    /// The real run with `regression` applied to its events (the soundtrack follows them).
    struct RegressedSource: GoldenRunSource {
        var regression: ([TraceEvent]) -> [TraceEvent] = { $0 }

        func run(of scene: GoldenScene, scenePath: String) throws -> GoldenRun {
            var run = try SimulatedGoldenSource(games: Catalogue.games).run(of: scene, scenePath: scenePath)
            run.trace = regression(run.trace)
            return run
        }
    }

    /// A copy of Golden/'s manifest, traces and soundtracks (no frames: only runs are checked).
    func goldenCopy() throws -> GoldenManifest {
        let folder = try makeTemporaryFolder() + "/Golden"
        let source = RepositoryRoot.path + "/Golden"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try manager.copyItem(atPath: source + "/manifest.yaml", toPath: folder + "/manifest.yaml")
        for game in Catalogue.games.ids where manager.fileExists(atPath: source + "/" + game + "/manifest.yaml") {
            try manager.createDirectory(atPath: folder + "/" + game, withIntermediateDirectories: true)
            try manager.copyItem(atPath: source + "/" + game + "/manifest.yaml", toPath: folder + "/" + game + "/manifest.yaml")
        }
        var manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        for scene in manifest.scenes {
            try manager.createDirectory(atPath: folder + "/" + scene.name, withIntermediateDirectories: true)
            for name in [GoldenRunTolerance.traceFileName, GoldenRunTolerance.soundFileName] {
                try manager.copyItem(atPath: source + "/" + scene.name + "/" + name, toPath: folder + "/" + scene.name + "/" + name)
            }
        }
        // The scenes stay where they are in the repository.
        for index in manifest.scenes.indices {
            manifest.scenes[index].sceneFile = source + "/" + manifest.scenes[index].sceneFile
        }
        return manifest
    }

    func check(_ sceneName: String, _ regression: @escaping ([TraceEvent]) -> [TraceEvent]) throws -> GoldenSceneResult {
        let manifest = try goldenCopy()
        let report = manifest.folder + "/../report"
        var checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: report)
        checker.parts = [.traces, .sound]
        checker.runSource = RegressedSource(regression: regression)
        return try checker.check(manifest.scenes.first { $0.name == sceneName }!)
    }

    /// Times as the trace stamps them after `delay`: the frame moves with the time.
    static func delayed(_ event: TraceEvent, by delay: Double) -> TraceEvent {
        var moved = event
        moved.t = ((event.t + delay) * 10_000).rounded() / 10_000
        moved.frame = Int((moved.t * 30).rounded(.up))
        return moved
    }

    /// The expressions' magic (and its sound) 0.25 s late: a trace and sound that differ and
    /// the latency rule broken.
    static func lateMagic(_ events: [TraceEvent]) -> [TraceEvent] {
        var kept: [TraceEvent] = [], late: [TraceEvent] = []
        var magicCharacter: String?
        for event in events {
            if event.text("cause") == "expression" && (event.event == "action_start" || event.event == "effect_start") {
                magicCharacter = event.character
                late.append(Self.delayed(event, by: 0.25))
            } else if event.event == "sound", let character = magicCharacter, event.character == character,
                      let last = late.last, abs(last.t - 0.25 - event.t) < 0.001 {
                late.append(Self.delayed(event, by: 0.25))
            } else {
                magicCharacter = nil
                kept.append(event)
            }
        }
        return (kept + late).enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
    }

    @Test func theUnchangedRunsPassEveryPart() throws {
        let manifest = try goldenCopy()
        let checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: nil)
        var parts = checker
        parts.parts = [.traces, .sound]
        for scene in manifest.scenes {
            let result = try parts.check(scene)
            #expect(result.passed, "\(scene.name): \(result.run.problems)")
            #expect(result.run.trace?.identical == true && result.run.sound?.identical == true)
            // Every rule the manifests give the scene is checked (its game's, its own and those of
            // every game), and those its scene file writes.
            let written = try SimulatedGoldenSource(games: Catalogue.games).run(of: scene, scenePath: manifest.scenePath(scene)).rules.count
            #expect(result.run.rules.count == manifest.rules(of: scene).count + written && result.run.rules.count >= 3, "\(scene.name)")
            #expect(result.run.rules.allSatisfy { $0.violations.isEmpty })
            #expect(result.frames.isEmpty, "nothing was drawn")
        }
    }

    @Test func aDroppedSoundCueIsMissingFromTheTraceAndTheSound() throws {
        // The twirl's sound at 2.7 s, alone at its moment, no longer plays.
        let result = try check("princess/default") { events in
            events.filter { !($0.event == "sound" && $0.text("sound") == "twirl" && abs($0.t - 2.7) < 0.001) }
        }
        #expect(!result.passed)
        let trace = try #require(result.run.trace)
        #expect(trace.differences.map(\.words) == ["t=2.70 sound twirl rosie: no longer happens"])
        let sound = try #require(result.run.sound)
        #expect(!sound.identical)
        #expect(sound.differences.map(\.words).contains { $0.hasPrefix("t=2.70 sound twirl (rosie): no longer heard") },
                "\(sound.differences.map(\.words))")
        let picture = try #require(sound.picturePath)
        #expect(FileManager.default.fileExists(atPath: picture))
        #expect(result.run.problems.contains { $0.hasPrefix("sound: ") && $0.contains("twirl") })
    }

    @Test func aDelayBetweenAnExpressionAndItsMagicBreaksTheLatencyRule() throws {
        let result = try check("princess/face-magic", Self.lateMagic)
        let trace = try #require(result.run.trace)
        #expect(trace.differences.contains { $0.words == "t=0.70 effect_start sparkles crystal: now at t=0.95, 0.25 s later" },
                "\(trace.differences.map(\.words))")
        let latency = try #require(result.run.rules.first { $0.rule.name == "expression-latency" })
        #expect(latency.violations.first?.message
                == "t=0.70 expression smile: no action_start or effect_start with cause expression within 0.3 s of the latency before it; "
                + "the next came at t=0.95, 0.35 s after")
        #expect(result.run.problems.contains { $0.hasPrefix("rule expression-latency broken") })
        let sound = try #require(result.run.sound)
        #expect(sound.differences.contains { $0.kind == .moved && $0.words.contains("starts 0.25 s later") },
                "\(sound.differences.map(\.words))")
    }

    @Test func aHapticOfAnotherKindIsAChangedFieldAndABrokenPromise() throws {
        // A spawn by a tap is felt as medium instead of heavy.
        let result = try check("princess/gestures") { events in
            var spawned: String?
            return events.map { event in
                if event.event == "spawn", event.text("cause") == "tap" { spawned = event.character; return event }
                guard case .haptic(.heavy, let character)? = event.kind, character == spawned else { return event }
                spawned = nil
                return TraceEvent(t: event.t, frame: event.frame, kind: .haptic(.medium, character: character))
            }
        }
        let trace = try #require(result.run.trace)
        #expect(trace.differences.first?.words == "t=0.20 haptic heavy sparkle: kind heavy → medium", "\(trace.differences.map(\.words))")
        #expect(trace.differences.allSatisfy { $0.kind == .changed })
        let felt = try #require(result.run.rules.first { $0.rule.name == "spawn-is-felt" })
        #expect(felt.violations.first?.message == "t=0.20 spawn sparkle: no haptic with kind heavy of the same character within 0 s")
        #expect(result.run.sound?.identical == true, "a haptic is not heard")
    }
}
