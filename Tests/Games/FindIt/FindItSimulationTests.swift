import Catalogue
import Drawing
@testable import FindItGame
import Foundation
import GameKit
import TestSupport
import Testing
import Trace

/// The hunt, the registration and the time attack through the seam, as the engine drives
/// them: what the trace says and when, and what a child sees.
@Suite struct FindItSimulationTests {
    static func number(_ event: TraceEvent, _ field: String) -> Double {
        if case .number(let value) = event[field] { return value }
        if case .integer(let value) = event[field] { return Double(value) }
        return .nan
    }

    @Test func theHuntSamplesEverySixStepsWithTheWeightedConfidence() throws {
        let trace = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 599).trace
        let samples = trace.filter { $0.event == "sample" }
        #expect(samples.count > 50)
        for (earlier, later) in zip(samples, samples.dropFirst()) {
            #expect(abs((later.t - earlier.t) - 0.1) < 1e-6, "samples \(earlier.t) and \(later.t) are not 6 steps apart")
        }
        for sample in samples {
            let expected = (0.6 * Self.number(sample, "fp") + 0.4 * Self.number(sample, "ml") * 10_000).rounded() / 10_000
            #expect(abs(Self.number(sample, "confidence") - (0.6 * Self.number(sample, "fp") + 0.4 * Self.number(sample, "ml"))) < 0.00006,
                    "\(sample.t): \(expected)")
        }
        // None before the game screen, none after the find.
        let game = try #require(trace.first { $0.event == "screen" && $0.text("to") == "game" })
        let success = try #require(trace.first { $0.event == "success" })
        #expect(samples.first!.t >= game.t && samples.last!.t <= success.t)
    }

    @Test func bandsChangeOnlyOnAChangeWithTheirHaptics() throws {
        let trace = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 599).trace
        let bands = trace.filter { $0.event == "band" }
        #expect(bands.map { $0.text("band") } == ["warm", "hot", "warm", "hot"])
        for (earlier, later) in zip(bands, bands.dropFirst()) { #expect(earlier.text("band") != later.text("band")) }
        let haptics = trace.filter { $0.event == "haptic" }.map { $0.text("kind") ?? "" }
        #expect(haptics == ["light", "heavy", "light", "heavy", "success"])
        // Each band's haptic is at the band line's own time.
        for band in bands {
            let kind = band.text("band") == "warm" ? "light" : "heavy"
            #expect(trace.contains { $0.event == "haptic" && $0.t == band.t && $0.text("kind") == kind })
        }
    }

    @Test func oneSuccessOnlyAfterAFullSecondOverPointEightAndADipResetsTheRing() throws {
        let trace = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 599).trace
        let successes = trace.filter { $0.event == "success" }
        #expect(successes.count == 1)
        let success = try #require(successes.first)
        let window = trace.filter { $0.event == "sample" && $0.t <= success.t && $0.t > success.t - 1.0 - 1e-6 }
        #expect(window.count == 11)
        #expect(window.allSatisfy { Self.number($0, "confidence") > 0.8 })
        #expect(Self.number(success, "held") == 1)
        let holds = trace.filter { $0.event == "hold" }.map { $0.text("change") ?? "" }
        #expect(holds == ["began", "reset", "began", "completed"])
        // The reset came from a sample at or under 0.8.
        let reset = try #require(trace.first { $0.event == "hold" && $0.text("change") == "reset" })
        let dip = try #require(trace.first { $0.event == "sample" && $0.t == reset.t })
        #expect(Self.number(dip, "confidence") <= 0.8)
        // The find is kept: Home shows it found.
        let run = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 450).run
        let snapshot = (run as! PaintedRun<FindItSimulation, FindItPainter>).simulation.snapshot()
        #expect(snapshot.screen == .home && snapshot.tiles.first { $0.id == "keys" }?.found == true)
        #expect(snapshot.tiles.filter(\.found).count == 1)
    }

    @Test func theMissionIsSpokenInKorean() throws {
        let trace = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 100).trace
        let speech = try #require(trace.first { $0.event == "speech" })
        #expect(speech.text("text") == "아빠의 차 키를 찾아보세요!" && speech.text("voice") == "ko")
        #expect(trace.contains { $0.event == "sound" && $0.text("sound") == speech.text("sound") && $0.t == speech.t })
    }

    @Test func registrationRefusesFourPhotosWarnsOfDarknessTrainsAndSwaps() throws {
        let trace = try FindItFixtures.run(try FindItFixtures.scene("register"), to: 419).trace
        let warnings = trace.filter { $0.event == "warning" }
        #expect(warnings.map { $0.text("kind") } == ["too_few_photos", "too_dark"])
        #expect(warnings[1].text("message") == "밝은 곳에서 찍어주세요")
        let dark = try #require(trace.first { $0.event == "photo" && $0["kept"] == .flag(false) })
        #expect(Self.number(dark, "luminance") < 0.25)
        #expect(trace.filter { $0.event == "photo" }.map { $0.text("angle") } == ["front", "back", "left", "right", "top", "top"])
        let saved = trace.filter { $0.event == "saved" }
        #expect(saved.count == 1 && Self.number(saved[0], "photos") == 5 && Self.number(saved[0], "created_at") == 9.5)
        let progress = trace.filter { $0.event == "training" }.map { Self.number($0, "progress") }
        #expect(progress == (0...10).map { Double($0) / 10 })
        let swap = try #require(trace.first { $0.event == "model_swap" })
        #expect(Self.number(swap, "version") == 2 && Self.number(swap, "items") == 3)
        #expect(trace.last { $0.event == "screen" }?.text("to") == "home")
    }

    @Test func theTimeAttackCountsDownAndEndsWithAResult() throws {
        let trace = try FindItFixtures.run(try FindItFixtures.scene("time-attack"), to: 449).trace
        #expect(trace.filter { $0.event == "countdown" }.map { Self.number($0, "remaining") } == [8, 7, 6, 5, 4, 3, 2, 1])
        let result = try #require(trace.first { $0.event == "result" })
        #expect(result["found"] == .flag(false) && Self.number(result, "seconds") == 8)
        let game = try #require(trace.first { $0.event == "screen" && $0.text("to") == "game" })
        #expect(abs(result.t - game.t - 8) < 0.02)
        #expect(!trace.contains { $0.event == "success" })
    }

    @Test func theBorderIsTheBandsColour() throws {
        let scene = try FindItFixtures.scene("hunt")
        for (frame, band) in [(150, HuntBand.cold), (210, .warm), (245, .hot)] {
            let pixels = try FindItFixtures.run(scene, to: frame, options: RunOptions(width: 360, height: 640)).run.drawFrame()
            let colour = pixels.rgba(x: 2, y: 320)
            let expected = FindItPainter.borderColor(band)
            #expect(abs(colour.red - Int(expected.red * 255)) <= 1 && abs(colour.green - Int(expected.green * 255)) <= 1
                    && abs(colour.blue - Int(expected.blue * 255)) <= 1, "frame \(frame): \(colour)")
        }
    }

    @Test func theHoldRingIsHalfFullHalfwayThroughTheHoldAndEmptyAfterTheDip() throws {
        let scene = try FindItFixtures.scene("hunt")
        let hot = FindItPainter.borderColor(.hot)
        func isHot(_ pixel: (red: Int, green: Int, blue: Int, alpha: Int)) -> Bool {
            abs(pixel.red - Int(hot.red * 255)) <= 2 && abs(pixel.green - Int(hot.green * 255)) <= 2 && abs(pixel.blue - Int(hot.blue * 255)) <= 2
        }
        // The ring: centred at (0.5, 0.42) of the screen, its radius 0.3 of the width; it fills clockwise from the top.
        let half = try FindItFixtures.run(scene, to: 271, options: RunOptions(width: 360, height: 640)).run.drawFrame()
        #expect(isHot(half.rgba(x: 288, y: 269)), "the right half is filled")
        #expect(!isHot(half.rgba(x: 72, y: 269)), "the left half is not")
        let reset = try FindItFixtures.run(scene, to: 284, options: RunOptions(width: 360, height: 640)).run.drawFrame()
        #expect(!isHot(reset.rgba(x: 288, y: 269)), "after the dip the ring is empty")
    }

    @Test func aKeptBackdropDrawsWhatAFreshPainterDraws() throws {
        // The hunt's and the success screen's backdrops are kept per size: a painter that has
        // drawn the other screen, and both at another size, draws what a new painter does.
        func snapshots(width: Int, height: Int) throws -> [FindItSnapshot] {
            let run = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 0, options: RunOptions(width: width, height: height)).run
            let simulation = (run as! PaintedRun<FindItSimulation, FindItPainter>).simulation
            var found: [FindItSnapshot] = []
            for frame in 1..<run.frameCount where found.count < 2 {
                run.advance(toFrame: frame)
                let snapshot = simulation.snapshot()
                if case .game = snapshot.screen, found.isEmpty { found.append(snapshot) }
                if case .success = snapshot.screen, found.count == 1 { found.append(snapshot) }
            }
            return found
        }
        func bytes(_ snapshot: FindItSnapshot, by painter: FindItPainter) throws -> [UInt8] {
            let surface = try #require(ImageSurface(width: snapshot.width, height: snapshot.height))
            try painter.paint(snapshot, on: surface.makeContext())
            let pixels = surface.pixels
            return Array(UnsafeRawBufferPointer(start: pixels.base, count: pixels.stride * pixels.height))
        }
        let small = try snapshots(width: 180, height: 320), large = try snapshots(width: 360, height: 640)
        try #require(small.count == 2 && large.count == 2, "the hunt reaches the hunt and the success screens")
        let painter = FindItPainter()
        for snapshot in small + [large[1], large[0]] { _ = try bytes(snapshot, by: painter) }
        for snapshot in large {
            let kept = try bytes(snapshot, by: painter) == bytes(snapshot, by: FindItPainter())
            #expect(kept, "\(snapshot.screen)")
        }
    }

    @Test func theSameSceneGivesTheSameTraceAndPixels() throws {
        let scene = try FindItFixtures.scene("hunt")
        let first = try FindItFixtures.run(scene, to: 355, options: RunOptions(width: 180, height: 320))
        let second = try FindItFixtures.run(scene, to: 355, options: RunOptions(width: 180, height: 320))
        #expect(first.trace.map(\.jsonLine) == second.trace.map(\.jsonLine))
        let a = try first.run.drawFrame(), b = try second.run.drawFrame()
        var same = true
        for y in stride(from: 0, to: 320, by: 3) { for x in stride(from: 0, to: 180, by: 3) where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) { same = false } }
        #expect(same)
    }
}

