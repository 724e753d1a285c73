/// A render asked for something it cannot do: frames outside the scene, an output of the
/// wrong kind, a folder of another render's frames (exit 2).
public struct RenderRequestError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, in one line.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
