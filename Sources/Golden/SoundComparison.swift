import Audio
import Foundation
import Trace

/// One way a run's soundtrack differs from its golden as a listener would hear it.
public struct SoundDifference: Sendable, Equatable, Codable {
    /// What kind of difference.
    public enum Kind: String, Sendable, Codable {
        /// A cue starts later or earlier than the tolerance allows.
        case moved
        /// A cue is louder or quieter than the tolerance allows.
        case loudness
        /// A cue of the golden no longer sounds.
        case missing
        /// A cue sounds that the golden does not have.
        case added
        /// Other sounds start at a moment of the golden's cue (the golden's warm chime, now a fanfare).
        case replaced
        /// The soundtrack is of another length.
        case length
    }

    public var kind: Kind
    /// When (seconds into the soundtrack).
    public var time: Double
    /// The difference in words (`t=3.20 sound jump (luna): 2.4 dB quieter`).
    public var words: String
    /// The cue's own window, where its loudness was measured in both soundtracks: from its
    /// moment to the next cue's or 100 ms later (seconds); nil for a difference of length.
    public var window: ClosedRange<Double>? = nil
    /// The run's loudness over `window` less the golden's, in dB, when both were measured.
    public var change: Double? = nil

    public init(kind: Kind, time: Double, words: String, window: ClosedRange<Double>? = nil, change: Double? = nil) {
        self.kind = kind
        self.time = time
        self.words = words
        self.window = window
        self.change = change
    }
}

/// The outcome of comparing a scene's soundtrack with its golden.
public struct GoldenSoundResult: Sendable, Equatable, Codable {
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
    /// The golden soundtrack copied into the report folder when a listener would hear a
    /// difference, so the report plays what it was compared with even without the goldens.
    public var goldenCopyPath: String?
    /// There is no golden soundtrack yet (nothing was compared).
    public var missing = false
    /// Why the golden soundtrack could not be read, if it could not.
    public var unreadable: String?
    /// `git restore PATH` when the golden soundtrack is missing or unreadable and git tracks it.
    public var restoreCommand: String? = nil
}

/// Compares two soundtracks: exactly when the samples are the same, otherwise by what a
/// listener hears, cue by cue. The traces say when cues were asked for; the audio says what
/// sounds there (`SoundOnsetDetector.measure`): for each moment a cue starts, in either
/// trace, the loudness it adds and where it starts, measured in both soundtracks. Each cue
/// is judged in its own window, from its moment to the next cue's (at most 100 ms): where the
/// two soundtracks differ there by less than a listener can hear against what sounds (the
/// difference could not move the loudness by the tolerance), nothing is said of it, however
/// a loud neighbour shifts the energy just before. A cue
/// whose loudness over its window changed beyond the tolerance (±1 dB by default) is louder or quieter; one
/// whose moment now starts other sounds is replaced; one
/// that adds 10 dB less, or nothing audible, is missing (new, the other way round); one whose
/// start moved beyond the onset tolerance moved; a missing and a new one of the same sound
/// within a second are one cue that moved.
public enum SoundComparison {
    /// Seconds between a sound event and the onset it names.
    static let naming = 0.03
    /// Below this (dBFS) a cue adds nothing a listener hears.
    static let audible = -60.0
    /// A cue this much quieter is gone.
    static let gone = 10.0

    /// The cues of a trace, grouped by the moment they start.
    static func moments(_ trace: [TraceEvent]) -> [Double] {
        var times: [Double] = []
        for event in trace where event.event == "sound" && times.last.map({ abs($0 - event.t) > 1e-9 }) ?? true {
            times.append(event.t)
        }
        return times
    }

