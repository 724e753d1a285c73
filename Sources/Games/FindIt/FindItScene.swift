import CVBus
import GameKit
import Scene
import Trace

/// One photo of an item: the file as the scene names it, its angle, and what its pixels say.
public struct FindItPhoto: Sendable, Equatable {
    /// The path as written in the scene file (relative to its folder).
    public var file: String
    /// The angle it was taken from.
    public var angle: PhotoAngle
    /// Its brightness and feature print.
    public var analysis: PhotoAnalysis
    /// The PNG file's bytes (empty for a swatch), kept as the catalogue's image data.
    public var imageData: [UInt8] = []
    /// Seconds on the scene's clock when it was taken (0 for the scene's own items' photos).
    public var takenAt: Double = 0
}

/// One item of the catalogue (the document's TargetItem).
public struct FindItItem: Sendable, Equatable {
    /// Its id in the scene and the trace (`keys`).
    public var id: String
    /// Its name (아빠의 차 키).
    public var name: String
    /// Its hint (현관 신발장 위에 있어).
    public var hint: String
    /// 1 (easy) to 5 (hard).
    public var difficulty: Int
    /// Its photos, in the order taken.
    public var photos: [FindItPhoto]
    /// Seconds on the scene's clock when it was registered (0 for the scene's own items).
    public var createdAt: Double

    /// An item from its parts.
    public init(id: String, name: String, hint: String, difficulty: Int, photos: [FindItPhoto], createdAt: Double = 0) {
        self.id = id
        self.name = name
        self.hint = hint
        self.difficulty = difficulty
        self.photos = photos
        self.createdAt = createdAt
    }
}

/// The settings a parent chooses, as the other games have them.
public struct FindItSettings: Sendable, Equatable {
    /// Sound cues and the spoken mission play.
    public var sound = true
    /// Haptics play (never with reduce motion).
    public var haptics = true
    /// Decorative motion (confetti, pulsing) is calmed.
    public var reduceMotion = false
    /// Stronger outlines and darker ink.
    public var highContrast = false

    /// The defaults: everything on, no reduce motion, no high contrast.
    public init() {}
}

/// How registering works: the document's minimum and recommended photos, what counts as too
/// dark, and how long the scripted retraining takes.
public struct RegistrationParameters: Sendable, Equatable {
    /// Save is refused below this many photos (the document's 5).
    public var minimumPhotos = 5
    /// What the guide recommends (the document's 10).
    public var recommendedPhotos = 10
    /// A photo whose mean luma is below this is too dark (ours: 0.25 of white).
    public var darkBelow = 0.25
    /// Seconds the retraining takes: a base plus a share per photo in the catalogue (the
    /// document: seconds to tens of seconds, by items and photos).
    public var trainingBaseSeconds = 1.0
    public var trainingSecondsPerPhoto = 0.05

    /// The defaults.
    public init() {}
}

/// One scripted moment of the flow: a tap of the parent or the child, at its time.
public struct FlowStep: Sendable, Equatable {
    /// What is done.
    public enum Action: Sendable, Equatable {
        /// Home → the mission card of the item (the start button).
        case start(item: String)
        /// The mission card → the game (the child taps "찾으러 가기").
        case play
        /// Home → an item's detail.
        case open(item: String)
        /// Back to Home from a detail, the register screen or a result.
        case back
        /// Home → the register screen ([+]).
        case register
        /// The register screen takes a photo.
        case photo(FindItPhoto?)
        /// The register screen saves the item (refused below the minimum of photos).
        case save(id: String, name: String, hint: String, difficulty: Int)
    }

    /// Seconds on the scene's clock.
    public var time: Double
    /// What is done.
    public var action: Action
    /// 1-based line and column of the step in the scene file (0 for a step not from a file).
    public var line = 0
    public var column = 0
}

extension FlowStep.Action {
    /// The tap's name as the scene file and the trace write it.
    public var name: String {
        switch self {
        case .start: return "start"
        case .play: return "play"
        case .open: return "open"
        case .back: return "back"
        case .register: return "register"
        case .photo: return "photo"
        case .save: return "save"
        }
    }

    /// The item the tap names, if any.
    var item: String? {
        switch self {
        case .start(let item), .open(let item): return item
        case .save(let id, _, _, _): return id
        case .play, .back, .register, .photo: return nil
        }
    }
}

/// A validated FindIt scene: the header, the recognition's parameters, the settings, the
/// catalogue the scene starts with, the flow, the time attack and the camera's script.
public struct FindItScene: HeaderedScene {
    public var header: SceneHeader
    public var rules: [SceneRule]
    /// Confidence weights, sampling, bands and hold.
    public var recognition: RecognitionParameters
    /// Registration's minimum, darkness and training time.
    public var registration: RegistrationParameters
    /// The parent's settings.
    public var settings: FindItSettings
    /// The catalogue the scene starts with, in file order.
    public var items: [FindItItem]
    /// The items the scene expects a profile to hold (hunted after being registered in an earlier run).
    public var profileItems: [String]
    /// Taps in time order.
    public var flow: [FlowStep]
    /// Seconds of a time attack's countdown; nil for a plain hunt.
    public var timeAttackSeconds: Double?
    /// Seconds the success and the result screens stay before going Home.
    public var celebrationSeconds: Double
    /// The camera's script, settings and mock (signals `<item>.fp` and `<item>.ml`).
    public var cv: CVSceneSetup

    public var startSettings: [String: String] {
        ["sound": String(settings.sound), "haptics": String(settings.haptics), "reduce_motion": String(settings.reduceMotion),
         "high_contrast": String(settings.highContrast)]
    }
    public var outline: String {
        "\(items.count) item\(items.count == 1 ? "" : "s"), \(flow.count) flow step\(flow.count == 1 ? "" : "s")"
            + (timeAttackSeconds.map { ", a \(ValueReader.format($0)) s time attack" } ?? "")
    }
}
