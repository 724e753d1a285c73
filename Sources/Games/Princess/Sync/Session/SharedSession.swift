import ECS
import Effects
import Princess
import Trace

/// A shared (SharePlay) session simulated deterministically: each peer runs its own world
/// with the scene's systems at the fixed step; its part of the timeline changes its world
/// and sends messages; messages from the others, through the seeded network and the one
/// validator, change it too. Whether the peers come to agree is `AgreementCheck`'s to say.
/// See docs/sync-format.md.
public final class SharedSession {
    /// The scene, with its `session`.
    public let scene: SceneDescription
    /// The session's peers and network.
    public let session: SessionDescription
    /// Frames to steps (the same for every peer).
    public let clock: FixedStepClock
    /// The frame every peer's world shows.
    public private(set) var frame = 0
    /// Steps run.
    public private(set) var step = 0
    /// The last step at which inputs changed the shared state or the network healed: the
    /// peers must agree within `settle` seconds of it.
    public var quietStep: Int { agreement.quietStep }
    /// Steps from the quiet point to agreement, each time the peers came to agree after one.
    public var convergenceSteps: [Int] { agreement.convergenceSteps }
    /// What went wrong, in the order found.
    public private(set) var findings: [SessionFinding] = []
    /// Messages sent, copies delivered, rejected, dropped.
    public private(set) var counts = SessionCounts()

    let devices: [PeerDevice]
    private var network: NetworkSimulator
    private let validator: SyncValidator
    private let throttleSteps: Int
    private let resyncSteps: Int
    /// Whether and how soon the peers agree.
    private var agreement: AgreementCheck
    private var trace: [TraceEvent] = []

    /// A session of `scene` (which must have a `session`), each peer's view at
    /// `width`×`height`; `networkSeed` replaces the scene's network seed (sync-check).
    public init(scene: SceneDescription, width: Int? = nil, height: Int? = nil, framesPerSecond: Int? = nil,
                networkSeed: UInt64? = nil) {
        precondition(scene.session != nil, "SharedSession needs a scene with a session")
        self.scene = scene
        let session = scene.session!
        self.session = session
        let names = session.names
        let first = names.first ?? ""
        var devices: [PeerDevice] = []
        for (index, name) in names.enumerated() {
            var own = scene
            own.timeline = scene.timeline.filter { ($0.peer ?? first) == name }
            let simulation = SceneSimulation(scene: own, width: width, height: height, framesPerSecond: framesPerSecond)
            simulation.idPrefix = name + "."
            let replica = ReplicaState(startingCast: simulation.sharedCharacters(), minSpawnDistance: scene.limits.minSpawnDistance)
            devices.append(PeerDevice(index: index, name: name, simulation: simulation, replica: replica, peers: names.count))
        }
        self.devices = devices
        clock = devices[0].simulation.clock
        let rate = scene.simulationRate
        network = NetworkSimulator(model: session.network, names: names, stepsPerSecond: rate,
                                   seed: networkSeed ?? session.networkSeed ?? scene.seed)
        validator = SyncValidator(limits: SyncLimits(peers: names.count, canvasWidth: Float(scene.canvasWidth),
                                                     canvasHeight: Float(scene.canvasHeight)))
        throttleSteps = max(1, Int((Double(rate) / Double(session.updatesPerSecond)).rounded()))
        resyncSteps = max(1, Int((session.resync * Double(rate)).rounded()))
        agreement = AgreementCheck(settleSteps: Int((session.settle * Double(rate)).rounded(.up)),
                                   quietStep: Int((session.lastHeal * Double(rate)).rounded(.up)))
        for device in devices {
            device.online = session.peers[device.index].isOnline(at: 0)
            if device.online { device.simulation.recordSession(.join(rejoin: false)) }
            device.refreshShown()
        }
    }

    /// The peers' names, in order.
    public var peerNames: [String] { devices.map(\.name) }

    /// Frames in the scene's duration.
    public var frameCount: Int { devices[0].simulation.frameCount }

    /// Steps each peer's world until it shows frame `target`; never goes back.
    public func advance(toFrame target: Int) {
        guard target > frame else { return }
        let needed = clock.stepsCompleted(atFrame: target) - step
        for _ in 0..<max(needed, 0) { runStep() }
        for device in devices { device.simulation.advance(toFrame: target) }
        frame = target
    }

    /// Runs `count` more steps (past the scene's end, too: sync-check lets the peers settle).
    public func run(steps count: Int) {
        for _ in 0..<max(count, 0) { runStep() }
    }

    /// The trace since the last drain: every peer's events, each line naming its peer.
    public func drainTrace() -> [TraceEvent] {
        for device in devices { collect(device) }
        defer { trace.removeAll(keepingCapacity: true) }
        return trace
    }

