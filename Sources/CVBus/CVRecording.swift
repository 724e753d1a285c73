/// A detection log as read: where it came from and what it holds, in time order.
public struct CVRecording: Sendable, Equatable {
    /// The file as the user named it.
    public var file: String
    /// Its observations, in the log's order (which is time order).
    public var observations: [CVObservation]

    /// A recording from its parts.
    public init(file: String, observations: [CVObservation]) {
        self.file = file
        self.observations = observations
    }
}
