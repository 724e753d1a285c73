import CVBus
import GameKit
import SavedState
import Scene

/// The attract loop of a kiosk: the scene's timeline plays, and when it ends it starts
/// again, forever, with the scene's own seed every time or a fresh one each loop.
struct AttractLoop {
    /// The scene as loaded, with its game.
    let scene: OpenedScene
    /// Whether each loop after the first gets a new random seed (below 2^53, so that any JSON
    /// reader holds it exactly).
    let freshSeed: Bool
    /// Output size of every loop's snapshots.
    let width: Int
    let height: Int
    /// A recorded detection log each pass receives.
    var cvRecording: CVRecording?
    /// Whether each pass receives the CV mock's detections.
    var cvMock = false
    /// Loops started so far (the one playing is number `number`).
    private(set) var number = 0
    /// The seed of the loop playing.
    private(set) var seed: UInt64
    private let newSeed: () -> UInt64
    /// What the game keeps, as the next pass starts from it: with a profile, the profile's with
    /// each ended pass's changes over it (a pass is a launch of the app); without one, nothing,
    /// and every pass starts from the scene's own settings.
    private(set) var saved: SavedValues
    private let keepsState: Bool
    private var playing: (any GameRun)?

    /// A loop of `scene` drawn at `width`×`height`, starting from a profile's `saved` values
    /// (nil without a profile); `newSeed` gives fresh seeds.
    init(scene: OpenedScene, freshSeed: Bool, width: Int, height: Int, saved: SavedValues? = nil,
         newSeed: @escaping () -> UInt64 = { UInt64.random(in: 1...(1 << 53)) }) {
        self.saved = saved ?? .none
        keepsState = saved != nil
        self.scene = scene
        self.freshSeed = freshSeed
        self.width = width
        self.height = height
        self.newSeed = newSeed
        seed = scene.scene.header.seed
    }

    /// The pass before, whose drawing caches the next one takes over.
    private var previous: (any GameRun)?

    /// Steps in one pass of the timeline (at least one).
    var stepsPerLoop: Int { max(1, Int((header.duration * Double(header.simulationRate)).rounded())) }

    /// The engine's part of the scene.
    var header: SceneHeader { scene.scene.header }

    /// The run of the next pass. It counts one frame per step, so that the loop can follow
    /// the clock step by step (a clap is handled by the very next step); `DemoTrace` writes
    /// frame numbers at the scene's own frame rate. Throws `GameRunError` for a scene the game
    /// does not play live (the first pass is made before the demo starts, so none later does).
    mutating func next() throws -> any GameRun {
        number += 1
        if number > 1 && freshSeed { seed = newSeed() }
        if keepsState, let playing { saved = saved.merging(playing.savedChanges()) }
        let run = try scene.makeRun(RunOptions(width: width, height: height, framesPerSecond: header.simulationRate, seed: seed,
                                               live: true, cvRecording: cvRecording, cvMock: cvMock, saved: saved))
        if keepsState { playing = run }
        // Each pass draws what the last one drew: its caches (figures, rooms, sprites) carry
        // over instead of being made again, which a kiosk running for days would feel.
        if let previous { run.adoptDrawingCaches(of: previous) }
        previous = run
        return run
    }

    /// What the game keeps after every pass so far, the one playing included.
    var savedNow: SavedValues { saved.merging(playing?.savedChanges() ?? .none) }
}
