import Scene
import ECS

/// The scene-wide state the systems share (a world resource): settings, the chosen
/// character, id counters and the random stream of double taps.
struct SceneState: Sendable {
    /// The settings now.
    var settings: SceneSettings
    /// The character the next tap spawns.
    var selectedKind: CharacterKind
    /// Characters made so far (the next one's serial).
    var nextSerial = 0
    /// Per kind (in `CharacterKind.allCases` order), how many ids have been made for taps.
    var spawnCounts = [Int](repeating: 0, count: CharacterKind.allCases.count)
    /// The stream double taps draw their random action from.
    var doubleTapRandom: SeededRandom
    /// When the last clap that made them jump was heard (for the clap cooldown).
    var lastClap: Double?
    /// Put before the ids made for tapped-in characters ("ann." in a shared session, so that
    /// ids are unique across peers); nil outside a session.
    var idPrefix: String?
    /// Length of one simulation step, in seconds.
    let stepDuration: Double
    /// The scene's seed, for per-character streams.
    let seed: UInt64
    /// The canvas proportions.
    let layout: SceneLayout
    /// Character limits.
    let limits: SceneLimits
    /// The moves the scene loaded, by name.
    let moves: [String: Move]
    /// Their names, in the order the scene loaded them.
    let moveNames: [String]

    /// The state at the start of `scene`.
    init(scene: SceneDescription) {
        settings = scene.settings
        selectedKind = scene.selectedKind
        seed = scene.seed
        stepDuration = 1 / Double(max(scene.simulationRate, 1))
        doubleTapRandom = SeededRandom(seed: scene.seed).stream("double_tap")
        layout = SceneLayout(width: Float(scene.canvasWidth), height: Float(scene.canvasHeight))
        limits = scene.limits
        moves = Dictionary(scene.moves.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        moveNames = scene.moves.map(\.name).filter { seen.insert($0).inserted }
    }
}

/// The princess scene's timed and live inputs (the scene layer's timeline queues of `SceneInput`).
typealias QueuedInput = Scene.QueuedInput<SceneInput>
typealias PendingInputs = InputQueue<SceneInput>
typealias TimelineQueue = Scene.TimelineQueue<SceneInput>

/// Face-expression state (a world resource): scripted curves, live samples, and for each
/// expression whether it is above the threshold, since when, and whether it has fired.
struct ExpressionState: Sendable {
    /// One expression's trigger state.
    struct Track: Sendable, Equatable {
        /// When the strength went over the threshold, while it stays over.
        var aboveSince: Double?
        /// Whether it fired (or was refused by the cooldown) during this time over the threshold.
        var fired = false
    }

    /// Scripted strength curves.
    var curves: [ExpressionCurve] = []
    /// Latest live sample per expression (in `ExpressionKind.allCases` order).
    var live = [Float](repeating: 0, count: ExpressionKind.allCases.count)
    /// The strength sampled at the last step, per expression.
    var strength = [Float](repeating: 0, count: ExpressionKind.allCases.count)
    /// Trigger state per expression.
    var tracks = [Track](repeating: Track(), count: ExpressionKind.allCases.count)
    /// When each expression last fired, for its cooldown.
    var lastFired = [Double?](repeating: nil, count: ExpressionKind.allCases.count)

    /// How long the strength must stay over the threshold before the expression fires: long
    /// enough to ignore a flicker, well inside the 300 ms the app promises.
    static let debounce = 0.1

    /// The strength of `kind` at the last step.
    func strength(of kind: ExpressionKind) -> Float {
        strength[ExpressionKind.allCases.firstIndex(of: kind)!]
    }
}
