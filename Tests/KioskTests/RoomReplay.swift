import Audio
import Foundation
import Kiosk
import TestSupport

/// A kiosk's room synthesised offline, so its figures cannot flake: the default scene's real
/// soundtrack (rendered by `aria-render render`) looped, reaching the microphone through an
/// echo that drifts (70 ppm, two sound cards' clocks) and jumps (+7 ms at 20 s, −18 ms at 40 s),
/// with an underrun of the demo's own stream (60 ms at 30 s), plus real corpus claps at
/// −25…−3 dBFS as the microphone gets them, plus a little room noise; then heard through the
/// same code as the demo's microphone thread (`ClapHearing`), its blocks arriving up to 8 ms
/// late as a live microphone's do.
struct RoomReplay {
    /// The three rooms: how loud the demo's sound reaches its microphone, and through what speaker.
    enum Room: String, CaseIterable, CustomStringConvertible {
        /// A speaker half a metre from the microphone: 10 dB under what it plays.
        case typical
        /// The microphone right at the speaker: 0 dB.
        case stress
        /// Typical, through a small speaker's distortion (about 1 % at the soundtrack's peaks).
        case distorting

        var echoGain: Float { self == .stress ? 1 : 0.316 }
        var description: String { rawValue }
    }

    /// What a replay gave.
    struct Figure: CustomStringConvertible {
        var played = 0
        var heard = 0
        var falseClaps: [Double] = []
        var missed: [(time: Double, peak: Double)] = []
        var description: String {
            "\(heard) of \(played) heard, \(falseClaps.count) false" + (falseClaps.isEmpty ? "" : " at \(falseClaps.map { String(format: "%.2f", $0) })")
                + (missed.isEmpty ? "" : "; missed \(missed.map { String(format: "%.1f s %.0f dBFS", $0.time, $0.peak) })")
        }
    }

    static let rate = 48_000
    static let seconds = 60.0
    static let clapSpacing = 1.25
    static let delay = 0.026
    static let drift = 70e-6
    static let jumps: [(time: Double, by: Double)] = [(20, 0.007), (40, -0.018)]
    static let underrun = (time: 30.0, gap: 0.06)

    /// The default scene's soundtrack, mono, rendered once per test process.
    static let soundtrack: [Float]? = {
        let path = NSTemporaryDirectory() + "aria-replay-soundtrack-\(getpid()).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let run = try? AriaRenderTool.run(["render", RepositoryRoot.path + "/Scenes/princess/default.yaml", "-o", path], timeout: 300),
              run.status == 0, let reader = try? WAVReader(path: path) else { return nil }
        var mono: [Float] = []
        while case let block = reader.readMono(frames: 65_536), !block.isEmpty { mono += block }
        return mono
    }()

    /// Real claps: the first four of each dry and reverberant quiet-room recording of the corpus,
    /// cut 40 ms before to 400 ms after (or to 50 ms before the next) with 20 ms fades, each scaled to a peak of 1.
    static let claps: [[Float]]? = {
        let corpus = ProcessInfo.processInfo.environment["ARIA_CLAP_CORPUS"] ?? RepositoryRoot.path + "/.build/clap-corpus"
        guard let data = FileManager.default.contents(atPath: corpus + "/truth.json"),
              let truth = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = truth["items"] as? [[String: Any]] else { return nil }
        var clips: [[Float]] = []
        for condition in ["dry", "reverb"] {
            for source in ["h2-gimme", "h2-millo-ml2", "h2-millo-v1", "chuck", "scratch"] {
                let file = "quiet/\(source)_\(condition).wav"
                guard let item = items.first(where: { $0["file"] as? String == file }), let times = item["claps"] as? [Double],
                      let reader = try? WAVReader(path: corpus + "/" + file) else { continue }
                var whole: [Float] = []
                while case let block = reader.readMono(frames: 65_536), !block.isEmpty { whole += block }
                for (i, clap) in times.prefix(4).enumerated() {
                    // To 400 ms after it, or to 50 ms before the recording's next clap.
                    let length = min(0.44, (i + 1 < times.count ? times[i + 1] - clap : 1) - 0.01)
                    let start = max(0, Int((clap - 0.04) * Double(rate)))
                    var clip = Array(whole[start..<min(whole.count, start + Int(length * Double(rate)))])
                    let fade = Int(0.02 * Double(rate))
                    guard clip.count > 2 * fade else { continue }
                    for i in 0..<fade {
                        clip[i] *= Float(i) / Float(fade)
                        clip[clip.count - 1 - i] *= Float(i) / Float(fade)
                    }
                    let peak = clip.map(abs).max() ?? 1
                    clips.append(clip.map { $0 / peak })
                }
            }
        }
        return clips.isEmpty ? nil : clips
    }()

