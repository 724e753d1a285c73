import Effects
import Princess
import Scene

/// The wire format's constants (docs/sync-format.md).
public enum SyncSchema {
    /// The version this tool writes.
    public static let currentVersion: UInt8 = 3
    /// The oldest version it reads (and upgrades).
    public static let oldestVersion: UInt8 = 1
    /// The two bytes every message starts with: "AS" (Aria Sync).
    public static let magic: [UInt8] = [0x41, 0x53]
    /// The longest message, in bytes: a snapshot of the most characters fits well inside.
    public static let maxMessageBytes = 16_384
    /// The longest id or name, in bytes: what a scene file allows an id.
    public static let maxTextBytes = SceneFileLimits.maxIDBytes
    /// The most records in a snapshot.
    public static let maxSnapshotRecords = 256

    // The codes below are the ones version 1 gave each value (then the order of the enums'
    // cases); they are fixed here so that a new or reordered case changes no message.

    /// The character kinds' codes, in `spawn` messages and snapshot records.
    public static let characterKindCodes = WireCodeTable<CharacterKind>("character kind", [
        0: .sparkle, 1: .luna, 2: .rosie, 3: .crystal, 4: .willow,
    ])
    /// The actions' codes, in `action` messages.
    public static let actionCodes = WireCodeTable<ActionKind>("action", [
        0: .wave, 1: .dance, 2: .twirl, 3: .jump, 4: .sparkle,
    ])
    /// The effects' codes, in `effect` messages. A burst has none: it belongs to a spawn or a
    /// vanish, which every peer plays for itself, and is never sent.
    public static let effectCodes = WireCodeTable<EffectKind>("effect", [
        0: .sparkles, 1: .snow, 2: .bubbles,
    ])
    /// The code an encoder writes for a value its table lacks: unknown to every validator, so
    /// such a message is rejected where it arrives instead of meaning something else.
    static let unsendableCode: UInt8 = 0xFF
}

/// What the validator checks a message against: the session it belongs to.
public struct SyncLimits: Sendable, Equatable {
    /// Peers in the session: a sender index must be below it.
    public var peers: Int
    /// The canvas, in pixels: positions must lie on it.
    public var canvasWidth: Float
    /// The canvas height.
    public var canvasHeight: Float

    /// Limits from their parts.
    public init(peers: Int, canvasWidth: Float, canvasHeight: Float) {
        self.peers = peers
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
    }
}
