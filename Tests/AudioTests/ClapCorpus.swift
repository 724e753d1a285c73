import Foundation
import TestSupport
@testable import Audio

/// The recordings the clap targets are measured on, synthesised at 48 kHz: claps (short
/// broadband bursts, fast attack, 20–60 ms decay) at varied loudness and spacing over room
/// noise, speech from espeak-ng, music, a door-like thud and a long hiss.
enum ClapCorpus {
    static let rate = 48_000.0

    /// Soft, slightly low-heavy room noise at `rms` (linear).
    static func roomNoise(seconds: Double, rms: Double, seed: UInt64) -> [Float] {
        var noise = NoiseSource(seed: seed)
        var tilt = Biquad.lowPass(cutoff: 3_000, q: 0.5, sampleRate: rate)
        let raw = (0..<Int(seconds * rate)).map { _ in tilt.process(noise.next()) }
        return scaled(raw, toRMS: rms)
    }

    /// One clap whose first 5 ms have RMS `peakRMS`, decaying with time constant `decay`.
    static func clap(peakRMS: Double, decay: Double, seed: UInt64) -> [Float] {
        var noise = NoiseSource(seed: seed)
        // Hands ring mostly at 1–3 kHz, with plenty above and below.
        var shape = Biquad.bandPass(centre: 1_800, q: 0.4, sampleRate: rate)
        let count = Int(decay * 7 * rate)
        let raw: [Float] = (0..<count).map { i in
            let t = Double(i) / rate
            let envelope = min(1, t / 0.0008) * exp(-t / decay)
            return Float(envelope) * shape.process(noise.next())
        }
        let head = SignalMeasures.rms(raw[0..<240])
        return raw.map { $0 * Float(peakRMS / head) }
    }

    /// A door-like thud: a low, decaying rumble with a low knock.
    static func thud(peakRMS: Double, seed: UInt64) -> [Float] {
        var noise = NoiseSource(seed: seed)
        var low1 = Biquad.lowPass(cutoff: 180, sampleRate: rate)
        var low2 = Biquad.lowPass(cutoff: 180, sampleRate: rate)
        let raw: [Float] = (0..<Int(0.4 * rate)).map { i in
            let t = Double(i) / rate
            let envelope = min(1, t / 0.002) * exp(-t / 0.07)
            let body = low2.process(low1.process(noise.next())) * 4 + Float(sin(2 * .pi * 65 * t))
            return Float(envelope) * body
        }
        let head = SignalMeasures.rms(raw[0..<960])
        return raw.map { $0 * Float(peakRMS / head) }
    }

    /// Steady white-ish hiss that starts abruptly.
    static func hiss(seconds: Double, rms: Double, seed: UInt64) -> [Float] {
        var noise = NoiseSource(seed: seed)
        return scaled((0..<Int(seconds * rate)).map { _ in noise.next() }, toRMS: rms)
    }

    /// A melody over chords: plucked-ish tones with a few harmonics, notes every 250 ms.
    static func music(seconds: Double, rms: Double) -> [Float] {
        var out = [Float](repeating: 0, count: Int(seconds * rate))
        let melody = [523.25, 587.33, 659.26, 783.99, 659.26, 587.33, 523.25, 392.0, 440.0, 493.88, 523.25, 659.26]
        let chords = [[261.63, 329.63, 392.0], [293.66, 349.23, 440.0], [246.94, 293.66, 392.0], [261.63, 329.63, 392.0]]
        func addNote(_ f: Double, at start: Double, length: Double, level: Double) {
            let first = Int(start * rate)
            for i in 0..<Int(length * rate) where first + i < out.count {
                let t = Double(i) / rate
                let envelope = min(1, t / 0.008) * exp(-t / (length * 0.5))
                let wave = sin(2 * .pi * f * t) + 0.4 * sin(4 * .pi * f * t) + 0.15 * sin(6 * .pi * f * t)
                out[first + i] += Float(level * envelope * wave)
            }
        }
        var t = 0.0, n = 0
        while t < seconds {
            addNote(melody[n % melody.count], at: t, length: 0.3, level: 0.5)
            if n % 4 == 0 {
                for f in chords[(n / 4) % chords.count] { addNote(f, at: t, length: 1.0, level: 0.25) }
            }
            t += 0.25; n += 1
        }
        return scaled(out, toRMS: rms)
    }

