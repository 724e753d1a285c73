import CVBus

/// The two signals of each item as the camera reports them: the feature print's similarity
/// (label `<item>.fp`) and the classifier's confidence (`<item>.ml`), from the scene's `cv:`
/// script, a recorded log or a live stream. Read raw, sample by sample, with the bus's
/// latency: a confidence that changes without the object moving is still a new value, which
/// the bus's tracker (made for detections) would not report. Pure: no clock.
struct RecognitionSignals {
    /// A signal's label: `keys.fp`, `keys.ml`.
    static func label(item: String, signal: Signal) -> String { "\(item).\(signal.rawValue)" }

    /// Which of the two signals.
    enum Signal: String { case fp, ml }

    private struct Track {
        var samples: [(time: Double, confidence: Double)] = []
        var cursor = -1
    }

    private var tracks: [String: Track] = [:]
    private var live: [String: (time: Double, confidence: Double)] = [:]
    private let settings: CVBusSettings

    /// The signals in `observations` (any order of labels, each in time order), delivered per `settings`.
    init(observations: [CVObservation], settings: CVBusSettings) {
        self.settings = settings
        for observation in observations {
            guard case .detection(let detection) = observation else { continue }
            tracks[detection.label, default: Track()].samples.append((detection.time, detection.confidence))
        }
        for key in tracks.keys { tracks[key]!.samples.sort { $0.time < $1.time } }
    }

    /// A live sample of `label` seen at `time`.
    mutating func receive(label: String, confidence: Double, time: Double) {
        live[label] = (time, confidence)
    }

    /// The value of `label` the game knows at `time`: the last sample delivered by then
    /// (seen at least `latency` earlier), or 0 when none was seen for `remove_after` seconds.
    mutating func value(of label: String, at time: Double) -> Double {
        var latest: (time: Double, confidence: Double)?
        if var track = tracks[label] {
            while track.cursor + 1 < track.samples.count, track.samples[track.cursor + 1].time + settings.latency <= time + 1e-9 {
                track.cursor += 1
            }
            tracks[label] = track
            if track.cursor >= 0 { latest = track.samples[track.cursor] }
        }
        if let heard = live[label], latest.map({ heard.time >= $0.time }) ?? true { latest = heard }
        guard let latest, time - (latest.time + settings.latency) <= settings.removeAfter + 1e-9 else { return 0 }
        return latest.confidence
    }
}
