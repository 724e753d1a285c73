import ECS
import Princess

/// One copy of a message on its way.
struct Delivery {
    /// The step at whose start it arrives.
    var step: Int
    /// Send order, the tie-break among deliveries of the same step.
    var order: Int
    var from: Int
    var to: Int
    var bytes: [UInt8]
    /// Whether the network changed its bytes on the way.
    var damaged: Bool
}

/// What became of one copy of a message at the moment it was sent.
enum SendFate: Equatable {
    case queued
    case lost(reason: String)
}

/// The seeded network between the peers: each copy of a message gets a delay (latency plus
/// jitter, sometimes held back so that it overtakes or is overtaken), may be lost,
/// duplicated or damaged, and never crosses a partition or reaches a peer that has left.
/// One random stream, drawn in send order, so the same seed gives the same network.
struct NetworkSimulator {
    private let model: NetworkModel
    private let names: [String]
    private let stepsPerSecond: Int
    private var random: SeededRandom
    private var pending: [Int: [Delivery]] = [:]
    private var order = 0
    /// Copies on their way.
    private(set) var inFlight = 0

    init(model: NetworkModel, names: [String], stepsPerSecond: Int, seed: UInt64) {
        self.model = model
        self.names = names
        self.stepsPerSecond = stepsPerSecond
        random = SeededRandom(seed: seed).stream("network")
    }

    /// Sends `bytes` from `from` to `to` at `step` (time `time`); what became of each copy.
    mutating func send(_ bytes: [UInt8], from: Int, to: Int, step: Int, time: Double, online: (Int) -> Bool) -> SendFate {
        if !online(to) { return .lost(reason: "offline") }
        if model.isSplit(names[from], names[to], at: time) { return .lost(reason: "partition") }
        if random.chance(model.loss) { return .lost(reason: "loss") }
        enqueue(bytes, from: from, to: to, step: step)
        if random.chance(model.duplicate) { enqueue(bytes, from: from, to: to, step: step) }
        return .queued
    }

    private mutating func enqueue(_ bytes: [UInt8], from: Int, to: Int, step: Int) {
        var delay = model.latency + model.jitter * random.nextUnit()
        if random.chance(model.reorder) { delay += (2 * model.latency + 1 / Double(stepsPerSecond)) * random.nextUnit() }
        let steps = max(1, Int((delay * Double(stepsPerSecond)).rounded(.up)))
        var copy = bytes
        var damaged = false
        if random.chance(model.corrupt), !copy.isEmpty {
            let index = random.nextInt(below: copy.count)
            copy[index] ^= UInt8(1 + random.nextInt(below: 255))
            damaged = true
        }
        order += 1
        pending[step + steps, default: []].append(Delivery(step: step + steps, order: order, from: from, to: to,
                                                          bytes: copy, damaged: damaged))
        inFlight += 1
    }

    /// The copies arriving at the start of `step`, in send order.
    mutating func arrivals(at step: Int) -> [Delivery] {
        guard let due = pending.removeValue(forKey: step) else { return [] }
        inFlight -= due.count
        return due
    }

    /// Whether `a` and `b` are split at `time` (a copy arriving across a new partition is lost).
    func isSplit(_ a: Int, _ b: Int, at time: Double) -> Bool { model.isSplit(names[a], names[b], at: time) }
}
