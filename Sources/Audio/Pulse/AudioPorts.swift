/// Where the mixer's sound goes: a speaker in the kiosk, a buffer in a unit test.
public protocol AudioOutput: AnyObject {
    /// Frames per second the output expects.
    var sampleRate: Int { get }
    /// Plays interleaved stereo samples; blocks while the output's buffer is full, which is
    /// what paces a live playback loop.
    func write(_ interleaved: [Float]) throws
}

/// Where the clap detector's sound comes from: a microphone in the kiosk, a buffer in a test.
public protocol AudioInput: AnyObject {
    /// Frames per second the input delivers.
    var sampleRate: Int { get }
    /// The next block of mono samples; empty while the source is unavailable.
    func read() throws -> [Float]
}
