import HummingbirdWebSocket

/// The pages open now, each by its WebSocket: what a reload is told to.
actor OpenPages {
    private var writers: [Int: WebSocketOutboundWriter] = [:]
    private var next = 0

    func add(_ writer: WebSocketOutboundWriter) -> Int {
        next += 1
        writers[next] = writer
        return next
    }

    func remove(_ id: Int) { writers[id] = nil }

    /// Sends `text` to every page; a page that has gone is forgotten.
    func send(_ text: String) async {
        for (id, writer) in writers {
            do { try await writer.write(.text(text)) } catch { writers[id] = nil }
        }
    }
}