    /// The echo's delay at `t` seconds of the microphone's stream.
    static func echoDelay(at t: Double) -> Double {
        jumps.reduce(delay + drift * t) { $0 + (t >= $1.time ? $1.by : 0) }
    }

    /// A small speaker's nonlinearity: second and third order, about 1 % distortion at a peak of 0.5.
    static func distort(_ x: Float) -> Float { x + 0.02 * x * x - 0.16 * x * x * x }

    /// Replays `room` with claps every `clapSpacing` seconds from 2 s (none when `claps` is false).
    static func run(_ room: Room, claps withClaps: Bool = true) -> Figure? {
        guard let soundtrack, !soundtrack.isEmpty, let clips = claps else { return nil }
        let total = Int(seconds * Double(rate))
        // What the demo plays: the soundtrack looped, with an underrun: nothing for 60 ms, then
        // the soundtrack again, later by that much.
        let gapStart = Int(underrun.time * Double(rate)), gap = Int(underrun.gap * Double(rate))
        var played = [Float](repeating: 0, count: total)
        for n in 0..<total {
            if n >= gapStart && n < gapStart + gap { continue }
            let source = n >= gapStart + gap ? n - gap : n
            let x = soundtrack[source % soundtrack.count]
            played[n] = room == .distorting ? distort(x) : x
        }
        // The microphone: the echo (read at a fractional delay), the claps, the room's noise.
        var microphone = [Float](repeating: 0, count: total)
        var noise = NoiseSource(seed: 11)
        for n in 0..<total {
            let t = Double(n) / Double(rate)
            let position = Double(n) - echoDelay(at: t) * Double(rate)
            let whole = Int(position.rounded(.down)), fraction = Float(position - Double(whole))
            let a = whole >= 0 && whole < total ? played[whole] : 0
            let b = whole + 1 >= 0 && whole + 1 < total ? played[whole + 1] : 0
            microphone[n] = room.echoGain * (a + (b - a) * fraction) + 0.0003 * noise.next()
        }
        var figure = Figure()
        var clapTimes: [(time: Double, peak: Double)] = []
        if withClaps {
            var t = 2.0
            var i = 0
            while t < seconds - 1 {
                let peak = -25 + 22 * Double((i * 7) % 12) / 11
                let clip = clips[(i * 5) % clips.count]
                let gain = Float(pow(10, peak / 20))
                let start = Int(t * Double(rate))
                for (j, x) in clip.enumerated() where start + j < total { microphone[start + j] += gain * x }
                clapTimes.append((t + 0.04, peak))
                t += clapSpacing
                i += 1
            }
        }
        figure.played = clapTimes.count

        // Heard as the demo hears it: 10 ms blocks, each arriving 0–8 ms late (the microphone
        // thread's jitter in a live room), the played sound noted 30 ms ahead (the speaker's
        // buffer), stamped with when it is played (after the underrun, later), on a clock
        // that reads the microphone's stream time.
        let hearing = ClapHearing(sampleRate: Double(rate), echo: .bands, sensitivity: .medium, explains: false)
        let block = rate / 100, ahead = 3 * block
        var notedUpTo = 0
        var onsets: [Double] = []
        var lateness: UInt64 = 5
        for start in stride(from: 0, to: total, by: block) {
            var told: [(samples: [Float], at: Double)] = []
            while notedUpTo < min(total, start + block + ahead) {
                let end = min(total, notedUpTo + block)
                if notedUpTo < gapStart || notedUpTo >= gapStart + gap {
                    told.append((Array(played[notedUpTo..<end]), Double(notedUpTo) / Double(rate)))
                }  // else the speaker played nothing: nothing is told
                notedUpTo = end
            }
            lateness = lateness &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let end = min(total, start + block)
            let arrived = Double(end) / Double(rate) + 0.008 * Double(lateness >> 40) / Double(1 << 24)
            let heard = hearing.hear(Array(microphone[start..<end]), arrived: arrived, played: told)
            onsets += heard.claps.filter { !$0.group }.map(\.onset)
        }
        var matched = Set<Int>()
        for onset in onsets {
            if let index = clapTimes.indices.first(where: { !matched.contains($0) && abs(onset - clapTimes[$0].time) < 0.06 }) {
                matched.insert(index)
            } else {
                figure.falseClaps.append(onset)
            }
        }
        figure.heard = matched.count
        figure.missed = clapTimes.indices.filter { !matched.contains($0) }.map { clapTimes[$0] }
        return figure
    }
}