    /// Speech from espeak-ng in `voice` (its default when nil) at `wordsPerMinute`, at 48 kHz,
    /// scaled to `rms`; nil when espeak-ng is missing.
    static func speech(_ text: String, rms: Double, folder: String, voice: String? = nil,
                       wordsPerMinute: Int = 150) throws -> [Float]? {
        let path = folder + "/speech-\(abs(text.hashValue))-\(voice ?? "default")-\(wordsPerMinute).wav"
        let arguments = (voice.map { ["-v", $0] } ?? []) + ["-w", path, "-s", "\(wordsPerMinute)", text]
        let result = try Subprocess.run("espeak-ng", arguments, timeout: 30)
        guard result.status == 0, !result.timedOut else { return nil }
        let reader = try WAVReader(path: path)
        let samples = reader.readAll()
        let mono = stride(from: 0, to: samples.count, by: reader.channels).map { samples[$0] }
        return scaled(resample(mono, from: Double(reader.sampleRate)), toRMS: rms)
    }

    /// Linear-interpolation resampling to 48 kHz: good enough for test material.
    static func resample(_ x: [Float], from source: Double) -> [Float] {
        guard source != rate, x.count > 1 else { return x }
        let count = Int(Double(x.count) * rate / source)
        return (0..<count).map { i in
            let position = Double(i) * source / rate
            let j = min(x.count - 2, Int(position))
            let f = Float(position - Double(j))
            return x[j] * (1 - f) + x[j + 1] * f
        }
    }

    static func scaled(_ x: [Float], toRMS target: Double) -> [Float] {
        let now = SignalMeasures.rms(x)
        guard now > 0 else { return x }
        return x.map { $0 * Float(target / now) }
    }

    /// Adds `sound` into `track` at `time` seconds.
    static func mix(_ sound: [Float], into track: inout [Float], at time: Double) {
        let first = Int(time * rate)
        for (i, s) in sound.enumerated() where first + i < track.count { track[first + i] += s }
    }

    static func decibels(_ db: Double) -> Double { pow(10, db / 20) }
}

/// How a detector did on one recording whose clap onsets are known.
struct ClapScore {
    var claps = 0
    var hits = 0
    var duplicates = 0
    var falseDetections: Int { falseTimes.count }
    /// The times of the events that matched no clap.
    var falseTimes: [Double] = []
    var worstTimeError = 0.0
    var worstLatency = 0.0

    var recall: Double { claps == 0 ? 1 : Double(hits) / Double(claps) }

    /// Feeds `track` in 10 ms blocks, as a microphone would, and matches events to `onsets`.
    static func measure(_ track: [Float], onsets: [Double], settings: ClapDetectorSettings = .init(),
                        gate: ((ClapDetector) -> Void)? = nil) -> ClapScore {
        let detector = ClapDetector(sampleRate: ClapCorpus.rate, settings: settings)
        gate?(detector)
        var score = ClapScore(claps: onsets.count)
        var matched = Set<Int>()
        var start = 0
        while start < track.count {
            let end = min(track.count, start + 480)
            for event in detector.process(Array(track[start..<end])) {
                let heardAt = Double(end) / ClapCorpus.rate
                if let index = onsets.indices.first(where: { abs(onsets[$0] - event.time) <= 0.03 }) {
                    if matched.insert(index).inserted {
                        score.hits += 1
                        score.worstTimeError = max(score.worstTimeError, abs(event.time - onsets[index]))
                        score.worstLatency = max(score.worstLatency, heardAt - onsets[index])
                    } else {
                        score.duplicates += 1
                    }
                } else {
                    score.falseTimes.append(event.time)
                }
            }
            start = end
        }
        return score
    }
}
