import Scene

/// The attract loop of a kiosk: the scene's timeline plays, and when it ends it starts
/// again, forever, with the scene's own seed every time or a fresh one each loop.
struct AttractLoop {
    /// The scene as loaded.
    let scene: SceneDescription
    /// Whether each loop after the first gets a new random seed (below 2^53, so that any JSON
    /// reader holds it exactly).
    let freshSeed: Bool
    /// Output size of every loop's snapshots.
    let width: Int
    let height: Int
    /// Loops started so far (the one playing is number `number`).
    private(set) var number = 0
    /// The seed of the loop playing.
    private(set) var seed: UInt64
    private let newSeed: () -> UInt64

    /// A loop of `scene` drawn at `width`×`height`; `newSeed` gives fresh seeds.
    init(scene: SceneDescription, freshSeed: Bool, width: Int, height: Int,
         newSeed: @escaping () -> UInt64 = { UInt64.random(in: 1...(1 << 53)) }) {
        self.scene = scene
        self.freshSeed = freshSeed
        self.width = width
        self.height = height
        self.newSeed = newSeed
        seed = scene.seed
    }

    /// Steps in one pass of the timeline (at least one).
    var stepsPerLoop: Int { max(1, Int((scene.duration * Double(scene.simulationRate)).rounded())) }

    /// The simulation of the next pass. It counts one frame per step, so that the loop can
    /// follow the clock step by step (a clap is handled by the very next step); `DemoTrace`
    /// writes frame numbers at the scene's own frame rate.
    mutating func next() -> SceneSimulation {
        number += 1
        var description = scene
        if number > 1 && freshSeed { seed = newSeed() }
        description.seed = seed
        return SceneSimulation(scene: description, width: width, height: height, framesPerSecond: scene.simulationRate)
    }
}
