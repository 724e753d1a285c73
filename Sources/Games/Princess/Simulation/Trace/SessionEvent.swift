import Trace

/// What a peer of a shared session did with the network, in the trace (docs/trace-format.md,
/// "Shared sessions"); each line carries the peer it happened to.
public enum SessionEvent: Sendable, Equatable {
    /// A message leaves for `to` (a peer, or `all`): its type, sequence number and size.
    case send(message: String, to: String, sequence: Int, bytes: Int)
    /// A valid message arrives from `from`.
    case receive(message: String, from: String, sequence: Int)
    /// A message changed the world: `change` is spawn, place, remove, action, effect or merge.
    case apply(message: String, from: String, change: String, character: String?)
    /// A message is not applied, or never arrives: `reason` is loss, offline, partition,
    /// duplicate, stale, removed, conflict or unknown.
    case drop(message: String, peer: String, reason: String, character: String?)
    /// Bytes that are no valid message are turned away by the validator, and why.
    case reject(from: String, reason: String, bytes: Int)
    /// The peer joins the session (`rejoin` when it comes back).
    case join(rejoin: Bool)
    /// The peer leaves the session.
    case leave
    /// Every peer's world agrees again, `steps` after the network healed and inputs stopped.
    case converged(characters: Int, steps: Int)

    /// The trace's name for it.
    public var name: String {
        switch self {
        case .send: return "send"
        case .receive: return "receive"
        case .apply: return "apply"
        case .drop: return "drop"
        case .reject: return "reject"
        case .join: return "join"
        case .leave: return "leave"
        case .converged: return "converged"
        }
    }

    /// The character concerned, if one is.
    public var character: String? {
        switch self {
        case .apply(_, _, _, let character), .drop(_, _, _, let character): return character
        default: return nil
        }
    }

    /// Its fields, in the order the trace writes them.
    public var fields: [TraceField] {
        switch self {
        case .send(let message, let to, let sequence, let bytes):
            return [TraceField("message", .text(message)), TraceField("to", .text(to)),
                    TraceField("seq", .integer(sequence)), TraceField("bytes", .integer(bytes))]
        case .receive(let message, let from, let sequence):
            return [TraceField("message", .text(message)), TraceField("from", .text(from)), TraceField("seq", .integer(sequence))]
        case .apply(let message, let from, let change, _):
            return [TraceField("message", .text(message)), TraceField("from", .text(from)), TraceField("change", .text(change))]
        case .drop(let message, let peer, let reason, _):
            return [TraceField("message", .text(message)), TraceField("other", .text(peer)), TraceField("reason", .text(reason))]
        case .reject(let from, let reason, let bytes):
            return [TraceField("from", .text(from)), TraceField("reason", .text(reason)), TraceField("bytes", .integer(bytes))]
        case .join(let rejoin):
            return [TraceField("rejoin", .flag(rejoin))]
        case .leave:
            return []
        case .converged(let characters, let steps):
            return [TraceField("characters", .integer(characters)), TraceField("steps", .integer(steps))]
        }
    }
}