    /// What peer `index` shows now.
    public func snapshot(ofPeer index: Int) -> SceneSnapshot { devices[index].simulation.snapshot() }

    /// The index of the peer called `name`.
    public func peerIndex(named name: String) -> Int? { devices.firstIndex { $0.name == name } }

    /// How peer `index` stands: offline, in sync with every peer in the session, or catching up.
    public func status(ofPeer index: Int) -> SyncStatus {
        let device = devices[index]
        guard device.online else { return .offline }
        let others = devices.filter { $0.online && $0.index != index }
        return others.allSatisfy { $0.shownInOrder == device.shownInOrder } ? .inSync : .catchingUp
    }

    /// Whether every peer in the session shows the same characters.
    public var agrees: Bool { AgreementCheck.agree(devices) }

    /// Peer `index`'s world dump of the shared state (see `SceneSimulation.sharedStateDump`).
    public func dump(ofPeer index: Int) -> String { devices[index].simulation.sharedStateDump() }

    /// Steps after which the peers must agree (the scene's last heal or input, plus settle).
    public var deadlineStep: Int { agreement.deadlineStep }

    // MARK: One step

    private func runStep() {
        let time = Double(step) / Double(scene.simulationRate)
        updateMembership(at: time)
        for delivery in network.arrivals(at: step) { deliver(delivery, time: time) }
        for device in devices { device.simulation.stepOnce() }
        for device in devices { observe(device) }
        for device in devices where device.online && (step + device.index * resyncSteps / max(devices.count, 1)) % resyncSteps == 0 && step > 0 {
            broadcast(.snapshot(device.replica.sortedRecords), from: device, clock: device.clock)
        }
        checkAgreement()
        step += 1
    }

    private func updateMembership(at time: Double) {
        for device in devices {
            let online = session.peers[device.index].isOnline(at: time)
            guard online != device.online else { continue }
            if online {
                device.online = true
                device.simulation.recordSession(.join(rejoin: true))
                // Back: say hello (the others answer with their snapshots) and tell them
                // what happened here meanwhile.
                broadcast(.hello(name: device.name), from: device, clock: device.clock)
                broadcast(.snapshot(device.replica.sortedRecords), from: device, clock: device.clock)
            } else {
                broadcast(.bye, from: device, clock: device.clock)
                device.online = false
                device.simulation.recordSession(.leave)
            }
        }
    }

    // MARK: Sending

    private func broadcast(_ body: SyncBody, from device: PeerDevice, clock: UInt64) {
        send(body, from: device, to: devices.indices.filter { $0 != device.index }, clock: clock, label: "all")
    }

    private func send(_ body: SyncBody, from device: PeerDevice, to recipients: [Int], clock: UInt64, label: String) {
        device.sequence += 1
        let message = SyncMessage(sender: UInt16(device.index), sequence: device.sequence, clock: clock, body: body)
        let bytes = SyncEncoder.encode(message)
        counts.sent += 1
        device.simulation.recordSession(.send(message: body.name, to: label, sequence: Int(device.sequence), bytes: bytes.count))
        let time = Double(step) / Double(scene.simulationRate)
        for recipient in recipients {
            let fate = network.send(bytes, from: device.index, to: recipient, step: step, time: time) { [devices] peer in
                device.online && devices[peer].online
            }
            if case .lost(let reason) = fate {
                counts.lost += 1
                device.simulation.recordSession(.drop(message: body.name, peer: devices[recipient].name, reason: reason, character: nil))
            }
        }
    }

    // MARK: Receiving

    private func deliver(_ delivery: Delivery, time: Double) {
        let device = devices[delivery.to]
        let from = devices[delivery.from].name
        if !device.online || network.isSplit(delivery.from, delivery.to, at: time) {
            counts.lost += 1
            device.simulation.recordSession(.drop(message: "?", peer: from, reason: device.online ? "partition" : "offline", character: nil))
            return
        }
        counts.delivered += 1
        let message: SyncMessage
        switch validator.decode(delivery.bytes) {
        case .failure(let rejection):
            counts.rejected += 1
            device.simulation.recordSession(.reject(from: from, reason: rejection.description, bytes: delivery.bytes.count))
            return
        case .success(let decoded):
            message = decoded
        }
        if delivery.damaged {
            found(.invalidMessage, on: device, "accepted a \(message.body.name) from \(from) whose bytes the network damaged")
        }
        guard Int(message.sender) == delivery.from else {
            counts.rejected += 1
            device.simulation.recordSession(.reject(from: from, reason: SyncRejection.spoofedSender.description, bytes: delivery.bytes.count))
            return
        }
        guard device.received[delivery.from].insert(message.sequence).inserted else {
            device.simulation.recordSession(.drop(message: message.body.name, peer: from, reason: "duplicate", character: nil))
            return
        }
        device.clock = max(device.clock, message.clock)
        device.simulation.recordSession(.receive(message: message.body.name, from: from, sequence: Int(message.sequence)))
        apply(message, from: delivery.from, on: device)
    }

