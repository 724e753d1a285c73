import Audio

/// What the kiosk makes of its microphone, block by block: the demo's own sound compared with
/// what it heard, bin by bin (`OwnSoundMask`, with `EchoHandling.bands`), then the clap detector;
/// times on the demo's clock. Pure: the microphone thread feeds it live, and `listen` feeds it a
/// room recording (`RoomRecording`), so a live room's misses can be studied again offline.
public final class ClapHearing {
    /// A clap heard, in the demo clock's readings.
    public struct Clap: Equatable, Sendable {
        /// When its onset reached the microphone stream.
        public var onset: Double
        /// When the detector decided it was a clap (the arrival of the block that decided it).
        public var decided: Double
        /// How far it rose above the room, in dB.
        public var strength: Double
        /// Whether it stands for a group applauding with no clap standing out.
        public var group: Bool
    }

    /// What one block gave.
    public struct Heard {
        /// The claps decided in the block.
        public var claps: [Clap] = []
        /// The loud onsets refused in it (kept only when refusals are explained), with their
        /// onsets on the demo's clock.
        public var refusals: [(onset: Double, refusal: ClapRefusal)] = []
        /// Where the demo's own sound was found behind its playing, in seconds, the first time.
        public var echoFound: Double?
    }

    /// The microphone's sample rate, in Hz.
    public let sampleRate: Double
    /// The thresholds in use.
    public private(set) var sensitivity: ClapSensitivity
    /// The room's quiet level in 0.5–10 kHz, dBFS, as the detector has learned it.
    public var roomLevel: Double { detector.roomLevel }
    private let explains: Bool
    private var detector: ClapDetector
    /// Nil with `EchoHandling.off`: the microphone does not hear the speaker.
    private let mask: OwnSoundMask?
    private var delayReported = false
    /// Where the clock reading stands in the mask's stream.
    private var clockInStream = ClockInStream()

    /// The demo's own sound may still reach the microphone this long after it was played.
    private static let playbackAllowance = ClapDetectorSettings().playbackDelayAllowance

    /// Hearing for a microphone at `sampleRate`, keeping the demo's own sound out as `echo`
    /// says, with the thresholds of `sensitivity`; when `explains`, refused onsets are kept.
    public init(sampleRate: Double, echo: EchoHandling, sensitivity: ClapSensitivity, explains: Bool) {
        self.sampleRate = sampleRate
        self.sensitivity = sensitivity
        self.explains = explains
        detector = Self.detector(sampleRate: sampleRate, sensitivity: sensitivity, explains: explains)
        mask = echo == .bands ? OwnSoundMask(sampleRate: sampleRate) : nil
    }

    /// Takes the thresholds of `sensitivity` from the next block on: a fresh detector, which
    /// learns the room again during its warm-up (a quarter of a second), which also outlasts the
    /// windows of the demo's own sounds that the old detector's playback gate held.
    public func change(to sensitivity: ClapSensitivity) {
        guard sensitivity != self.sensitivity else { return }
        self.sensitivity = sensitivity
        detector = Self.detector(sampleRate: sampleRate, sensitivity: sensitivity, explains: explains)
    }

    /// Hears one microphone block that arrived at clock reading `arrived`, after noting the
    /// mono sound `played` since the last block (each heard from its clock reading on).
    public func hear(_ block: [Float], arrived: Double, played: [(samples: [Float], at: Double)]) -> Heard {
        // The stream time of the newest sample is about now: the capture buffer is one block.
        // The detector's newest sample was heard the mask's window earlier.
        let maskLag = mask.map { Double($0.latencySamples) / sampleRate } ?? 0
        let offset = detector.streamTime + Double(block.count) / sampleRate - arrived + maskLag
        var heard = Heard()
        let claps: [ClapEvent]
        if let mask {
            let maskOffset = clockInStream.follow(Double(mask.streamSamples + block.count) / sampleRate - arrived,
                                                   seconds: Double(block.count) / sampleRate)
            // The played sound goes to the mask, and to the gate, which decides only before the
            // echo's delay is found.
            for (mono, time) in played {
                mask.notePlayed(mono, at: Int(((time + maskOffset) * sampleRate).rounded()))
                detector.playbackGate.notePlayback(mono, sampleRate: sampleRate, at: time + offset, allowance: Self.playbackAllowance)
            }
            let masked = mask.process(block)
            detector.heldFrames = mask.heldFrames
            claps = detector.process(masked, echo: mask.verdicts)
            if !delayReported, let delay = mask.delay {
                delayReported = true
                heard.echoFound = delay
            }
        } else {
            claps = detector.process(block)
        }
        heard.claps = claps.map { Clap(onset: $0.time - offset, decided: arrived, strength: $0.strength, group: $0.group) }
        heard.refusals = detector.drainRefusals().map { ($0.time - offset, $0) }
        return heard
    }

    private static func detector(sampleRate: Double, sensitivity: ClapSensitivity, explains: Bool) -> ClapDetector {
        let detector = ClapDetector(sampleRate: sampleRate, settings: ClapDetectorSettings(sensitivity: sensitivity))
        detector.recordsRefusals = explains
        return detector
    }
}

/// Where the clock reading stands in the microphone's stream (stream seconds minus the clock),
/// followed smoothly. The blocks arrive with a few ms of jitter (±4 ms in 98 blocks of 100 in a
/// live room, 10 ms at worst): the played sound's stamps, placed by one block's arrival, strayed
/// that much and were taken for splices. Followed over `seconds`, the clocks' drift (270 ppm
/// there) leaves it 0.5 ms behind.
struct ClockInStream {
    static let seconds = 2.0
    /// A place this far from the one followed is a new one (the microphone reconnected, or lost
    /// samples): followed smoothly, a jump of seconds took seconds to come back within a splice's
    /// 5 ms, with every block placed meanwhile taken for a splice.
    static let jumpSeconds = 0.05

    private(set) var place = 0.0
    private var blocks = 0

    /// Takes the place one block gave (`observed`, the block `seconds` long) and returns the
    /// place followed: the mean of the blocks so far until there are enough to follow it over
    /// `ClockInStream.seconds`.
    mutating func follow(_ observed: Double, seconds: Double) -> Double {
        if blocks > 0 && abs(observed - place) > Self.jumpSeconds { blocks = 0 }
        blocks += 1
        place += (observed - place) * min(1, max(1 / Double(blocks), seconds / Self.seconds))
        return place
    }
}
