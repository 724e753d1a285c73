import Audio
import Foundation
import Output

/// What `listen` prints while it listens: each clap (and, with --explain, each refused onset)
/// as it is decided, a live level meter on a terminal, and a summary on standard error at the end.
public struct ListeningSession {
    /// One JSON object per line instead of sentences.
    public let json: Bool
    /// Whether each refused onset is printed too, with the test that refused it.
    public let explain: Bool
    /// Whether a live level meter is drawn (on a terminal).
    public let meter: Bool
    private var summary = ListeningSummary()
    private var roomLevel = -200.0
    private var lastMeter = -1.0
    private var lastClap: ClapEvent?

    /// A session printing as `json`, `explain` and `meter` say.
    public init(json: Bool, explain: Bool, meter: Bool) {
        self.json = json
        self.explain = explain
        self.meter = meter
    }

    /// Feeds one block of mono sound through `detector` and prints what it decided.
    public mutating func hear(_ block: [Float], with detector: ClapDetector) {
        let claps = detector.process(block)
        show(block, sampleRate: detector.sampleRate, claps: claps, refusals: detector.drainRefusals(), roomLevel: detector.roomLevel)
    }

    /// Prints what was decided in one block of mono sound.
    private mutating func show(_ block: [Float], sampleRate: Double, claps: [ClapEvent], refusals: [ClapRefusal], roomLevel: Double) {
        summary.add(block, sampleRate: sampleRate, claps: claps, refused: refusals)
        self.roomLevel = roomLevel
        for clap in claps {
            lastClap = clap
            emit(json ? Self.jsonLine(HeardClap(time: Self.rounded(clap.time, 3), strength: Self.rounded(clap.strength, 1), group: clap.group ? true : nil))
                      : clap.group ? "a group clapping at \(Self.fixed(clap.time, 3)) s, \(Self.fixed(clap.strength, 1)) dB above the room"
                                   : "clap at \(Self.fixed(clap.time, 3)) s, \(Self.fixed(clap.strength, 1)) dB above the room")
        }
        if explain {
            for refusal in refusals {
                emit(json ? Self.jsonLine(RefusedOnset(refused: Self.rounded(refusal.time, 3), level: refusal.level, test: refusal.test.rawValue,
                                                       measured: refusal.measured, limit: refusal.limit))
                          : "not a clap at \(Self.fixed(refusal.time, 3)) s (\(refusal.level) dBFS): \(refusal.test.meaning) "
                            + "[\(refusal.test.rawValue) \(refusal.measured) dB, limit \(refusal.limit)]")
            }
        }
        if meter && summary.seconds - lastMeter >= 0.1 {
            lastMeter = summary.seconds
            let level = ListeningSummary.rmsDecibels(block)
            let bar = String(repeating: "#", count: max(0, min(40, Int((level + 80) / 2))))
            let clap = lastClap.map { "last clap \(Self.fixed($0.strength, 1)) dB at \(Self.fixed($0.time, 1)) s" } ?? "no clap yet"
            fputs("\r\u{1B}[K" + String(format: "%6.1f dBFS %@ room %.1f dBFS  %@", level, bar.padding(toLength: 40, withPad: " ", startingAt: 0),
                                        roomLevel, clap), stdout)
            fflush(stdout)
        }
    }

    /// Hears `reader` to its end (or for `duration` seconds) in blocks of 10 ms, through a
    /// clap detector of `sensitivity`.
    public mutating func hear(_ reader: WAVReader, duration: Double?, sensitivity: ClapSensitivity) {
        let detector = Self.detector(sampleRate: Double(reader.sampleRate), sensitivity: sensitivity)
        let blockFrames = max(1, reader.sampleRate / 100)
        let limit = duration.map { Int($0 * Double(reader.sampleRate)) } ?? Int.max
        var heard = 0
        while heard < limit {
            let mono = reader.readMono(frames: min(blockFrames, limit - heard))
            if mono.isEmpty { break }
            heard += mono.count
            hear(mono, with: detector)
        }
    }

    /// Hears a demo's room recording (`demo --record-room`) as the demo heard it (its own sound
    /// compared bin by bin, its sensitivity as it changed), to its end or for `duration` seconds;
    /// times are on the demo's clock, as its trace and log give them.
    public mutating func hear(_ recording: RoomRecording.Contents, duration: Double?) {
        let rate = recording.sampleRate, origin = recording.origin
        let hearing = ClapHearing(sampleRate: rate, echo: .bands, sensitivity: .medium, explains: true)
        var played: [(samples: [Float], at: Double)] = []
        var heard = 0
        let limit = duration.map { Int($0 * rate) } ?? Int.max
        for record in recording.records {
            switch record {
            case let .played(samples, at): played.append((samples, at))
            case let .sensitivity(sensitivity): hearing.change(to: sensitivity)
            case let .microphone(block, arrived):
                guard heard < limit else { return }
                heard += block.count
                let result = hearing.hear(block, arrived: arrived, played: played)
                played.removeAll()
                show(block, sampleRate: rate, claps: result.claps.map { ClapEvent(time: $0.onset - origin, strength: $0.strength, group: $0.group) },
                     refusals: result.refusals.map { onset, refusal in
                         var refusal = refusal
                         refusal.time = onset - origin
                         return refusal
                     }, roomLevel: hearing.roomLevel)
            }
        }
    }

    /// Hears `microphone` for `duration` seconds (nil: until Ctrl-C, SIGTERM or SIGHUP, which
    /// end it with its summary, not mid-line), through a clap detector of `sensitivity`.
    public mutating func hear(_ microphone: PulseMicrophone, duration: Double?, sensitivity: ClapSensitivity) throws {
        StopSignal.install()
        let detector = Self.detector(sampleRate: Double(microphone.sampleRate), sensitivity: sensitivity)
        let deadline = duration.map { ContinuousClock.now + .milliseconds(Int($0 * 1_000)) }
        while (deadline.map { ContinuousClock.now < $0 } ?? true) && StopSignal.requested == nil {
            hear(try microphone.read(), with: detector)
        }
    }

    /// A detector that keeps its refusals: for the summary, and printed one by one with --explain.
    private static func detector(sampleRate: Double, sensitivity: ClapSensitivity) -> ClapDetector {
        let detector = ClapDetector(sampleRate: sampleRate, settings: ClapDetectorSettings(sensitivity: sensitivity))
        detector.recordsRefusals = true
        return detector
    }

    /// Ends the meter's line and prints the summary on standard error.
    public func finish() {
        if meter { fputs("\r\u{1B}[K", stdout) }
        for line in summary.text(roomLevel: roomLevel).split(separator: "\n") { fputs("aria-render: \(line)\n", stderr) }
    }

    private func emit(_ line: String) {
        if meter { fputs("\r\u{1B}[K", stdout) }
        print(line)
    }

    private static func fixed(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

    /// `value` to `places` decimals, as `--json` prints it.
    private static func rounded(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// One line of `--json`: keys sorted, so every run prints the same bytes.
    private static func jsonLine(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A level of silence is -infinity, which JSON has no number for.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// A clap in `listen --json`: when (s) and how far above the room (dB); `group` (only when
/// true) for a group applauding with no clap standing out.
private struct HeardClap: Encodable {
    let time: Double
    let strength: Double
    let group: Bool?
}

/// An onset `listen --explain --json` did not count: when, its level (dBFS), the test it
/// failed, what that test measured and its limit.
private struct RefusedOnset: Encodable {
    let refused: Double
    let level: Double
    let test: String
    let measured: Double
    let limit: Double
}
