import Foundation

/// What a stretch of listening heard, for an installer tuning a room: how loud it got, how
/// many claps, and which tests turned the other loud onsets down.
public struct ListeningSummary: Sendable {
    /// Seconds of sound heard.
    public private(set) var seconds = 0.0
    /// Claps heard.
    public private(set) var claps = 0
    /// The strongest clap's strength above the room, in dB.
    public private(set) var strongestClap: Double?
    /// The loudest 10 ms block, dBFS RMS, and when it was.
    public private(set) var loudest: (decibels: Double, time: Double) = (-200, 0)
    /// Loud onsets refused, per test, in the order the tests are asked.
    public private(set) var refusals: [(test: ClapTest, count: Int)] = ClapTest.allCases.map { ($0, 0) }

    /// Nothing heard yet.
    public init() {}

    /// Counts in one block of mono `samples` at `sampleRate` and what the detector made of it.
    public mutating func add(_ samples: [Float], sampleRate: Double, claps heard: [ClapEvent], refused: [ClapRefusal]) {
        let level = Self.rmsDecibels(samples)
        if level > loudest.decibels { loudest = (level, seconds) }
        seconds += Double(samples.count) / sampleRate
        claps += heard.count
        for clap in heard { strongestClap = max(strongestClap ?? -.infinity, clap.strength) }
        for refusal in refused {
            if let index = refusals.firstIndex(where: { $0.test == refusal.test }) { refusals[index].count += 1 }
        }
    }

    /// One paragraph for a person: what was heard, and what to try when no clap was.
    public func text(roomLevel: Double) -> String {
        let loud = refusals.filter { $0.count > 0 }.sorted { $0.count > $1.count }
        var lines = [String(format: "heard %.1f s: %d clap%@; the room at %.1f dBFS (0.5-10 kHz, 1 ms), the loudest moment %.1f dBFS RMS at %.2f s",
                            seconds, claps, claps == 1 ? "" : "s", roomLevel, loudest.decibels, loudest.time)]
        if let strongestClap { lines.append(String(format: "the strongest clap rose %.1f dB above the room", strongestClap)) }
        if !loud.isEmpty {
            lines.append("loud sounds not taken for claps: " + loud.map { "\($0.count) \($0.test.rawValue)" }.joined(separator: ", "))
        }
        if claps == 0 {
            if loud.isEmpty {
                lines.append("nothing loud enough: clap closer to the microphone, raise its gain, or try --clap-sensitivity easy")
            } else if let top = loud.first {
                lines.append("most onsets were refused as \(top.test.rawValue): \(top.test.meaning); run with --explain to see each one")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The RMS level of `samples` in dBFS (-200 for silence).
    public static func rmsDecibels(_ samples: [Float]) -> Double {
        guard !samples.isEmpty else { return -200 }
        var sum: Double = 0
        for x in samples where x.isFinite { sum += Double(x) * Double(x) }
        let mean = sum / Double(samples.count)
        return mean > 0 ? max(-200, 10 * log10(mean)) : -200
    }
}
