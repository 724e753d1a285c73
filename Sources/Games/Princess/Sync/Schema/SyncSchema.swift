import Effects
import Princess
import SceneFile

/// The wire format's constants (docs/sync-format.md).
public enum SyncSchema {
    /// The version this tool writes.
    public static let currentVersion: UInt8 = 2
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

    /// Character kinds, actions and effects by their wire codes (their order here; never reordered).
    static let kinds = CharacterKind.allCases
    static let actions = ActionKind.allCases
    static let effects: [EffectKind] = [.sparkles, .snow, .bubbles]
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
