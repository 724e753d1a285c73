import Audio
import Scene

/// One way a run's soundtrack differs from its golden as a listener would hear it.
public struct SoundDifference: Sendable, Equatable {
    /// What kind of difference.
    public enum Kind: String, Sendable {
        /// A cue starts later or earlier than the tolerance allows.
        case moved
        /// A cue is louder or quieter than the tolerance allows.
        case loudness
        /// A cue of the golden no longer sounds.
        case missing
        /// A cue sounds that the golden does not have.
        case added
        /// The soundtrack is of another length.
        case length
    }

    public var kind: Kind
    /// When (seconds into the soundtrack).
    public var time: Double
    /// The difference in words (`t=3.20 sound jump (luna): 2.4 dB quieter`).
    public var words: String
}

/// The outcome of comparing a scene's soundtrack with its golden.
public struct GoldenSoundResult: Sendable, Equatable {
    /// The same samples, bit for bit.
    public var identical: Bool
    /// What a listener would hear differ; empty when it would not (or the samples are identical).
    public var differences: [SoundDifference]
    /// Onsets measured in the golden and in the run (when the samples differ).
    public var goldenOnsets: Int
    public var actualOnsets: Int
    /// The soundtrack's length in seconds.
    public var seconds: Double
    /// Report files: the run's soundtrack (WAV) and the picture of the first differing second.
    public var actualPath: String?
    public var picturePath: String?
    /// The golden's path.
    public var goldenPath: String
    /// There is no golden soundtrack yet (nothing was compared).
    public var missing = false
    /// Why the golden soundtrack could not be read, if it could not.
    public var unreadable: String?
}

/// Compares two soundtracks: exactly when the samples are the same, otherwise by what a
/// listener hears: each sound's start (`SoundOnsetDetector`) within the onset tolerance, its
/// loudness within the loudness tolerance, no sound missing and none new. Sounds are named
/// from the traces' `sound` events at their start (the measure itself is the audio's).
public enum SoundComparison {
    /// Seconds between a sound event and the onset it names.
    static let naming = 0.03

    /// The listener's differences between `golden` and `actual` interleaved stereo samples.
    public static func differences(golden: [Float], actual: [Float], sampleRate: Int = 48_000,
                                   goldenTrace: [TraceEvent], actualTrace: [TraceEvent],
                                   onsetTolerance: Double, loudnessTolerance: Double) -> (differences: [SoundDifference], golden: [SoundOnset], actual: [SoundOnset]) {
        let old = SoundOnsetDetector.onsets(of: golden, sampleRate: sampleRate)
        let new = SoundOnsetDetector.onsets(of: actual, sampleRate: sampleRate)
        var differences: [SoundDifference] = []
        let oldLength = Double(golden.count / 2) / Double(sampleRate), newLength = Double(actual.count / 2) / Double(sampleRate)
        if abs(oldLength - newLength) > 0.001 {
            differences.append(SoundDifference(kind: .length, time: min(oldLength, newLength),
                                               words: "the soundtrack lasts \(seconds(newLength)) s, the golden \(seconds(oldLength)) s"))
        }
        var matchedNew = Set<Int>()
        var unmatchedOld: [Int] = []
        for (i, onset) in old.enumerated() {
            var best: Int?
            for (j, candidate) in new.enumerated() where !matchedNew.contains(j) && abs(candidate.time - onset.time) <= onsetTolerance + 1e-9 {
                if best == nil || abs(candidate.time - onset.time) < abs(new[best!].time - onset.time) { best = j }
            }
            guard let best else { unmatchedOld.append(i); continue }
            matchedNew.insert(best)
            let change = new[best].loudness - onset.loudness
            if abs(change) > loudnessTolerance {
                differences.append(SoundDifference(
                    kind: .loudness, time: onset.time,
                    words: "\(label(onset.time, goldenTrace)): \(decibels(abs(change))) dB \(change > 0 ? "louder" : "quieter")"))
            }
        }
        var unmatchedNew = new.indices.filter { !matchedNew.contains($0) }
        // A sound that only moved: the same name at both ends, within a second.
        for i in unmatchedOld {
            let onset = old[i]
            let name = names(at: onset.time, goldenTrace)
            if !name.isEmpty, let j = unmatchedNew.first(where: { abs(new[$0].time - onset.time) <= 1 && names(at: new[$0].time, actualTrace) == name }) {
                unmatchedNew.removeAll { $0 == j }
                let shift = new[j].time - onset.time
                differences.append(SoundDifference(
                    kind: .moved, time: onset.time,
                    words: "\(label(onset.time, goldenTrace)): starts \(seconds(abs(shift))) s \(shift > 0 ? "later" : "earlier"), "
                        + "beyond \(seconds(onsetTolerance)) s"))
                continue
            }
            differences.append(SoundDifference(kind: .missing, time: onset.time,
                                               words: "\(label(onset.time, goldenTrace)): no longer heard (no sound starts within \(seconds(onsetTolerance)) s)"))
        }
        for j in unmatchedNew {
            differences.append(SoundDifference(kind: .added, time: new[j].time,
                                               words: "\(label(new[j].time, actualTrace)): new, \(decibels(new[j].loudness)) dBFS"))
        }
        return (differences.sorted { $0.time < $1.time }, old, new)
    }

    /// The sound events starting at an onset: `jump ×4 (luna, crystal, …)`.
    static func names(at time: Double, _ trace: [TraceEvent]) -> String {
        var sounds: [String] = [], characters: [String] = []
        for event in trace where event.event == "sound" && event.t <= time + naming && event.t >= time - naming {
            if let sound = event.text("sound") { sounds.append(sound) }
            if let character = event.character { characters.append(character) }
        }
        guard !sounds.isEmpty else { return "" }
        var distinct: [String] = []
        for sound in sounds where !distinct.contains(sound) { distinct.append(sound) }
        let counted = distinct.map { name -> String in
            let count = sounds.filter { $0 == name }.count
            return count > 1 ? "\(name) ×\(count)" : name
        }.joined(separator: ", ")
        return counted + (characters.isEmpty ? "" : " (" + characters.joined(separator: ", ") + ")")
    }

    private static func label(_ time: Double, _ trace: [TraceEvent]) -> String {
        let name = names(at: time, trace)
        return "t=\(TraceEventLabel.time(time)) " + (name.isEmpty ? "a sound" : "sound " + name)
    }

    static func seconds(_ value: Double) -> String { TraceValue.number(value).json }

    static func decibels(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// 16-bit little-endian PCM as samples in -1…1.
    public static func samples(ofPCM bytes: [UInt8]) -> [Float] {
        var samples = [Float](repeating: 0, count: bytes.count / 2)
        for i in samples.indices {
            samples[i] = Float(Int16(bitPattern: UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8)) / 32767
        }
        return samples
    }
}
