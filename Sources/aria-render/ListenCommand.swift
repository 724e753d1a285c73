import ArgumentParser
import Audio
import Foundation
import Kiosk

/// `aria-render listen`: prints each hand clap heard in a WAV file or from a PulseAudio source,
/// so a kiosk installer can tune the room and tests can measure the detector.
struct Listen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each hand clap heard in a WAV file or from a PulseAudio source.",
        discussion: "Without --file or --mic, listens to the default PulseAudio source until --duration ends (or forever)."
    )

    @Option(name: .long, help: "A WAV file to listen to, or a demo's --record-room recording; stops at its end.") var file: String?

    @Option(name: .long, help: "A PulseAudio source to listen to (as demo --mic), e.g. a null sink's <name>.monitor.") var mic: String?

    /// The old spelling of --mic, kept for one release.
    @Option(name: .customLong("device"), help: .hidden)
    var device: String?

    @Flag(name: .long, help: "One JSON object per clap and line: {\"time\": seconds, \"strength\": dB}.") var json = false

    @Option(name: .long, help: "Stop after this many seconds.") var duration: Double?

    @Flag(name: .long, help: "Also print each loud onset that was not taken for a clap, and the test that refused it.") var explain = false

    @Option(name: .long, help: "How readily a sound counts as a clap: easy, medium (default) or hard.")
    var clapSensitivity: ClapSensitivity = .medium

    func validate() throws {
        if file != nil && (mic ?? device) != nil { throw ValidationError("give --file or --mic, not both") }
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("--duration must be a positive number of seconds") }
    }

    func run() throws {
        setvbuf(stdout, nil, _IOLBF, 0)  // each clap reaches a pipe as soon as it is heard
        var session = ListeningSession(json: json, explain: explain,
                                       meter: file == nil && !json && isatty(STDOUT_FILENO) == 1)
        if let file {
            try listen(toFile: file, session: &session)
        } else {
            if device != nil { OptionNotice.renamed("--device", to: "--mic") }
            try listen(toDevice: mic ?? device, session: &session)
        }
        session.finish()
    }

    /// A WAV file, or a demo's room recording (`demo --record-room`), heard as the demo heard it.
    private func listen(toFile path: String, session: inout ListeningSession) throws {
        do {
            if RoomRecording.isRecording(atPath: path) { return session.hear(try RoomRecording.read(path: path), duration: duration) }
            session.hear(try WAVReader(path: path), duration: duration, sensitivity: clapSensitivity)
        } catch let error as AudioFileError {
            throw ToolFailure(.badInput, error.description)
        } catch let error as RoomRecordingError {
            throw ToolFailure(.badInput, error.description)
        }
    }

    private func listen(toDevice device: String?, session: inout ListeningSession) throws {
        let microphone: PulseMicrophone
        do {
            microphone = try PulseMicrophone(device: device)
        } catch let error as PulseError {
            throw ToolFailure(.systemFailure, error.description)
        }
        microphone.onStatus = { fputs("aria-render: \($0)\n", stderr) }
        try session.hear(microphone, duration: duration, sensitivity: clapSensitivity)
    }
}
