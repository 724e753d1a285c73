import Foundation
import Testing
@testable import Audio
import TestSupport

/// The clap detector on real recordings it was not written for: hand claps from five drum
/// kits and sample sets, speech in eleven voices and ten languages, percussion, music, from
/// Debian's packages (`scripts/clap-corpus/`, sources in `docs/clap-corpus.md`), mixed over a
/// room's noise, with reverberation, at a distance and under talk. `make test` builds the
/// corpus into `.build/clap-corpus` (or `$ARIA_CLAP_CORPUS`). Prints a figure per source.
@Suite struct RealRecordingClapTests {
    struct Item: Decodable {
        var file: String
        var category: String
        var source: String
        var condition: String
        var duration: Double
        var claps: [Double]
        var dontcare: [Double]
        var hits: [Double]?
    }

    struct Truth: Decodable { var items: [Item] }

    /// How one recording went, scored as `scripts/clap-corpus/evaluate.py` scores it.
    struct Outcome {
        var claps = 0, heard = 0, falseClaps = 0, hits = 0, hitsTaken = 0
        var seconds = 0.0
        var worstLatency = 0.0

        static func + (a: Outcome, b: Outcome) -> Outcome {
            Outcome(claps: a.claps + b.claps, heard: a.heard + b.heard, falseClaps: a.falseClaps + b.falseClaps,
                    hits: a.hits + b.hits, hitsTaken: a.hitsTaken + b.hitsTaken, seconds: a.seconds + b.seconds,
                    worstLatency: max(a.worstLatency, b.worstLatency))
        }
    }

    static let corpus = ProcessInfo.processInfo.environment["ARIA_CLAP_CORPUS"]
        ?? RepositoryRoot.path + "/.build/clap-corpus"

    /// The corpus's items, or nil (and a recorded issue saying how to make it).
    static func items() -> [Item]? {
        guard let data = FileManager.default.contents(atPath: corpus + "/truth.json"),
              let truth = try? JSONDecoder().decode(Truth.self, from: data) else {
            Issue.record("no clap corpus at \(corpus): run scripts/clap-corpus/build.sh \(corpus) (make test does)")
            return nil
        }
        return truth.items
    }

    /// Runs the detector over one recording in 10 ms blocks, as a microphone delivers it.
    static func run(_ item: Item) throws -> Outcome {
        let reader = try WAVReader(path: corpus + "/" + item.file)
        let detector = ClapDetector(sampleRate: Double(reader.sampleRate))
        var detections: [(time: Double, heardAt: Double)] = []
        var samples = 0
        while true {
            let block = reader.read(frames: reader.sampleRate / 100)
            if block.isEmpty { break }
            samples += block.count
            for clap in detector.process(block) { detections.append((clap.time, Double(samples) / Double(reader.sampleRate))) }
        }
        var used = [Bool](repeating: false, count: detections.count)
        var outcome = Outcome(claps: item.claps.count, hits: item.hits?.count ?? 0, seconds: item.duration)
        for clap in item.claps {
            if let i = detections.indices.first(where: { !used[$0] && (-0.015...0.030).contains(detections[$0].time - clap) }) {
                used[i] = true
                outcome.heard += 1
                // From the block that brought the onset it heard to the block in which it decided
                // (a clap whose first impact was too soft is heard from its second).
                let onsetArrived = (detections[i].time * 100).rounded(.up) / 100
                outcome.worstLatency = max(outcome.worstLatency, detections[i].heardAt - onsetArrived)
            }
        }
        // A snap or an electronic clap may count either way.
        for onset in item.dontcare {
            for i in detections.indices where !used[i] && (-0.030...0.100).contains(detections[i].time - onset) { used[i] = true }
        }
        for hit in item.hits ?? [] {
            var taken = false
            for i in detections.indices where !used[i] && (-0.030...0.150).contains(detections[i].time - hit) {
                used[i] = true
                taken = true
            }
            if taken { outcome.hitsTaken += 1 }
        }
        outcome.falseClaps = used.filter { !$0 }.count
        return outcome
    }

