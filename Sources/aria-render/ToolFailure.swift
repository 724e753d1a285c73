/// A failure the tool reports as one line and a distinct exit code.
struct ToolFailure: Error, CustomStringConvertible {
    /// The exit codes, the same for every command.
    enum Status: Int32 {
        /// Done.
        case success = 0
        /// Differences found (QA commands).
        case differences = 1
        /// Bad input: a scene file, an option, a manifest.
        case badInput = 2
        /// A part of the system is missing or failed: ffmpeg, PulseAudio, X, an output path.
        case systemFailure = 3
        /// The profile cannot serve: not a database, damaged, from a newer aria-render, unopenable.
        case profileUnusable = 4
        /// The profile is locked by another program (try again once it is closed).
        case profileLocked = 5
    }

    let status: Status
    let message: String
    /// Each problem on a line of its own, when the message only counts them (already printed).
    var problems: [String] = []

    init(_ status: Status, _ message: String, problems: [String] = []) {
        self.status = status
        self.message = message
        self.problems = problems
    }

    var description: String { message }
}
