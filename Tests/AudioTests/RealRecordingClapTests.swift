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
        /// When a group applauds (applause items): claps heard there that are not in `claps`
        /// are other people's, neither heard nor false.
        var spans: [[Double]]?
    }

    struct Truth: Decodable { var items: [Item] }

    /// How one recording went, scored as `scripts/clap-corpus/evaluate.py` scores it.
    struct Outcome {
        var claps = 0, heard = 0, falseClaps = 0, hits = 0, hitsTaken = 0
        var seconds = 0.0
        var worstLatency = 0.0
        /// Whole seconds of applause, and how many of them heard at least one clap.
        var applauseSeconds = 0, secondsWithAClap = 0
        /// The longest wait for a clap while the group applauds (from its start, between claps, to its end).
        var longestGap = 0.0
        /// Claps reported for a group applauding (`ClapEvent.group`), wherever they fell.
        var groupClaps = 0

        static func + (a: Outcome, b: Outcome) -> Outcome {
            Outcome(claps: a.claps + b.claps, heard: a.heard + b.heard, falseClaps: a.falseClaps + b.falseClaps,
                    hits: a.hits + b.hits, hitsTaken: a.hitsTaken + b.hitsTaken, seconds: a.seconds + b.seconds,
                    worstLatency: max(a.worstLatency, b.worstLatency), applauseSeconds: a.applauseSeconds + b.applauseSeconds,
                    secondsWithAClap: a.secondsWithAClap + b.secondsWithAClap, longestGap: max(a.longestGap, b.longestGap),
                    groupClaps: a.groupClaps + b.groupClaps)
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
    static func run(_ item: Item, settings: ClapDetectorSettings = ClapDetectorSettings()) throws -> Outcome {
        let reader = try WAVReader(path: corpus + "/" + item.file)
        let detector = ClapDetector(sampleRate: Double(reader.sampleRate), settings: settings)
        var detections: [(time: Double, heardAt: Double)] = []
        var groupClaps = 0
        var samples = 0
        while true {
            let block = reader.read(frames: reader.sampleRate / 100)
            if block.isEmpty { break }
            samples += block.count
            for clap in detector.process(block) {
                detections.append((clap.time, Double(samples) / Double(reader.sampleRate)))
                if clap.group { groupClaps += 1 }
            }
        }
        var used = [Bool](repeating: false, count: detections.count)
        var outcome = Outcome(claps: item.claps.count, hits: item.hits?.count ?? 0, seconds: item.duration, groupClaps: groupClaps)
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
        for span in item.spans ?? [] where span.count == 2 {
            let inside = detections.map(\.time).filter { span[0] <= $0 && $0 <= span[1] }
            for i in detections.indices where span[0] <= detections[i].time && detections[i].time <= span[1] { used[i] = true }
            let whole = Int(span[1] - span[0])
            outcome.applauseSeconds += whole
            outcome.secondsWithAClap += (0..<whole).filter { k in inside.contains { $0 >= span[0] + Double(k) && $0 < span[0] + Double(k + 1) } }.count
            let marks = [span[0]] + inside + [span[1]]
            outcome.longestGap = max(outcome.longestGap, zip(marks, marks.dropFirst()).map { $1 - $0 }.max() ?? 0)
        }
        outcome.falseClaps = used.filter { !$0 }.count
        return outcome
    }

    @Test func realClapsAreHeardAndRealTalkAndDrumsAreNot() throws {
        guard let items = Self.items() else { return }
        var byCategory: [String: Outcome] = [:]
        var groupWhereNobodyApplauds = 0
        print("real recordings (\(Self.corpus)):")
        for item in items {
            let outcome = try Self.run(item)
            byCategory[item.category, default: Outcome()] = byCategory[item.category, default: Outcome()] + outcome
            if !["among", "applause"].contains(item.category) { groupWhereNobodyApplauds += outcome.groupClaps }
            let what = item.claps.isEmpty ? "" : "heard \(outcome.heard)/\(outcome.claps)"
            let hits = (item.hits ?? []).isEmpty ? "" : " drums taken \(outcome.hitsTaken)/\(outcome.hits)"
            print("  \(item.category.padding(toLength: 7, withPad: " ", startingAt: 0)) \(item.source.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                  + "\(item.condition.padding(toLength: 11, withPad: " ", startingAt: 0)) \(what) false \(outcome.falseClaps)\(hits)")
        }
        let quiet = byCategory["quiet", default: Outcome()], speech = byCategory["speech", default: Outcome()]
        let rhythm = byCategory["rhythm", default: Outcome()], talk = byCategory["talk", default: Outcome()]
        let drums = byCategory["perc", default: Outcome()], music = byCategory["music", default: Outcome()]
        func percent(_ a: Int, _ b: Int) -> String { String(format: "%.0f %%", 100 * Double(a) / Double(max(b, 1))) }
        let talkRate = Double(talk.falseClaps) * 90 / max(talk.seconds, 1)
        print("real claps over a quiet room (dry, reverberant, distant): \(quiet.heard)/\(quiet.claps) (\(percent(quiet.heard, quiet.claps)))")
        print("real claps over real talk 8 dB below them: \(speech.heard)/\(speech.claps) (\(percent(speech.heard, speech.claps)))")
        print("real claps at 4 a second: \(rhythm.heard)/\(rhythm.claps); worst latency \(Int((quiet + speech + rhythm).worstLatency * 1000)) ms after the onset reached the stream")
        print(String(format: "real talk: %d false claps in %.0f s (%.1f per 90 s)", talk.falseClaps, talk.seconds, talkRate))
        print("percussion that is not a clap: \(drums.hitsTaken)/\(drums.hits) taken for claps (\(percent(drums.hitsTaken, drums.hits)))")
        print(String(format: "music: %d false claps in %.0f s", music.falseClaps, music.seconds))
        print("a group applauding heard where nobody applauds (quiet room, talk, music, percussion, snaps): \(groupWhereNobodyApplauds)")

        // 145/150 since a clap's tail is followed in 5 ms means (142 before, docs/benchmarks.md).
        #expect(Double(quiet.heard) >= 0.96 * Double(quiet.claps))
        // The targets, and no loss on what docs/benchmarks.md records (30/34 over talk, 160/160 at four a
        // second, 2 false claps in 132 s of talk, 3/68 drums, 6 false claps in 45 s of music).
        #expect(Double(speech.heard) >= 0.88 * Double(speech.claps))
        #expect(rhythm.heard == rhythm.claps)
        #expect(talkRate <= 2.0 + 1e-9, "at most 2 false claps in 90 s of real talk")
        #expect(talk.falseClaps <= 2 && talk.seconds >= 130, "no more than docs/benchmarks.md records")
        #expect(Double(drums.hitsTaken) <= 0.1 * Double(drums.hits) && drums.hitsTaken <= 3)
        #expect(music.falseClaps <= 6 && music.seconds >= 40, "drum loops: no more than docs/benchmarks.md records")
        #expect(quiet.falseClaps + rhythm.falseClaps == 0, "no claps but the real ones over a quiet room (no duplicates)")
        #expect((quiet + speech + rhythm).worstLatency <= 0.030 + 1e-9, "decided within 30 ms of the onset reaching the stream")
        #expect(groupWhereNobodyApplauds == 0, "a group applauding is never heard in talk, music, percussion or a room's quiet")
    }

    /// The sources the detector's changes for claps among claps were tried on while they were
    /// made; every other source of the `among` items is held out, and judged on its own.
    static let tunedOn = (claps: Set(["h2-gimme", "h2-millo-ml2", "chuck"]), applause: Set(["app-foobillard", "app-tuxfootball"]))

    @Test func clapsAmongClapsAreHeard() throws {
        // One close clapper, a group applauding 20 dB or more under: per source of claps, per
        // recording of applause, and on the sources held out while the detector was changed.
        guard let items = Self.items() else { return }
        var byClaps: [String: Outcome] = [:], byApplause: [String: Outcome] = [:]
        var tuned = Outcome(), heldOut = Outcome(), whole = Outcome()
        print("claps among claps (\(Self.corpus)):")
        for item in items where item.category == "among" {
            let outcome = try Self.run(item)
            byClaps[item.source, default: Outcome()] = byClaps[item.source, default: Outcome()] + outcome
            byApplause[item.condition, default: Outcome()] = byApplause[item.condition, default: Outcome()] + outcome
            if Self.tunedOn.claps.contains(item.source) && Self.tunedOn.applause.contains(item.condition) {
                tuned = tuned + outcome
            } else {
                heldOut = heldOut + outcome
            }
        }
        func line(_ name: String, _ o: Outcome) -> String {
            // Claps heard that are not the close clapper's are the group's: neither heard nor false.
            String(format: "  %-16@ heard %3d/%3d (%3.0f %%)  the group's own claps heard %d  loud non-claps taken %d/%d", name as NSString,
                   o.heard, o.claps, 100 * Double(o.heard) / Double(max(o.claps, 1)), o.falseClaps, o.hitsTaken, o.hits)
        }
        for (source, o) in byClaps.sorted(by: { $0.key < $1.key }) { print(line(source, o)) }
        for (source, o) in byApplause.sorted(by: { $0.key < $1.key }) { print(line(source, o)) }
        print(line("tuned on", tuned))
        print(line("held out", heldOut))
        print("whole applause (a group clapping, 1.5 s of the room before and after):")
        for item in items where item.category == "applause" {
            let o = try Self.run(item)
            whole = whole + o
            print(String(format: "  %-16@ a clap in %d of %d seconds (%d of them the group's), longest wait %.2f s; single claps standing out heard %d/%d; false outside %d",
                         item.source as NSString, o.secondsWithAClap, o.applauseSeconds, o.groupClaps, o.longestGap, o.heard, o.claps, o.falseClaps))
        }

        let all = tuned + heldOut
        // The target is 90 % on held-out sources: 121/133 (91 %) since a refused hit that stood
        // alone stays out of the loudness memory (114/133 before); 176/190 (93 %) over all, every
        // source 89 % or more (docs/benchmarks.md).
        #expect(Double(heldOut.heard) >= 0.9 * Double(heldOut.claps), "claps among claps on the sources held out")
        #expect(Double(all.heard) >= 0.92 * Double(all.claps))
        for (source, o) in byClaps.merging(byApplause, uniquingKeysWith: +) {
            #expect(Double(o.heard) >= 0.89 * Double(o.claps), "\(source): claps among claps")
        }
        // Every group, dense crowds too: a clap in every second of it and no wait over a second
        // once it has clapped for one (the group decision needs 0.7 s of applause to be sure).
        let groups = items.filter { $0.category == "applause" }
        #expect(groups.count >= 4)
        for item in groups {
            let o = try Self.run(item)
            #expect(o.applauseSeconds >= 2 && o.secondsWithAClap == o.applauseSeconds, "\(item.source): a clap every second of applause")
            #expect(o.longestGap <= 1.0, "\(item.source): at least one clap a second while the group claps")
        }
        #expect(whole.falseClaps == 0, "no clap while nobody claps")
    }

    /// Applause recordings of a large audience, where no single clap stands out of the others.
    static let denseCrowds: Set<String> = ["app-frozenbubble", "app-tuxtype"]

    @Test func aDenseCrowdIsHeardAsAGroupNoMoreOftenThanItRepeats() throws {
        // Without the group decision the dense crowds are heard in none of their seconds: it is
        // what hears them, and it speaks at most once in `repeatSeconds`.
        guard let items = Self.items() else { return }
        var withoutGroup = ClapDetectorSettings()
        withoutGroup.groupApplause = nil
        let limits = try #require(ClapDetectorSettings().groupApplause)
        let crowds = items.filter { $0.category == "applause" && Self.denseCrowds.contains($0.source) }
        #expect(crowds.count == 2)
        for item in crowds {
            let with = try Self.run(item), without = try Self.run(item, settings: withoutGroup)
            print("\(item.source): a clap in \(with.secondsWithAClap) of \(with.applauseSeconds) s with the group decision "
                  + "(\(with.groupClaps) claps for the group), \(without.secondsWithAClap) without")
            #expect(without.secondsWithAClap == 0)
            #expect(with.groupClaps >= with.applauseSeconds)
            #expect(Double(with.groupClaps) <= (item.spans?.first.map { $0[1] - $0[0] } ?? 0) / limits.repeatSeconds + 1)
        }
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
            #expect(Double(outcome.heard) >= 0.93 * Double(outcome.claps), "\(source) claps are heard")
        }
        #expect(bySource.count >= 5)
    }
}