    @Test func realClapsAreHeardAndRealTalkAndDrumsAreNot() throws {
        guard let items = Self.items() else { return }
        var byCategory: [String: Outcome] = [:]
        print("real recordings (\(Self.corpus)):")
        for item in items {
            let outcome = try Self.run(item)
            byCategory[item.category, default: Outcome()] = byCategory[item.category, default: Outcome()] + outcome
            let what = item.claps.isEmpty ? "" : "heard \(outcome.heard)/\(outcome.claps)"
            let hits = (item.hits ?? []).isEmpty ? "" : " drums taken \(outcome.hitsTaken)/\(outcome.hits)"
            print("  \(item.category.padding(toLength: 7, withPad: " ", startingAt: 0)) \(item.source.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                  + "\(item.condition.padding(toLength: 11, withPad: " ", startingAt: 0)) \(what) false \(outcome.falseClaps)\(hits)")
        }
        let quiet = byCategory["quiet", default: Outcome()], speech = byCategory["speech", default: Outcome()]
        let rhythm = byCategory["rhythm", default: Outcome()], talk = byCategory["talk", default: Outcome()]
        let drums = byCategory["perc", default: Outcome()]
        func percent(_ a: Int, _ b: Int) -> String { String(format: "%.0f %%", 100 * Double(a) / Double(max(b, 1))) }
        let talkRate = Double(talk.falseClaps) * 90 / max(talk.seconds, 1)
        print("real claps over a quiet room (dry, reverberant, distant): \(quiet.heard)/\(quiet.claps) (\(percent(quiet.heard, quiet.claps)))")
        print("real claps over real talk 8 dB below them: \(speech.heard)/\(speech.claps) (\(percent(speech.heard, speech.claps)))")
        print("real claps at 4 a second: \(rhythm.heard)/\(rhythm.claps); worst latency \(Int((quiet + speech + rhythm).worstLatency * 1000)) ms after the onset reached the stream")
        print(String(format: "real talk: %d false claps in %.0f s (%.1f per 90 s)", talk.falseClaps, talk.seconds, talkRate))
        print("percussion that is not a clap: \(drums.hitsTaken)/\(drums.hits) taken for claps (\(percent(drums.hitsTaken, drums.hits)))")

        #expect(Double(quiet.heard) >= 0.9 * Double(quiet.claps))
        #expect(Double(speech.heard) >= 0.7 * Double(speech.claps))
        #expect(Double(rhythm.heard) >= 0.9 * Double(rhythm.claps))
        #expect(talkRate <= 2.0 + 1e-9, "at most 2 false claps in 90 s of real talk")
        #expect(Double(drums.hitsTaken) <= 0.1 * Double(drums.hits))
        #expect(quiet.falseClaps + rhythm.falseClaps == 0, "no claps but the real ones over a quiet room (no duplicates)")
        #expect((quiet + speech + rhythm).worstLatency <= 0.030 + 1e-9, "decided within 30 ms of the onset reaching the stream")
    }

    @Test func eachSourceOfClapsIsHeardOnItsOwn() throws {
        // No source may carry the others: every kit and recordist, over a quiet room, on its own.
        guard let items = Self.items() else { return }
        var bySource: [String: Outcome] = [:]
        for item in items where item.category == "quiet" {
            bySource[item.source, default: Outcome()] = bySource[item.source, default: Outcome()] + (try Self.run(item))
        }
        for (source, outcome) in bySource.sorted(by: { $0.key < $1.key }) {
            print("  \(source): \(outcome.heard)/\(outcome.claps) over a quiet room")
            #expect(Double(outcome.heard) >= 0.8 * Double(outcome.claps), "\(source) claps are heard")
        }
        #expect(bySource.count >= 5)
    }
}
