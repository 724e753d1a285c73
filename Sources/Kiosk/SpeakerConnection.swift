import Audio
import Foundation

/// The kiosk's speaker, as the sound loop's output: a PulseAudio playback stream that may
/// not exist yet (the server starts after the demo, or is restarting). While there is none,
/// blocks are dropped at real-time pace and a connection is tried again with a growing
/// back-off; once connected, `PulseSpeaker` itself reconnects after a loss. Every block that
/// reaches the server is told to `onPlayed`, so the clap detector can ignore the demo's own sounds.
final class SpeakerConnection: AudioOutput, @unchecked Sendable {
    let sampleRate = 48_000
    /// Told each block played, with the clock reading at which its first sample is heard.
    var onPlayed: ([Float], Double) -> Void = { _, _ in }
    /// Told when the speaker fails and when it plays again, for the trace.
    let outageNotice = SoundOutage()

    private let device: String?
    private let clock: MonotonicClock
    private let log: DemoLog
    private var speaker: PulseSpeaker?
    private var backoff = Backoff()
    private var nextAttempt = 0.0
    private var outage = OutageReport()

    /// A speaker playing to `device` (nil: the server's default sink), connected at once if possible.
    init(device: String?, clock: MonotonicClock, log: DemoLog) {
        self.device = device
        self.clock = clock
        self.log = log
        connect()
    }

    func write(_ interleaved: [Float]) throws {
        if speaker == nil && clock.now >= nextAttempt { connect() }
        guard let speaker else {
            // Keep real-time pace, as the sound loop expects of its output.
            Thread.sleep(forTimeInterval: Double(interleaved.count / 2) / Double(sampleRate))
            return
        }
        try speaker.write(interleaved)
        // PulseSpeaker reconnects by itself after a loss; whether it is connected tells the trace.
        guard speaker.isConnected else {
            outageNotice.failed("lost PulseAudio playback to \(device ?? "the default sink")")
            return
        }
        outageNotice.worked()
        // Read at every block: the stream interpolates it without asking the server, and a
        // block stamped with a latency read a second ago strays by up to 10 ms, which hid an
        // underrun's click from the clap detector.
        let latency = max(0, speaker.latency)
        let blockSeconds = Double(interleaved.count / 2) / Double(sampleRate)
        onPlayed(interleaved, clock.now + latency - blockSeconds)
    }

    /// Closes the stream; call only once nothing writes any more.
    func close() {
        speaker = nil
        nextAttempt = .infinity
    }

    private func connect() {
        do {
            let opened = try PulseSpeaker(device: device)
            opened.onStatus = { [log] in log.line("speaker: \($0)") }
            speaker = opened
            backoff.succeeded()
            outageNotice.worked()
            outage.worked("speaker: playing to \(device ?? "the default sink")", to: log, always: true)
        } catch {
            outageNotice.failed("cannot play to \(device ?? "the default sink"): \(error)")
            outage.failed("speaker: cannot play to \(device ?? "the default sink"): \(error); the demo goes on silent and retries", to: log)
            nextAttempt = clock.now + backoff.current
            backoff.failed()
        }
    }
}
