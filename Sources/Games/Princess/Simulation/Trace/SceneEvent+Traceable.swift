import Trace

extension SceneEvent: TraceableEvent {}

extension TraceEvent {
    /// What happened in the princess scene, typed; nil for a line made by hand or by another game.
    public var kind: SceneEvent? { typed as? SceneEvent }
}

extension TraceEvent {
    /// A princess scene's event, stamped.
    public init(t: Double, frame: Int, kind: SceneEvent) {
        self.init(t: t, frame: frame, kind: kind as any TraceableEvent)
    }
}