/// The built-in scene a kiosk plays is the file in Scenes/findit, and it finds its treasure.
@Suite struct FindItBuiltInSceneTests {
    /// A child's first touch takes over from the kiosk's script, as in Glitch Squad: the
    /// script's `start` (1.5 s) and `play` (4.5 s) are no longer tapped for them.
    @Test func aChildsTouchTakesOverFromTheBuiltInScript() throws {
        let run = try Catalogue.games.builtIn("findit").makeRun(RunOptions(live: true))
        run.advance(toFrame: 30)
        // [+] on Home, (0.83, 0.89): the register screen.
        run.inject(.touch(TouchPoint(phase: .began, x: 0.83, y: 0.89, time: 1)), source: "touch")
        run.inject(.touch(TouchPoint(phase: .ended, x: 0.83, y: 0.89, time: 1.05)), source: "touch")
        run.advance(toFrame: 180)
        let trace = run.drainTrace()
        #expect(trace.filter { $0.event == "screen" }.map { "\($0.text("from") ?? "")>\($0.text("to") ?? "")" } == ["home>register"])
        #expect(!trace.contains { $0.event == "refused" }, "\(trace.filter { $0.event == "refused" })")
    }

    /// The mission card draws no back button, so its top left is no button either.
    @Test func theMissionCardsTopLeftIsNoButton() {
        #expect(FindItLayout.tap(x: 0.1, y: 0.04, screen: .mission(item: "keys"), items: ["keys"]).map(\.name) == nil)
        #expect(FindItLayout.tap(x: 0.1, y: 0.04, screen: .detail(item: "keys"), items: ["keys"]).map(\.name) == "back")
    }

