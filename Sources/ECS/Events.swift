/// Type-erased event channel, so a world can swap all of its channels at the end of a step.
class AnyEventChannel {
    func swapBuffers() { fatalError("abstract") }
}

/// Double-buffered events of one type: those sent during a step become readable, by every
/// system, during the next step, and are gone after it.
final class EventChannel<E>: AnyEventChannel {
    var sending: [E] = []
    var readable: [E] = []

    override func swapBuffers() {
        swap(&sending, &readable)
        sending.removeAll(keepingCapacity: true)
    }
}

extension World {
    private func channel<E>(_ type: E.Type) -> EventChannel<E> {
        let key = ObjectIdentifier(type)
        if let existing = eventChannels[key] { return unsafeDowncast(existing, to: EventChannel<E>.self) }
        let created = EventChannel<E>()
        eventChannels[key] = created
        eventChannelOrder.append(created)
        return created
    }

    /// Sends `event`; systems read it during the next step.
    public func send<E>(_ event: E) {
        channel(E.self).sending.append(event)
    }

    /// The events of type `type` sent during the previous step, in the order they were sent.
    public func events<E>(_ type: E.Type) -> [E] {
        channel(type).readable
    }

    /// The events of type `type` sent so far during this step (for tracing at a step's end).
    public func pendingEvents<E>(_ type: E.Type) -> [E] {
        channel(type).sending
    }

    /// Ends a step for events: what was sent becomes readable, what was readable is dropped.
    public func advanceEvents() {
        for channel in eventChannelOrder { channel.swapBuffers() }
    }
}
