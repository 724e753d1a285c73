import ECS
import Effects
import GameKit
import Princess
import PrincessSync

/// Steps per second of a shared session of 8 peers with 50 princesses on
/// a busy, lossy network (target: 600, ten times real time at 60 steps a second), beside the
/// same 8 worlds with the same inputs and no session, so the cost of syncing shows as a ratio.
struct PrincessSyncBenchmark: GameBenchmark {
    let name = "sync"

    static let peers = 8
    static let princesses = 50
    static let seconds = 10.0

    func run(arguments: [String], note: (String) -> Void) -> [BenchmarkFigure] {
        let peers = Self.peers, princesses = Self.princesses, seconds = Self.seconds
        let scene = Self.busyScene()
        let steps = Int(seconds * Double(scene.simulationRate))
        var counts = SessionCounts()
        var agreedAtEnd = false
        let synced = BenchmarkTiming.fastestNanoseconds(trials: 3) {
            let session = SharedSession(scene: scene, width: 320, height: 180)
            for _ in 0..<steps / 60 {
                session.run(steps: 60)
                _ = session.drainTrace()
            }
            counts = session.counts
            agreedAtEnd = session.agrees
        }
        var unsynced = scene
        unsynced.session = nil
        let plain = BenchmarkTiming.fastestNanoseconds(trials: 3) {
            let worlds = (0..<peers).map { index -> SceneSimulation in
                var own = unsynced
                own.timeline = scene.timeline.filter { $0.peer == "p\(index + 1)" }
                return SceneSimulation(scene: own, width: 320, height: 180)
            }
            for _ in 0..<steps / 60 {
                for world in worlds { world.stepOnce() }
                for _ in 1..<60 { for world in worlds { world.stepOnce() } }
                for world in worlds { _ = world.drainTrace() }
            }
        }
        return [
            BenchmarkFigure("peers", Double(peers), decimals: 0),
            BenchmarkFigure("princesses", Double(princesses), decimals: 0),
            BenchmarkFigure("steps", Double(steps), decimals: 0),
            BenchmarkFigure("sync_steps_per_s", Double(steps) / (synced / 1e9), decimals: 1),
            BenchmarkFigure("unsynced_steps_per_s", Double(steps) / (plain / 1e9), decimals: 1),
            BenchmarkFigure("sync_cost_ratio", synced / plain, decimals: 2),
            BenchmarkFigure("messages_sent", Double(counts.sent), decimals: 0),
            BenchmarkFigure("copies_delivered", Double(counts.delivered), decimals: 0),
            BenchmarkFigure("copies_lost", Double(counts.lost), decimals: 0),
            BenchmarkFigure("copies_rejected", Double(counts.rejected), decimals: 0),
            BenchmarkFigure("agreed_at_end", agreedAtEnd ? 1 : 0, decimals: 0),
        ]
    }

    /// 50 princesses on the floor; every tenth of a second a peer drags one, every half
    /// second one pinches, actions and effects every second; 10% loss, duplicates,
    /// reordering and damaged bytes.
    static func busyScene() -> SceneDescription {
        let kinds = CharacterKind.allCases
        let cast = (0..<princesses).map { index in
            CharacterPlacement(id: "p\(index)", kind: kinds[index % kinds.count],
                               position: Vec2(60 + Float(index % 10) * 128, 460 + Float(index / 10) * 60))
        }
        var random = SeededRandom(seed: 17).stream("bench")
        var timeline: [TimelineEntry] = []
        var time = 0.1
        while time < seconds - 1 {
            let peer = "p\(random.nextInt(below: peers) + 1)"
            let target = GesturePoint.character("p\(random.nextInt(below: princesses))")
            let to = Vec2(random.next(in: 40...1240), random.next(in: 440...700))
            var entry = TimelineEntry(time: time, input: .drag(from: target, to: to, duration: 0.6))
            entry.peer = peer
            timeline.append(entry)
            let tenth = Int((time * 10).rounded())
            if tenth % 5 == 0 {
                var pinch = TimelineEntry(time: time, input: .pinch(on: .character("p\(random.nextInt(below: princesses))"),
                                                                    change: .scale(random.next(in: 0.6...1.8)), duration: 0.4))
                pinch.peer = "p\(random.nextInt(below: peers) + 1)"
                timeline.append(pinch)
            }
            if tenth % 10 == 0 {
                var action = TimelineEntry(time: time, input: .action(.dance, target: .character("p\(random.nextInt(below: princesses))")))
                action.peer = "p\(random.nextInt(below: peers) + 1)"
                var effect = TimelineEntry(time: time, input: .effect(.sparkles, place: .character("p\(random.nextInt(below: princesses))"), duration: 1))
                effect.peer = "p\(random.nextInt(below: peers) + 1)"
                timeline += [action, effect]
            }
            time += 0.1
        }
        var scene = SceneDescription(name: "sync-bench", canvasWidth: 1280, canvasHeight: 720, seed: 17, duration: seconds,
                                     backdrop: .playroom, limits: SceneLimits(maxCharacters: princesses, minSpawnDistance: 40),
                                     characters: cast, timeline: timeline)
        var session = SessionDescription(peers: (1...peers).map { SessionPeer(name: "p\($0)") })
        session.network.latency = 0.08
        session.network.jitter = 0.05
        session.network.loss = 0.1
        session.network.duplicate = 0.05
        session.network.reorder = 0.1
        session.network.corrupt = 0.01
        scene.session = session
        return scene
    }
}
