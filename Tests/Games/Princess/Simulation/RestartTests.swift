import ECS
@testable import Princess
import Testing

/// Restarted actions never teleport: a new action while another runs moves no pose
/// parameter by more than a normal frame of animation does (docs/scene-format.md,
/// "Restarted actions").
@Suite struct RestartTests {
    /// The pose parameters an action drives, by name, with how a change of each is measured.
    static let parameters: [(name: String, value: (CharacterPose) -> Float)] = [
        ("wave_arm", \.waveArmAngle), ("other_arm", \.otherArmAngle), ("sway", \.sway), ("spin", \.spin),
        ("lift", \.lift), ("stretch", \.stretch), ("glow", \.glow), ("smile", \.smile),
    ]

    /// One princess (Crystal, 1280×720, 30 frames a second, 60 steps) and timeline inputs.
    static func scene(_ timeline: [TimelineEntry], duration: Double = 4.5, reduceMotion: Bool = false) -> SceneDescription {
        SceneDescription(name: "restart", canvasWidth: 1280, canvasHeight: 720, framesPerSecond: 30,
                         simulationRate: 60, seed: 3, duration: duration,
                         settings: SceneSettings(reduceMotion: reduceMotion, clapCooldown: 0),
                         characters: [CharacterPlacement(id: "crystal", kind: .crystal, position: Vec2(640, 600))],
                         timeline: timeline)
    }

    static func action(_ kind: ActionKind, at time: Double) -> TimelineEntry {
        TimelineEntry(time: time, input: .action(.builtIn(kind), target: .character("crystal")))
    }

    /// Her pose at every output frame of the scene.
    static func poses(_ scene: SceneDescription) -> [CharacterPose] { run(scene).poses }

    /// Her pose at every output frame, and in how many frames a carried pose was shown.
    static func run(_ scene: SceneDescription) -> (poses: [CharacterPose], carriedFrames: Int) {
        let simulation = SceneSimulation(scene: scene)
        var poses: [CharacterPose] = []
        var carriedFrames = 0
        for frame in 0...simulation.frameCount {
            simulation.advance(toFrame: frame)
            if let pose = simulation.snapshot().characters.first { poses.append(pose) }
            var carried = false
            simulation.world.query(CarriedPose.self).forEach { _, _ in carried = true }
            if carried { carriedFrames += 1 }
        }
        return (poses, carriedFrames)
    }

    /// The longest catch-up, in frames at 30 a second, that a restart of `first` by
    /// `second` may take (docs/scene-format.md): a quarter of a second; half a second after
    /// a twirl (she turns back to face the front); 1.4 s for a twirl restarted by a twirl
    /// about its half turn (she goes on turning forward until the new turn catches up).
    static func longestCatchUp(_ first: ActionKind, _ second: ActionKind) -> Int {
        first != .twirl ? 8 : second != .twirl ? 15 : 42
    }

    /// The largest change of each parameter from one frame to the next (the spin on the circle).
    static func largestChanges(_ poses: [CharacterPose]) -> [Float] {
        var largest = [Float](repeating: 0, count: parameters.count)
        for (before, after) in zip(poses, poses.dropFirst()) {
            for (index, parameter) in parameters.enumerated() {
                let a = parameter.value(before), b = parameter.value(after)
                let change = parameter.name == "spin" ? MotionPose.circularSpinGap(a, b) : abs(a - b)
                largest[index] = max(largest[index], change)
            }
        }
        return largest
    }

    /// The bound: the largest per-frame change of each parameter over every action played
    /// through without a restart, started at several steps (odd and even, so every frame
    /// alignment is seen) and idle phases, from idle and back to idle.
    static func normalBound(reduceMotion: Bool) -> [Float] {
        var bound = [Float](repeating: 0, count: parameters.count)
        for kind in ActionKind.allCases {
            for offset in 0..<8 {
                // 18 steps apart plus one every other time: odd and even starting steps.
                let start = 0.5 + Double(offset) * 0.3 + Double(offset % 2) / 60
                let changes = largestChanges(poses(scene([action(kind, at: start)], reduceMotion: reduceMotion)))
                bound = zip(bound, changes).map { max($0, $1) }
            }
        }
        return bound
    }

    static let bound = normalBound(reduceMotion: false)
    static let calmBound = normalBound(reduceMotion: true)

