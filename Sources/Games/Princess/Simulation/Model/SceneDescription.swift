import ECS
import Trace

/// A character present when the scene starts.
public struct CharacterPlacement: Sendable, Equatable {
    /// Her id, unique in the scene; timeline entries name her by it.
    public var id: String
    /// Which character she is.
    public var kind: CharacterKind
    /// Where her feet stand, in the scene's canvas pixels.
    public var position: Vec2
    /// Her size, 0.5…2.0.
    public var scale: Float

    /// A placement from its parts.
    public init(id: String, kind: CharacterKind, position: Vec2, scale: Float = 1) {
        self.id = id
        self.kind = kind
        self.position = position
        self.scale = scale
    }
}

/// One timed input of a scene's timeline.
public struct TimelineEntry: Sendable, Equatable {
    /// When it happens, in seconds from the start.
    public var time: Double
    /// What happens.
    public var input: SceneInput
    /// The line of the scene file it came from (0 when made in code).
    public var line: Int
    /// The column of its `time` on that line (0 when made in code).
    public var column: Int = 0
    /// Who sent it, written in the trace: "timeline" for the scene file's entries, "mic"
    /// for claps from a recording (`SceneDescription.addingClaps`).
    public var source: String
    /// The peer of a shared session whose input it is (the scene file's `peer:`); nil is
    /// the first peer's, and the only one's in a scene without a session.
    public var peer: String? = nil

    /// The source of the scene file's entries.
    public static let timelineSource = "timeline"

    /// An entry from its parts.
    public init(time: Double, input: SceneInput, line: Int = 0, source: String = TimelineEntry.timelineSource) {
        self.time = time
        self.input = input
        self.line = line
        self.source = source
    }
}

/// The limits of how many characters fit and how close a new one may land.
public struct SceneLimits: Sendable, Equatable {
    /// The most characters present at once; a tap beyond it is refused.
    public var maxCharacters: Int
    /// The smallest distance, in canvas pixels, between a new character's feet and another's.
    public var minSpawnDistance: Float

    /// Limits from their parts.
    public init(maxCharacters: Int, minSpawnDistance: Float) {
        self.maxCharacters = maxCharacters
        self.minSpawnDistance = minSpawnDistance
    }

    /// The defaults for a canvas: eight characters, a tenth of the canvas height apart.
    public static func defaults(canvasHeight: Int) -> SceneLimits {
        SceneLimits(maxCharacters: 8, minSpawnDistance: Float(canvasHeight) * 0.1)
    }
}

/// A validated scene: everything a simulation needs, in the scene's own canvas pixels.
public struct SceneDescription: Sendable, Equatable {
    /// The scene's name: its file name without extension, "default" for the built-in one.
    public var name: String
    /// Canvas width in pixels.
    public var canvasWidth: Int
    /// Canvas height in pixels.
    public var canvasHeight: Int
    /// Output frames per second.
    public var framesPerSecond: Int
    /// Simulation steps per second.
    public var simulationRate: Int
    /// Seed of every random choice.
    public var seed: UInt64
    /// Length of the scene in seconds.
    public var duration: Double
    /// The backdrop to draw behind everything.
    public var backdrop: Backdrop
    /// Settings at the start.
    public var settings: SceneSettings
    /// Character limits.
    public var limits: SceneLimits
    /// The character a tap spawns until another is chosen.
    public var selectedKind: CharacterKind
    /// Characters present at the start.
    public var characters: [CharacterPlacement]
    /// Timed inputs, in time order (entries at the same time keep their file order).
    public var timeline: [TimelineEntry]
    /// The scene file's `clap_audio`: an absolute path to a WAV recording whose claps the
    /// scene hears, resolved from the scene file's folder; nil when there is none. The
    /// loader neither reads nor checks the file.
    public var clapAudio: String?
    /// Rules every run of the scene must keep, checked against its trace (`rules:`, docs/rules.md).
    public var rules: [SceneRule] = []
    /// The scene file's `hud:` section: the app's screen drawn over the scene; nil draws
    /// the scene alone.
    public var hud: HUDConfiguration?
    /// The scene file's `session:`: the peers of a shared (SharePlay) session and their
    /// network; nil for a scene seen on one device.
    public var session: SessionDescription? = nil
    /// The scene file's `skins:`: a skin folder (absolute) per character kind whose look a
    /// designer drew; kinds not named are drawn by the built-in painter.
    public var skins: [CharacterKind: String] = [:]
    /// The scene file's `skins:` keyed by a character's id: her own skin folder (absolute), or
    /// nil for the built-in look, either winning over her kind's.
    public var characterSkins: [String: String?] = [:]
    /// The timeline's changes of skin, in time order.
    public var skinChanges: [SkinChange] = []
    /// The moves the scene loaded (from moves files or inline), each performed by its name.
    public var moves: [Move] = []
    /// The moves files it read, as found from the scene file's folder.
    public var movesFiles: [String] = []

