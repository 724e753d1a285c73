import ECS
import Effects
import Princess

/// How a character came to be: the spawn every peer must agree on.
public struct SpawnOrigin: Sendable, Equatable {
    /// Which character.
    public var kind: CharacterKind
    /// Where she was spawned.
    public var position: Vec2
    /// Her scale at the spawn.
    public var scale: Float
    /// The spawn's stamp (the spawner's clock and index).
    public var stamp: Stamp
    /// The highest clock the spawner had seen before the tap: a spawn whose stamp is above
    /// it is one the spawner could not have known of (see the conflict rules).
    public var basis: UInt64

    /// An origin from its parts.
    public init(kind: CharacterKind, position: Vec2, scale: Float, stamp: Stamp, basis: UInt64) {
        self.kind = kind
        self.position = position
        self.scale = scale
        self.stamp = stamp
        self.basis = basis
    }
}

/// Where a character stands and how big she is, with the stamp of the write that put her there.
public struct PlacementRegister: Sendable, Equatable {
    /// Her feet.
    public var position: Vec2
    /// Her scale.
    public var scale: Float
    /// The write's stamp: the highest one wins.
    public var stamp: Stamp

    /// A register from its parts.
    public init(position: Vec2, scale: Float, stamp: Stamp) {
        self.position = position
        self.scale = scale
        self.stamp = stamp
    }
}

/// Everything a peer knows of one character: the unit of the state snapshot.
public struct CharacterRecord: Sendable, Equatable {
    /// Her id.
    public var id: String
    /// Her spawn, once known (an update may arrive before it).
    public var origin: SpawnOrigin?
    /// Her latest placement, once known.
    public var placement: PlacementRegister?
    /// Whether she was removed: removal is final.
    public var removed: Bool

    /// A record from its parts.
    public init(id: String, origin: SpawnOrigin? = nil, placement: PlacementRegister? = nil, removed: Bool = false) {
        self.id = id
        self.origin = origin
        self.placement = placement
        self.removed = removed
    }
}

/// What a message says (docs/sync-format.md, "Message types").
public enum SyncBody: Sendable, Equatable {
    /// A peer (re)joins, by name; the others answer with a snapshot.
    case hello(name: String)
    /// A peer leaves.
    case bye
    /// A character appears; her stamp is the message's.
    case spawn(id: String, kind: CharacterKind, position: Vec2, scale: Float, basis: UInt64)
    /// A character's new position and scale; its stamp is the message's.
    case update(id: String, position: Vec2, scale: Float)
    /// A character is removed.
    case remove(id: String)
    /// An action starts.
    case action(ActionKind, target: ActionTarget)
    /// A move the scene loaded starts, by its name (version 3 and up).
    case move(name: String, target: ActionTarget)
    /// An effect starts; nil duration: its own.
    case effect(EffectKind, place: EffectPlace, duration: Double?)
    /// The sender's whole shared state (no settings: each child keeps their own).
    case snapshot([CharacterRecord])

    /// The type's name, in the trace and the docs.
    public var name: String { type.name }

    /// The type.
    public var type: SyncMessageType {
        switch self {
        case .hello: return .hello
        case .bye: return .bye
        case .spawn: return .spawn
        case .update: return .update
        case .remove: return .remove
        case .action: return .action
        case .move: return .move
        case .effect: return .effect
        case .snapshot: return .snapshot
        }
    }
}

/// The message types and their codes on the wire.
public enum SyncMessageType: UInt8, Sendable, CaseIterable {
    case hello = 1, bye, spawn, update, remove, action, effect, snapshot, move

    /// The first version that has it.
    public var since: UInt8 {
        switch self {
        case .snapshot: return 2
        case .move: return 3
        default: return 1
        }
    }

    /// The name in the trace and the docs.
    public var name: String {
        switch self {
        case .hello: return "hello"
        case .bye: return "bye"
        case .spawn: return "spawn"
        case .update: return "update"
        case .remove: return "remove"
        case .action: return "action"
        case .effect: return "effect"
        case .snapshot: return "snapshot"
        case .move: return "move"
        }
    }
}

/// One message of the session: who sent it, its place in the sender's stream, its logical
/// clock, and what it says.
public struct SyncMessage: Sendable, Equatable {
    /// The schema version it was written in (after decoding: the version it came in).
    public var version: UInt8
    /// The sender's index in the session's peer list.
    public var sender: UInt16
    /// The sender's message count, from 1: duplicates are recognised by it.
    public var sequence: UInt32
    /// The sender's Lamport clock when it was sent.
    public var clock: UInt64
    /// What it says.
    public var body: SyncBody

    /// A message of the current version.
    public init(sender: UInt16, sequence: UInt32, clock: UInt64, body: SyncBody, version: UInt8 = SyncSchema.currentVersion) {
        self.version = version
        self.sender = sender
        self.sequence = sequence
        self.clock = clock
        self.body = body
    }

    /// The stamp of what it writes.
    public var stamp: Stamp { Stamp(clock: clock, peer: sender) }
}