    private func apply(_ message: SyncMessage, from sender: Int, on device: PeerDevice) {
        let from = devices[sender].name
        let name = message.body.name
        func drop(_ reason: String, _ character: String?) {
            device.simulation.recordSession(.drop(message: name, peer: from, reason: reason, character: character))
        }
        switch message.body {
        case .hello:
            device.simulation.recordSession(.apply(message: name, from: from, change: "hello", character: nil))
            send(.snapshot(device.replica.sortedRecords), from: device, to: [sender], clock: device.clock, label: from)
        case .bye:
            device.simulation.recordSession(.apply(message: name, from: from, change: "bye", character: nil))
        case .spawn(let id, let kind, let position, let scale, let basis):
            let origin = SpawnOrigin(kind: kind, position: position, scale: scale, stamp: message.stamp, basis: basis)
            if device.replica.records[id]?.origin != nil { return drop("duplicate", id) }
            reconcile(device, device.replica.merge(CharacterRecord(id: id, origin: origin)), message: name, from: from)
        case .update(let id, let position, let scale):
            if device.replica.records[id]?.removed == true { return drop("removed", id) }
            if let current = device.replica.placementStamp(of: id), current >= message.stamp { return drop("stale", id) }
            let changed = device.replica.merge(CharacterRecord(id: id, placement: PlacementRegister(position: position, scale: scale, stamp: message.stamp)))
            if device.replica.records[id]?.origin == nil { return drop("unknown", id) }
            reconcile(device, changed, message: name, from: from)
        case .remove(let id):
            if device.replica.records[id]?.removed == true { return drop("removed", id) }
            reconcile(device, device.replica.merge(CharacterRecord(id: id, removed: true)), message: name, from: from)
        case .action(let kind, let target):
            if case .character(let id) = target, device.shown[id] == nil { return drop("unknown", id) }
            let changed = device.simulation.applyShared([.action(.builtIn(kind), target: target)])[0]
            device.simulation.recordSession(.apply(message: name, from: from, change: changed ? "action" : "none", character: target.characterID))
        case .move(let move, let target):
            if case .character(let id) = target, device.shown[id] == nil { return drop("unknown", id) }
            // A peer whose scene lacks the move says so, and she stands still there.
            guard device.simulation.knows(.move(move)) else { return drop("no move \(move)", target.characterID) }
            let changed = device.simulation.applyShared([.action(.move(move), target: target)])[0]
            device.simulation.recordSession(.apply(message: name, from: from, change: changed ? "action" : "none", character: target.characterID))
        case .effect(let kind, let place, let duration):
            if case .character(let id) = place, device.shown[id] == nil { return drop("unknown", id) }
            let changed = device.simulation.applyShared([.effect(kind, place: place, duration: duration)])[0]
            device.simulation.recordSession(.apply(message: name, from: from, change: changed ? "effect" : "none", character: nil))
        case .snapshot(let records):
            var changed: [String] = []
            for record in records { changed += device.replica.merge(record) }
            reconcile(device, changed, message: name, from: from)
            // Push-pull: when the sender lacks something this peer knows, answer with the
            // whole state, so a lossy link heals from both ends. Equal states end the exchange.
            let merged = device.replica.sortedRecords
            if merged != records {
                send(.snapshot(merged), from: device, to: [sender], clock: device.clock, label: from)
            }
        }
    }

    /// Brings the world's characters `ids` to what the replica says of them.
    private func reconcile(_ device: PeerDevice, _ ids: [String], message: String, from: String) {
        var changes: [SharedChange] = []
        var labels: [(String, String)] = []
        var done = Set<String>()
        for id in ids where done.insert(id).inserted {
            let want = device.replica.visible(id)
            let have = device.shown[id]
            switch (want, have) {
            case (nil, .some):
                changes.append(.remove(id: id))
                labels.append(("remove", id))
                device.shown[id] = nil
            case (.some(let want), nil):
                changes.append(.spawn(want))
                labels.append(("spawn", id))
                device.shown[id] = want
            case (.some(let want), .some(let have)) where want != have:
                changes.append(.place(id: id, position: want.position, scale: want.scale))
                labels.append(("place", id))
                device.shown[id] = want
            default:
                break
            }
        }
        guard !changes.isEmpty else { return }
        device.simulation.applyShared(changes)
        for (change, id) in labels {
            device.simulation.recordSession(.apply(message: message, from: from, change: change, character: id))
        }
    }

