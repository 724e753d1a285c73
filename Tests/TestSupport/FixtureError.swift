/// Why a test fixture (a program, an X server, a PulseAudio daemon, the built tool) could not
/// do its part: a sentence that says what is missing or what went wrong.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