    /// A scene from its parts; the timeline is put in time order.
    public init(name: String, canvasWidth: Int, canvasHeight: Int, framesPerSecond: Int = 30,
                simulationRate: Int = 60, seed: UInt64 = 1, duration: Double, backdrop: Backdrop = .bedroom,
                settings: SceneSettings = SceneSettings(), limits: SceneLimits? = nil,
                selectedKind: CharacterKind = .sparkle, characters: [CharacterPlacement] = [],
                timeline: [TimelineEntry] = [], clapAudio: String? = nil, hud: HUDConfiguration? = nil) {
        self.name = name
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.framesPerSecond = framesPerSecond
        self.simulationRate = simulationRate
        self.seed = seed
        self.duration = duration
        self.backdrop = backdrop
        self.settings = settings
        self.limits = limits ?? .defaults(canvasHeight: canvasHeight)
        self.selectedKind = selectedKind
        self.characters = characters
        self.timeline = Self.timeOrdered(timeline)
        self.clapAudio = clapAudio
        self.hud = hud
    }

    /// This scene with a clap at each of `times` (seconds, in any order) added to its
    /// timeline with `source` ("mic": claps heard in a recording, refused while the
    /// microphone setting is off). Times that are not finite or lie outside 0…duration are
    /// left out. The timeline stays in time order; a clap at the same time as an entry
    /// already there comes after it, and claps at the same time keep the order given.
    public func addingClaps(at times: [Double], source: String = "mic") -> SceneDescription {
        var scene = self
        let claps = times.filter { $0.isFinite && $0 >= 0 && $0 <= duration }
            .map { TimelineEntry(time: $0, input: .clap, source: source) }
        scene.timeline = Self.timeOrdered(timeline + claps)
        return scene
    }

    /// A stable sort by time: same-time entries keep the order they come in (the order the
    /// designer wrote).
    private static func timeOrdered(_ entries: [TimelineEntry]) -> [TimelineEntry] {
        entries.enumerated()
            .sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
            .map(\.element)
    }
}

/// A timeline entry `skins: {luna: art/luna-winter/, willow-2: built-in}`: from `time` on,
/// those kinds and characters are drawn from those skin folders (absolute), or in the built-in
/// look where the folder is nil.
public struct SkinChange: Sendable, Equatable {
    /// Seconds from the start.
    public var time: Double
    /// The new skin folder per kind; nil for the built-in look.
    public var skins: [CharacterKind: String?]
    /// The new skin folder per character id, winning over her kind's; nil for the built-in look.
    public var characterSkins: [String: String?]

    /// A change at `time` to `skins` (per kind) and `characterSkins` (per character id).
    public init(time: Double, skins: [CharacterKind: String?], characterSkins: [String: String?] = [:]) {
        self.time = time
        self.skins = skins
        self.characterSkins = characterSkins
    }
}
