import Drawing
import Foundation
@testable import Kiosk
import Output
import PrincessGame
import Princess
import PrincessTestSupport
import TestSupport
import Testing

/// "N frames shown" in the demo's last line counts what really reached a window or a file:
/// not the frames due while there was no display, nor those whose PNG could not be written.
@Suite struct DemoFramesShownTests {
    private static func run(display: DemoDisplay?, clock: VirtualClock, seconds: Double) -> DemoLoop.Outcome {
        let attract = AttractLoop(scene: SceneLoader.defaultScene.opened, freshSeed: false, width: 64, height: 36)
        let loop = DemoLoop(DemoLoop.Parts(attract: attract, framesPerSecond: 10, clock: clock, display: display,
                                           log: DemoLog(origin: clock.now, clock: { clock.now }), duration: seconds))
        return loop.run(from: clock.now)
    }

    private static func folder(_ label: String) -> String {
        NSTemporaryDirectory() + "demo-shown-\(label)-\(UUID().uuidString.prefix(8))"
    }

    @Test func noDisplayShowsNothing() {
        let outcome = Self.run(display: nil, clock: VirtualClock(start: 0), seconds: 2)
        #expect(outcome.framesShown == 0)
        #expect(outcome.framesNotShown >= 20 && outcome.framesSkipped == 0)
    }

    @Test func framesWrittenAreCountedAndOnlyThose() throws {
        let folder = Self.folder("written")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = VirtualClock(start: 0)
        let outcome = Self.run(display: FramesFolder(folder: folder, clock: clock, log: DemoLog(origin: 0, clock: { 0 })),
                               clock: clock, seconds: 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        #expect(outcome.framesShown == files.count && files.count >= 20, "\(outcome) \(files.count) files")
        #expect(outcome.framesNotShown == 0)
    }

    @Test func aFolderThatCannotBeWrittenShowsNothing() throws {
        // The folder's place is taken by a file: every attempt fails, as on a full disk.
        let blocked = Self.folder("blocked")
        try Data().write(to: URL(fileURLWithPath: blocked))
        defer { try? FileManager.default.removeItem(atPath: blocked) }
        let clock = VirtualClock(start: 0)
        let outcome = Self.run(display: FramesFolder(folder: blocked + "/shown", clock: clock, log: DemoLog(origin: 0, clock: { 0 })),
                               clock: clock, seconds: 3)
        #expect(outcome.framesShown == 0)
        #expect(outcome.framesNotShown > 0)
    }

    @Test func aFrameWhoseWriteFailsAfterItWasHandedOverIsNotCounted() throws {
        let folder = Self.folder("late")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = VirtualClock(start: 0)
        let display = FramesFolder(folder: folder, clock: clock, log: DemoLog(origin: 0, clock: { 0 }))
        let canvas = try #require(ImageSurface(width: 32, height: 18))
        func waitFor(_ index: Int) {
            let path = folder + "/" + PNGSequenceSink.fileName(ofFrame: index)
            waitUntil(every: 0.005, timeout: 10) { FileManager.default.fileExists(atPath: path) }
        }
        display.show(canvas.pixels, index: 0)
        waitFor(0)
        display.show(canvas.pixels, index: 1)  // frame 0 is seen written
        waitFor(1)
        display.show(canvas.pixels, index: 2)  // frame 1 too
        waitFor(2)
        #expect(display.framesShown == 2)
        // The folder goes away: frame 2 was written and is gone, frames 3 and on cannot be written.
        try FileManager.default.removeItem(atPath: folder)
        try Data().write(to: URL(fileURLWithPath: folder))
        for index in 3...6 {
            clock.advance(by: 0.1)
            display.show(canvas.pixels, index: index)
        }
        display.close()
        #expect(display.framesShown == 2)
    }
}