    /// The listener's differences between `golden` and `actual` interleaved stereo samples,
    /// and the audible sound starts of each (at its own trace's cues).
    public static func differences(golden: [Float], actual: [Float], sampleRate: Int = 48_000,
                                   goldenTrace: [TraceEvent], actualTrace: [TraceEvent],
                                   onsetTolerance: Double, loudnessTolerance: Double) -> (differences: [SoundDifference], golden: [SoundOnset], actual: [SoundOnset]) {
        var differences: [SoundDifference] = []
        let oldLength = Double(golden.count / 2) / Double(sampleRate), newLength = Double(actual.count / 2) / Double(sampleRate)
        if abs(oldLength - newLength) > 0.001 {
            differences.append(SoundDifference(kind: .length, time: min(oldLength, newLength),
                                               words: "the soundtrack lasts \(seconds(newLength)) s, the golden \(seconds(oldLength)) s"))
        }
        func measure(_ samples: [Float], _ time: Double) -> (onset: Double?, loudness: Double) {
            SoundOnsetDetector.measure(samples, sampleRate: sampleRate, at: time, search: onsetTolerance + 0.01)
        }
        let oldMoments = moments(goldenTrace), newMoments = moments(actualTrace)
        let allMoments = (oldMoments + newMoments).sorted()
        let frames = min(golden.count, actual.count) / 2
        /// The cue's own window: from its moment to the next moment of either trace, at most 100 ms.
        func window(_ time: Double) -> ClosedRange<Double> {
            let next = allMoments.first { $0 > time + 0.001 } ?? .infinity
            return time...max(time + 1.0 / Double(sampleRate), min(time + 0.1, next))
        }
        func span(_ window: ClosedRange<Double>) -> Range<Int> {
            func frame(_ seconds: Double) -> Int { max(0, min(frames, Int((seconds * Double(sampleRate)).rounded()))) }
            return frame(window.lowerBound)..<frame(window.upperBound)
        }
        /// The run's loudness over the window less the golden's (dB), and whether the two differ
        /// there by what a listener could hear: above silence, and enough against what sounds
        /// to move its loudness by the tolerance.
        func compare(_ window: ClosedRange<Double>) -> (change: Double, heard: Bool) {
            var old = 0.0, new = 0.0, apart = 0.0
            let frames = span(window)
            for i in (frames.lowerBound * 2)..<(frames.upperBound * 2) {
                let a = Double(golden[i]), b = Double(actual[i])
                old += a * a
                new += b * b
                apart += (b - a) * (b - a)
            }
            let count = Double(max(1, frames.count * 2))
            let change = 10 * log10(max(new / count, 1e-12)) - 10 * log10(max(old / count, 1e-12))
            // A difference of r times the sound's level moves its loudness by at most 20·log10(1 + r) dB.
            let ratio = (apart / max(max(old, new), 1e-30)).squareRoot()
            let heard = 10 * log10(max(apart / count, 1e-12)) > audible && 20 * log10(1 + ratio) > loudnessTolerance
            return (change, heard)
        }
        var added: [(time: Double, names: String)] = []
        // Where sounds start, for the counts and the picture: each trace's audible cues.
        func onsets(_ samples: [Float], _ moments: [Double]) -> [SoundOnset] {
            moments.compactMap { time in
                let found = measure(samples, time)
                return found.loudness > audible ? SoundOnset(time: found.onset ?? time, loudness: found.loudness) : nil
            }
        }
        for time in oldMoments {
            let old = measure(golden, time), new = measure(actual, time)
            guard old.loudness > audible else { continue }
            // Nothing a listener hears differs in the cue's own window: nothing to say of it.
            let cue = window(time), (level, heard) = compare(cue)
            guard heard else { continue }
            let change = new.loudness - old.loudness
            let label = self.label(time, goldenTrace)
            let asked = Set(soundNames(at: time, actualTrace))
            func difference(_ kind: SoundDifference.Kind, _ words: String) -> SoundDifference {
                SoundDifference(kind: kind, time: time, words: words, window: cue, change: level)
            }
            if new.loudness > audible, !asked.isEmpty, asked != Set(soundNames(at: time, goldenTrace)) {
                // Another sound at the same moment is not the golden's cue made louder or quieter.
                let loudness = abs(level) > loudnessTolerance ? ", \(decibels(abs(level))) dB \(level > 0 ? "louder" : "quieter")" : ""
                differences.append(difference(.replaced, "\(label): now sound \(names(at: time, actualTrace)) instead\(loudness)"))
            } else if new.loudness <= audible || change <= -gone {
                differences.append(difference(.missing, "\(label): no longer heard "
                    + "(\(new.loudness <= audible ? "nothing audible starts there" : "\(decibels(-level)) dB quieter"))"))
            } else if abs(level) > loudnessTolerance {
                differences.append(difference(.loudness, "\(label): \(decibels(abs(level))) dB \(level > 0 ? "louder" : "quieter")"))
            } else if let a = old.onset, let b = new.onset, abs(b - a) > onsetTolerance + 1e-9 {
                differences.append(difference(.moved, "\(label): starts \(milliseconds(abs(b - a))) ms \(b > a ? "later" : "earlier")"))
            }
        }
        for time in newMoments where !oldMoments.contains(where: { abs($0 - time) <= onsetTolerance + 1e-9 }) {
            let new = measure(actual, time), old = measure(golden, time)
            guard new.loudness > audible, old.loudness <= audible || new.loudness - old.loudness >= gone, compare(window(time)).heard else { continue }
            added.append((time, names(at: time, actualTrace)))
        }
        // A sound that only moved: a new cue sharing a sound with a missing or quieter one within a second.
        for cue in added {
            let sounds = soundNames(at: cue.time, actualTrace)
            if let before = oldMoments.filter({ abs($0 - cue.time) <= 1 && !Set(soundNames(at: $0, goldenTrace)).isDisjoint(with: sounds)
                && !Set(soundNames(at: $0, actualTrace)).isSuperset(of: sounds) }).min(by: { abs($0 - cue.time) < abs($1 - cue.time) }) {
                let shift = cue.time - before
                // The moved cue explains what changed where it was (quieter, or gone).
                differences.removeAll { [.loudness, .missing, .replaced].contains($0.kind) && abs($0.time - before) <= onsetTolerance + 1e-9 }
                differences.append(SoundDifference(kind: .moved, time: before,
                                                   words: "t=\(TraceEventLabel.time(before)) sound \(cue.names): starts \(seconds(abs(shift))) s "
                                                       + "\(shift > 0 ? "later" : "earlier") (now at t=\(TraceEventLabel.time(cue.time)))"))
                continue
            }
            let own = window(cue.time)
            differences.append(SoundDifference(kind: .added, time: cue.time,
                                               words: "\(label(cue.time, actualTrace)): new, \(decibels(measure(actual, cue.time).loudness)) dBFS",
                                               window: own, change: compare(own).change))
        }
        // A cue gone from its moment whose sound the run now asks for within a second, where the
        // golden did not: it moved onto another cue's moment (so it was not new there, only made
        // that moment louder). Said as moved, as the other direction says it.
        var moves: [(moved: SoundDifference, now: Double)] = []
        for difference in differences where difference.kind == .missing {
            let before = difference.time
            let gone = Set(soundNames(at: before, goldenTrace)).subtracting(soundNames(at: before, actualTrace))
            let candidates = newMoments.filter { abs($0 - before) > onsetTolerance + 1e-9 && abs($0 - before) <= 1 }
                .filter { time in !gone.intersection(soundNames(at: time, actualTrace)).subtracting(soundNames(at: time, goldenTrace)).isEmpty }
            guard let now = candidates.min(by: { abs($0 - before) < abs($1 - before) }) else { continue }
            let sound = gone.intersection(soundNames(at: now, actualTrace)).sorted().joined(separator: ", ")
            let shift = now - before
            moves.append((SoundDifference(kind: .moved, time: before,
                                          words: "t=\(TraceEventLabel.time(before)) sound \(sound): starts \(seconds(abs(shift))) s "
                                              + "\(shift > 0 ? "later" : "earlier") (now at t=\(TraceEventLabel.time(now)))"), now))
        }
        for (moved, now) in moves {
            differences.removeAll { ($0.kind == .missing && $0.time == moved.time)
                || ([.loudness, .replaced].contains($0.kind) && abs($0.time - now) <= onsetTolerance + 1e-9) }
            differences.append(moved)
        }
        return (differences.sorted { $0.time < $1.time }, onsets(golden, oldMoments), onsets(actual, newMoments))
    }

    /// The sound names of the cues at `time`: within a millisecond, as a golden trace's times
    /// are written to four decimals and a run's are not (cues are at least a frame apart).
    static func soundNames(at time: Double, _ trace: [TraceEvent]) -> [String] {
        trace.filter { $0.event == "sound" && abs($0.t - time) <= 0.001 }.compactMap { $0.text("sound") }
    }

    static func milliseconds(_ value: Double) -> String { String(Int((value * 1000).rounded())) }

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
