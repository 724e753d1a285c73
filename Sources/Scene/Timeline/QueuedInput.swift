/// An input waiting for the next step, with who sent it (written in the trace as `source`).
public struct QueuedInput<Input: Sendable>: Sendable {
    /// What happens.
    public var input: Input
    /// Who sent it: `timeline`, `mic`, `touch`, `cv`…
    public var source: String

    /// An input from its parts.
    public init(input: Input, source: String) {
        self.input = input
        self.source = source
    }
}

extension QueuedInput: Equatable where Input: Equatable {}

/// The inputs waiting for the next step, in arrival order: the timeline's due entries first,
/// then live ones (a clap heard, a touch, a detection). A world resource.
public struct InputQueue<Input: Sendable>: Sendable {
    /// The queue.
    public var items: [QueuedInput<Input>] = []

    /// An empty queue.
    public init() {}

    /// Adds a live input at the end.
    public mutating func append(_ input: Input, source: String) {
        items.append(QueuedInput(input: input, source: source))
    }

    /// Puts `due` (the timeline's entries for this step) before what is waiting.
    public mutating func prepend(_ due: [QueuedInput<Input>]) {
        items = due + items
    }

    /// Everything waiting, in order; the queue is then empty.
    public mutating func drain() -> [QueuedInput<Input>] {
        defer { items.removeAll() }
        return items
    }
}
