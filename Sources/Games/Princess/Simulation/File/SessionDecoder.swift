import Scene

/// Reads the `session:` section (peers and network) and checks the timeline's `peer:`
/// names against it; every problem is reported at its file:line:column.
struct SessionDecoder {
    static let keys = ["peers", "network", "updates_per_second", "resync", "settle", "network_seed"]
    static let peerKeys = ["name", "leave", "rejoin"]
    static let networkKeys = ["latency", "jitter", "loss", "duplicate", "reorder", "corrupt", "partitions"]

    let reader: ValueReader
    let duration: Double

    func decode(_ node: DocumentNode) -> SessionDescription? {
        guard let fields = reader.fields(node, "session", allowed: Self.keys) else { return nil }
        guard let peersNode = reader.requireKey(fields, "peers", "session", example: "'peers: [{name: ann}, {name: ben}]'"),
              let items = reader.list(peersNode, "session.peers", expected: "peers ({name, leave, rejoin})") else { return nil }
        if items.count < 2 || items.count > SessionDescription.maxPeers {
            reader.report(peersNode.position, "session.peers has \(items.count) peer\(items.count == 1 ? "" : "s"); a session has 2…\(SessionDescription.maxPeers)")
        }
        var peers: [SessionPeer] = []
        var lines: [String: Int] = [:]
        for (index, item) in items.prefix(SessionDescription.maxPeers).enumerated() {
            if let peer = decodePeer(item, "session.peers[\(index)]", lines: &lines) { peers.append(peer) }
        }
        var session = SessionDescription(peers: peers)
        if let node = fields["network"] { session.network = decodeNetwork(node, names: peers.map(\.name)) }
        session.updatesPerSecond = fields["updates_per_second"].flatMap { reader.integer($0, "session.updates_per_second", in: 1...60) } ?? session.updatesPerSecond
        session.resync = fields["resync"].flatMap { reader.number($0, "session.resync", in: 0.1...60, unit: "seconds") } ?? session.resync
        session.settle = fields["settle"].flatMap { reader.number($0, "session.settle", in: 0.1...600, unit: "seconds") } ?? session.settle
        session.networkSeed = fields["network_seed"].flatMap { reader.seed($0, "session.network_seed") }
        return session
    }

    private func decodePeer(_ node: DocumentNode, _ path: String, lines: inout [String: Int]) -> SessionPeer? {
        guard let fields = reader.fields(node, path, allowed: Self.peerKeys) else { return nil }
        guard let nameNode = reader.requireKey(fields, "name", path, example: "'name: ann'"),
              let name = reader.text(nameNode, "\(path).name", expected: "the peer's name") else { return nil }
        if !Self.isPlainName(name) {
            reader.report(nameNode.position, "\(path).name \(SceneFileLimits.quoted(name)) must be 1…16 letters, digits, '-' or '_'")
        } else if let first = lines[name] {
            reader.report(nameNode.position, "duplicate peer name \(SceneFileLimits.quoted(name)) (first at line \(first))")
        } else {
            lines[name] = nameNode.position.line
        }
        let leave = fields["leave"].flatMap { reader.number($0, "\(path).leave", in: 0...duration, unit: "seconds") }
        let rejoin = fields["rejoin"].flatMap { reader.number($0, "\(path).rejoin", in: 0...duration, unit: "seconds") }
        if let node = fields["rejoin"], rejoin != nil, leave == nil, !fields.has("leave") {
            reader.report(node.position, "\(path).rejoin needs a 'leave' before it")
        }
        if let leave, let rejoin, rejoin <= leave, let node = fields["rejoin"] {
            reader.report(node.position, "\(path).rejoin (\(ValueReader.format(rejoin)) s) must come after leave (\(ValueReader.format(leave)) s)")
        }
        return SessionPeer(name: name, leave: leave, rejoin: rejoin)
    }

    private func decodeNetwork(_ node: DocumentNode, names: [String]) -> NetworkModel {
        var model = NetworkModel()
        guard let fields = reader.fields(node, "session.network", allowed: Self.networkKeys) else { return model }
        model.latency = fields["latency"].flatMap { reader.number($0, "session.network.latency", in: 0...10, unit: "seconds") } ?? model.latency
        model.jitter = fields["jitter"].flatMap { reader.number($0, "session.network.jitter", in: 0...10, unit: "seconds") } ?? model.jitter
        func chance(_ key: String) -> Double? { fields[key].flatMap { reader.number($0, "session.network.\(key)", in: 0...1, unit: "(a chance)") } }
        if let node = fields["loss"], let loss = chance("loss"), loss >= 1 {
            reader.report(node.position, "session.network.loss 1 loses every message; give less than 1 (a partition cuts peers off)")
        }
        model.loss = min(chance("loss") ?? model.loss, 0.99)
        model.duplicate = chance("duplicate") ?? model.duplicate
        model.reorder = chance("reorder") ?? model.reorder
        model.corrupt = chance("corrupt") ?? model.corrupt
        if let list = fields["partitions"], let items = reader.list(list, "session.network.partitions", expected: "partitions ({start, end, peers})") {
            for (index, item) in items.enumerated() {
                if let partition = decodePartition(item, "session.network.partitions[\(index)]", names: names) {
                    model.partitions.append(partition)
                }
            }
        }
        return model
    }

    private func decodePartition(_ node: DocumentNode, _ path: String, names: [String]) -> NetworkPartition? {
        guard let fields = reader.fields(node, path, allowed: ["start", "end", "peers"]) else { return nil }
        let start = reader.requireKey(fields, "start", path, example: "'start: 3'")
            .flatMap { reader.number($0, "\(path).start", in: 0...duration, unit: "seconds") }
        let end = reader.requireKey(fields, "end", path, example: "'end: 5'")
            .flatMap { reader.number($0, "\(path).end", in: 0...duration, unit: "seconds") }
        var peers: [String] = []
        if let list = reader.requireKey(fields, "peers", path, example: "'peers: [ben]' (one side of the split)"),
           let items = reader.list(list, "\(path).peers", expected: "peer names") {
            for (index, item) in items.enumerated() {
                guard let name = reader.text(item, "\(path).peers[\(index)]", expected: "a peer's name") else { continue }
                if names.contains(name) { peers.append(name) } else { reportUnknownPeer(name, at: item.position, names: names) }
            }
        }
        if let start, let end, end <= start, let node = fields["end"] {
            reader.report(node.position, "\(path).end (\(ValueReader.format(end)) s) must come after start (\(ValueReader.format(start)) s)")
            return nil
        }
        guard let start, let end else { return nil }
        return NetworkPartition(start: start, end: end, peers: peers)
    }

    /// Checks each timeline entry's `peer:` against the session (or its absence).
    func checkPeers(of entries: [DecodedTimelineEntry], session: SessionDescription?) {
        for entry in entries {
            guard let peer = entry.entry.peer, let position = entry.peerPosition else { continue }
            guard let session else {
                reader.report(position, "peer \(SceneFileLimits.quoted(peer)) needs a 'session:' section naming the peers")
                continue
            }
            if !session.names.contains(peer) { reportUnknownPeer(peer, at: position, names: session.names) }
        }
    }

    private func reportUnknownPeer(_ name: String, at position: SourcePosition, names: [String]) {
        reader.report(position, "unknown peer \(SceneFileLimits.quoted(name))" + SpellingSuggestion.hint(for: name, among: names)
                      + " (the session's peers: \(names.joined(separator: ", ")))")
    }

    /// 1…16 of letters, digits, '-' and '_': it is written in ids and the trace.
    static func isPlainName(_ name: String) -> Bool {
        (1...16).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
    }
}