    private static func check(_ changes: [Float], within bound: [Float], _ label: String) {
        for (index, parameter) in parameters.enumerated() {
            #expect(changes[index] <= bound[index] + 1e-4,
                    "\(label): \(parameter.name) moved \(changes[index]) in one frame; a normal frame moves it at most \(bound[index])")
        }
    }

    /// Every pair of actions, the second started at every step of the first (every other
    /// step for the long ones): no parameter moves more in a frame than the bound.
    @Test(arguments: ActionKind.allCases)
    func restartingNeverMovesFasterThanANormalFrame(first: ActionKind) {
        let steps = Int((ActionState.duration(of: first) * 60).rounded())
        let stride = first == .jump ? 1 : 2
        for second in ActionKind.allCases {
            for step in Swift.stride(from: 1, to: steps, by: stride) {
                let restart = 0.5 + Double(step) / 60
                let (poses, carried) = Self.run(Self.scene([Self.action(first, at: 0.5), Self.action(second, at: restart)]))
                Self.check(Self.largestChanges(poses), within: Self.bound, "\(first) restarted by \(second) at step \(step)")
                #expect(carried <= Self.longestCatchUp(first, second), "\(first) restarted by \(second) at step \(step): \(carried) frames")
            }
        }
    }

    /// With reduce motion, within the (calmer) bound of the calmer animations.
    @Test(arguments: ActionKind.allCases)
    func restartingWithReduceMotion(first: ActionKind) {
        let steps = Int((ActionState.duration(of: first) * 60).rounded())
        for second in ActionKind.allCases {
            for step in Swift.stride(from: 1, to: steps, by: 5) {
                let restart = 0.5 + Double(step) / 60
                let scene = Self.scene([Self.action(first, at: 0.5), Self.action(second, at: restart)], reduceMotion: true)
                Self.check(Self.largestChanges(Self.poses(scene)), within: Self.calmBound,
                           "calm \(first) restarted by \(second) at step \(step)")
            }
        }
    }

    /// Restarts piling up (a clap every step, every few steps, two actions in one step):
    /// still within the bound.
    @Test(arguments: [1, 2, 3, 7, 12])
    func restartsInQuickSuccession(everySteps: Int) {
        var timeline = [Self.action(.twirl, at: 0.5)]
        var time = 0.6
        var kinds = ActionKind.allCases.makeIterator()
        while time < 2.5 {
            timeline.append(TimelineEntry(time: time, input: .clap))
            if everySteps > 2, let kind = kinds.next() { timeline.append(Self.action(kind, at: time)) }
            time += Double(everySteps) / 60
        }
        let poses = Self.poses(Self.scene(timeline, duration: 6))
        Self.check(Self.largestChanges(poses), within: Self.bound, "restarted every \(everySteps) steps")
        // Once the last action ends and the pose has caught up, she breathes idly again.
        #expect(poses.last?.action == nil && poses.last?.lift == 0)
    }

    /// The case seen in the kiosk: Crystal at the top of a jump (84 px up at 720p) when a
    /// clap restarts it. She used to land on the floor in one frame.
    @Test func aJumpRestartedInMidAirDoesNotSnapToTheFloor() throws {
        let start = 0.5, apex = 0.5 + 0.38  // a = 0.5 of the flight: 0.35 of her 240 px
        let scene = Self.scene([Self.action(.jump, at: start), TimelineEntry(time: apex, input: .clap)])
        let poses = Self.poses(scene)
        let restartFrame = Int((apex * 30).rounded(.up))
        let before = poses[restartFrame - 1].lift, after = poses[restartFrame].lift
        #expect(before > 83 && before < 85)
        #expect(before - after <= Self.bound[4] + 1e-4, "fell \(before - after) px in one frame")
        #expect(after > 60)
        // She comes down over a few frames (at most a normal frame's fall each), then jumps again.
        let later = poses[restartFrame...].prefix(30).map(\.lift)
        #expect(later.contains(0))
        #expect((later.max() ?? 0) > 80)
    }

    /// The carried pose catches up and goes away: the new action then plays exactly as it
    /// would have without the restart.
    @Test func theNewActionPlaysUnchangedOnceCaughtUp() {
        let restarted = Self.poses(Self.scene([Self.action(.dance, at: 0.5), Self.action(.wave, at: 1.0)]))
        let alone = Self.poses(Self.scene([Self.action(.wave, at: 1.0)]))
        // Frames before the restart: the dance; a little after it: the wave, the same.
        #expect(restarted[15] != alone[15])
        let caughtUp = (31..<60).first { restarted[$0] == alone[$0] }
        #expect(caughtUp != nil && caughtUp! <= 40, "caught up at frame \(caughtUp ?? -1)")
        #expect(Array(restarted[caughtUp!...]) == Array(alone[caughtUp!...]))
    }

    /// The carried pose is part of the deterministic state: the same scene, the same poses.
    @Test func restartsAreDeterministic() {
        let scene = Self.scene([Self.action(.twirl, at: 0.5), Self.action(.jump, at: 0.9), TimelineEntry(time: 1.1, input: .clap)])
        #expect(Self.poses(scene) == Self.poses(scene))
    }

    /// Without a restart nothing is carried: an action from idle poses as it always did.
    @Test func actionsFromIdleCarryNothing() {
        let simulation = SceneSimulation(scene: Self.scene([Self.action(.jump, at: 0.5), Self.action(.wave, at: 2)]))
        for frame in 0...simulation.frameCount {
            simulation.advance(toFrame: frame)
            var carried = false
            simulation.world.query(CarriedPose.self).forEach { _, _ in carried = true }
            #expect(!carried, "frame \(frame)")
        }
    }
}
