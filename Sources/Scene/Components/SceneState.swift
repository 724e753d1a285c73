import ECS

/// The scene-wide state the systems share (a world resource): settings, the chosen
/// princess, id counters and the random stream of double taps.
public struct SceneState: Sendable {
    /// The settings now.
    public var settings: SceneSettings
    /// The princess the next tap spawns.
    public var selectedKind: CharacterKind
    /// Characters made so far (the next one's serial).
    public var nextSerial = 0
    /// Per kind (in `CharacterKind.allCases` order), how many ids have been made for taps.
    public var spawnCounts = [Int](repeating: 0, count: CharacterKind.allCases.count)
    /// The stream double taps draw their random action from.
    public var doubleTapRandom: SeededRandom
    /// The scene's seed, for per-character streams.
    public let seed: UInt64
    /// The canvas proportions.
    public let layout: SceneLayout
    /// Character limits.
    public let limits: SceneLimits

    /// The state at the start of `scene`.
    public init(scene: SceneDescription) {
        settings = scene.settings
        selectedKind = scene.selectedKind
        seed = scene.seed
        doubleTapRandom = SeededRandom(seed: scene.seed).stream("double_tap")
        layout = SceneLayout(width: Float(scene.canvasWidth), height: Float(scene.canvasHeight))
        limits = scene.limits
    }
}

/// An input waiting for the next step, with who sent it (timeline, microphone, …).
public struct QueuedInput: Sendable, Equatable {
    /// The input.
    public var input: SceneInput
    /// Where it came from, written in the trace.
    public var source: String
}

/// Inputs waiting to be handled, in arrival order (a world resource).
public struct PendingInputs: Sendable {
    /// The queue.
    public var items: [QueuedInput] = []
}

/// Face-expression state (a world resource): scripted curves, live samples, and for each
/// expression whether it is above the threshold, since when, and whether it has fired.
public struct ExpressionState: Sendable {
    /// One expression's trigger state.
    public struct Track: Sendable, Equatable {
        /// When the strength went over the threshold, while it stays over.
        public var aboveSince: Double?
        /// Whether it fired during this time over the threshold.
        public var fired = false
    }

    /// Scripted strength curves.
    public var curves: [ExpressionCurve] = []
    /// Latest live sample per expression (in `ExpressionKind.allCases` order).
    public var live = [Float](repeating: 0, count: ExpressionKind.allCases.count)
    /// The strength sampled at the last step, per expression.
    public var strength = [Float](repeating: 0, count: ExpressionKind.allCases.count)
    /// Trigger state per expression.
    public var tracks = [Track](repeating: Track(), count: ExpressionKind.allCases.count)

    /// How long the strength must stay over the threshold before the expression fires: long
    /// enough to ignore a flicker, well inside the 300 ms the app promises.
    public static let debounce = 0.1

    /// The strength of `kind` at the last step.
    public func strength(of kind: ExpressionKind) -> Float {
        strength[ExpressionKind.allCases.firstIndex(of: kind)!]
    }
}