    // MARK: What happened here

    private func collect(_ device: PeerDevice) {
        for var event in device.simulation.drainTrace() {
            event.peer = device.name
            trace.append(event)
        }
    }

    /// Turns what the peer's own inputs did this step into messages.
    private func observe(_ device: PeerDevice) {
        let before = trace.count
        collect(device)
        for index in before..<trace.count {
            guard let kind = trace[index].kind else { continue }
            switch kind {
            case .spawn(let characterKind, let id, let position, let scale, let cause):
                if !device.spawned.insert(id).inserted {
                    found(.duplicateSpawn, on: device, "'\(id)' spawned a second time (cause \(cause))")
                }
                guard cause == "tap" else { continue }
                let basis = device.clock
                let stamp = device.tick()
                let origin = SpawnOrigin(kind: characterKind, position: position, scale: scale, stamp: stamp, basis: basis)
                let changed = device.replica.merge(CharacterRecord(id: id, origin: origin))
                device.shown[id] = SharedCharacter(id: id, kind: characterKind, position: position, scale: scale)
                broadcast(.spawn(id: id, kind: characterKind, position: position, scale: scale, basis: basis), from: device, clock: stamp.clock)
                wrote()
                // A tap-spawn that gives way to an earlier one at the same spot goes at once.
                reconcile(device, changed, message: "spawn", from: device.name)
            case .remove(let id, _):
                let stamp = device.tick()
                device.replica.merge(CharacterRecord(id: id, removed: true))
                device.shown[id] = nil
                broadcast(.remove(id: id), from: device, clock: stamp.clock)
                wrote()
            case .actionStart(let action, let id, let cause, _) where cause != SceneSimulation.sharedCause:
                guard device.replica.visible(id) != nil else { continue }
                let body: SyncBody
                switch action {
                case .builtIn(let kind): body = .action(kind, target: .character(id))
                case .move(let move): body = .move(name: move, target: .character(id))
                }
                broadcast(body, from: device, clock: device.tick().clock)
            case .effectStart(let effect, let id, let position, let duration, let cause)
                where !["sync", "spawn", "vanish", "sparkle"].contains(cause):
                let place: EffectPlace = id.map { .character($0) } ?? position.map { .point($0) } ?? .canvas
                broadcast(.effect(effect, place: place, duration: duration), from: device, clock: device.tick().clock)
            default:
                continue
            }
        }
        // Moves and pinches made here: new writes, sent at the throttle's pace.
        device.refreshShown()
        for character in device.shownInOrder {
            guard let known = device.replica.visible(character.id), known != character else { continue }
            let stamp = device.tick()
            device.replica.merge(CharacterRecord(id: character.id,
                                                 placement: PlacementRegister(position: character.position, scale: character.scale, stamp: stamp)))
            device.unsent.insert(character.id)
            wrote()
        }
        for id in device.unsent.sorted() {
            guard step - device.lastUpdate[id, default: Int.min / 2] >= throttleSteps else { continue }
            device.unsent.remove(id)
            // A newer write from another peer replaced this one: that peer sends it.
            guard let visible = device.replica.visible(id), let stamp = device.replica.placementStamp(of: id),
                  stamp.peer == UInt16(device.index) else { continue }
            device.lastUpdate[id] = step
            broadcast(.update(id: id, position: visible.position, scale: visible.scale), from: device, clock: stamp.clock)
        }
        if !device.unsent.isEmpty { wrote() }
    }

    private func wrote() { agreement.wrote(at: step) }

    /// Traces the peers coming to agree, or records their disagreement past the deadline.
    private func checkAgreement() {
        switch agreement.check(devices, at: step, disagreementFound: findings.contains { $0.kind == .disagreement }) {
        case .nothingNew:
            break
        case .converged(let steps):
            devices[0].simulation.recordSession(.converged(characters: devices[0].shownInOrder.count, steps: steps))
        case .disagreement(let peer, let stepsAfterQuiet):
            let first = devices.first(where: \.online)?.name ?? ""
            found(.disagreement, on: devices[peer],
                  "its world differs from \(first)'s \(stepsAfterQuiet) steps after the network healed and inputs stopped")
        }
    }

    private func found(_ kind: SessionFinding.Kind, on device: PeerDevice, _ detail: String) {
        findings.append(SessionFinding(kind: kind, step: step, peer: device.name, detail: detail))
    }
}

extension ActionTarget {
    /// The character named, if one is.
    var characterID: String? {
        if case .character(let id) = self { return id }
        return nil
    }
}