    @Test func theBuiltInSceneIsTheFileAndEndsInAFind() throws {
        let file = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("Scenes/findit/treasure.yaml"), encoding: .utf8)
        #expect(file == FindItBuiltInScene.yaml + "\n")
        let trace = try FindItFixtures.run(try Catalogue.games.builtIn("findit"), to: 479).trace
        #expect(trace.filter { $0.event == "success" }.map(\.character) == ["keys"])
    }
}

/// The signals from a recorded detection log (`--cv-events`), as a detector writes them.
@Suite struct FindItRecordedSignalTests {
    @Test func aRecordedLogDrivesTheHuntToItsFind() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.yaml").path
        try FindItFixtures.text("""
        items:
          keys: {name: 열쇠, difficulty: 2, photos: \(FindItFixtures.five("keys"))}
        flow:
          - {time: 0.2, tap: start, item: keys}
          - {time: 0.5, tap: play}
        """, duration: 4).write(toFile: scene, atomically: true, encoding: .utf8)
        // 30 samples a second of both signals: low, then high from 1 s.
        var lines: [String] = []
        for sample in 0..<90 {
            let time = Double(sample) / 30, high = time >= 1
            lines.append(#"{"time": \#(time), "label": "keys.fp", "confidence": \#(high ? 0.95 : 0.2), "position": [0.5, 0.5]}"#)
            lines.append(#"{"time": \#(time), "label": "keys.ml", "confidence": \#(high ? 0.9 : 0.1), "position": [0.5, 0.5]}"#)
        }
        let log = folder.appendingPathComponent("signals.jsonl").path
        try lines.joined(separator: "\n").write(toFile: log, atomically: true, encoding: .utf8)
        let result = try AriaRenderTool.run(["simulate", scene, "--cv-events", log, "--trace", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        let trace = result.standardOutput
        #expect(trace.contains(#""event":"sample","character":"keys","fp":0.2,"ml":0.1,"confidence":0.16"#))
        #expect(trace.contains(#""event":"sample","character":"keys","fp":0.95,"ml":0.9,"confidence":0.93"#))
        #expect(trace.components(separatedBy: #""event":"success""#).count == 2)
        // Without the log the camera sees nothing: no find.
        let blind = try AriaRenderTool.run(["simulate", scene, "--trace", "-"])
        #expect(!blind.standardOutput.contains(#""event":"success""#))
    }
}
