/// What a system sees when it runs: the world, a command buffer applied right after it,
/// and the fixed step being simulated.
public struct SystemContext {
    /// The world being simulated.
    public let world: World
    /// Changes to apply after this system returns.
    public let commands: CommandBuffer
    /// Index of the step being run (0 for the first step).
    public let step: Int
    /// Simulation time at the end of this step, in seconds.
    public let time: Double
    /// Length of one step, in seconds.
    public let deltaTime: Double
}

/// A system as a small struct: state it keeps between steps, and a name for listings.
public protocol System {
    /// A short name, for listings and profiles.
    var name: String { get }
    /// Runs the system for one step.
    mutating func run(_ context: SystemContext)
}

/// Holds a struct system so the schedule can keep its state between steps.
final class SystemSlot {
    let name: String
    let body: (SystemContext) -> Void

    init(name: String, body: @escaping (SystemContext) -> Void) {
        self.name = name
        self.body = body
    }

    convenience init<S: System>(_ system: S) {
        var state = system
        self.init(name: system.name) { context in state.run(context) }
    }
}

/// An ordered list of systems run one after another for each fixed step. After each
/// system its command buffer is applied; after the last, events advance to the next step.
public final class Schedule {
    private var slots: [SystemSlot] = []
    /// How many steps have run.
    public private(set) var stepsRun = 0
    /// Steps per simulated second.
    public let stepsPerSecond: Int

    /// An empty schedule stepping at `stepsPerSecond` (60 unless a scene says otherwise).
    public init(stepsPerSecond: Int = 60) {
        precondition(stepsPerSecond > 0, "a schedule needs a positive step rate")
        self.stepsPerSecond = stepsPerSecond
    }

    /// Appends a system given as a plain function.
    public func add(_ name: String, _ body: @escaping (SystemContext) -> Void) {
        slots.append(SystemSlot(name: name, body: body))
    }

    /// Appends a system given as a struct.
    public func add<S: System>(_ system: S) {
        slots.append(SystemSlot(system))
    }

    /// The systems' names, in the order they run.
    public var systemNames: [String] { slots.map(\.name) }

    /// Runs one fixed step of every system on `world`.
    public func step(_ world: World) {
        let step = stepsRun
        let commands = CommandBuffer(world: world)
        let context = SystemContext(
            world: world, commands: commands, step: step,
            time: Double(step + 1) / Double(stepsPerSecond),
            deltaTime: 1 / Double(stepsPerSecond)
        )
        for slot in slots {
            slot.body(context)
            commands.apply()
        }
        world.advanceEvents()
        stepsRun += 1
    }

    /// Runs `count` fixed steps.
    public func step(_ world: World, count: Int) {
        for _ in 0..<max(count, 0) { step(world) }
    }
}
