import Drawing
import Foundation
import TestSupport
import PrincessGame
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `aria-render demo` on a machine with no screen (`--frames`), with outputs that fail, with
/// no PulseAudio, and with bad command lines.
@Suite struct DemoFramesTests {
    @Test func framesGoToAFolderWhenThereIsNoScreen() throws {
        let folder = demoTemporaryFolder("frames")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try DemoTool.writeFivePrincesses(to: folder + "/five.yaml")
        let demo = try DemoTool.start([folder + "/five.yaml", "--output", folder + "/shown", "--window", "320x180", "--fps", "10",
                                       "--duration", "2", "--no-sound", "--no-mic", "--trace", folder + "/trace.jsonl"],
                                      environment: ["DISPLAY": ""])
        #expect(demo.finish(timeout: 30) == 0, "\(demo.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/shown").filter { $0.hasSuffix(".png") }.sorted()
        // Two seconds at 10 frames a second: frames 0…19 (a slow start may skip one or two).
        #expect(names.count >= 17 && names.count <= 21, "\(names)")
        #expect(names.last.map { $0 <= "frame_00020.png" } == true)
        // The last line counts the frames that are really there.
        #expect(demo.standardError.contains("\(names.count) frames shown ("), "\(names.count) files: \(demo.standardError)")

        let image = try #require(ImageSurface.readWithCairo(from: folder + "/shown/" + names.last!))
        let pixels = image.pixels
        #expect(pixels.width == 320 && pixels.height == 180)
        var rgb: [UInt8] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let colour = pixels.rgba(x: x, y: y)
                rgb += [UInt8(colour.red), UInt8(colour.green), UInt8(colour.blue)]
            }
        }
        let columns = CharacterColours.columns(in: rgb, width: pixels.width)
        for theme in CharacterColours.themes {
            #expect((columns[theme.name] ?? []).count >= 60, "\(theme.name) is not in the frame")
        }
        #expect(DemoTraceFile.isComplete(folder + "/trace.jsonl"))
    }

    @Test func anOutputFolderThatCannotBeWrittenIsRetriedUntilItCan() throws {
        let folder = demoTemporaryFolder("unwritable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shown = folder + "/shown"
        let demo = try DemoTool.start(["--output", shown, "--window", "160x90", "--fps", "10", "--duration", "6",
                                       "--no-sound", "--no-mic"], environment: ["DISPLAY": ""])
        try waitFor("the demo to write frame 5", within: 10, every: 0.05) { FileManager.default.fileExists(atPath: shown + "/frame_00005.png") }
        // The folder becomes a file: every write fails, as on a full disk.
        try FileManager.default.removeItem(atPath: shown)
        try Data().write(to: URL(fileURLWithPath: shown))
        #expect(demo.waitForError("frames: cannot write", timeout: 5), "\(demo.standardError)")
        // The outage lasts a second, for the demo to retry into (its length, not a wait).
        Thread.sleep(forTimeInterval: 1)
        try FileManager.default.removeItem(atPath: shown)
        #expect(demo.waitForError("frames: writing to \(shown) again", timeout: 10), "\(demo.standardError)")
        #expect(demo.finish(timeout: 20) == 0, "\(demo.standardError)")
        let lines = demo.standardError.split(separator: "\n")
        #expect(lines.filter { $0.contains("frames: cannot write") }.count == 1, "one line per outage: \(lines)")
        let names = try FileManager.default.contentsOfDirectory(atPath: shown)
        #expect(names.contains { $0.hasSuffix(".png") })
        #expect(!names.contains { $0.contains(".partial") }, "a half-written frame was left: \(names)")
        // Frames written before the folder went away were deleted with it: only those written
        // since it came back are here, and the last line counts no more than were written.
        let last = String(lines.last ?? "")
        let shownCount = last.range(of: #"[0-9]+ frames shown"#, options: .regularExpression).flatMap { Int(last[$0].split(separator: " ")[0]) }
        let notShown = last.range(of: #"[0-9]+ not shown"#, options: .regularExpression).flatMap { Int(last[$0].split(separator: " ")[0]) }
        #expect(shownCount.map { $0 >= names.filter { $0.hasSuffix(".png") }.count && $0 <= 61 } == true, "\(last)")
        #expect(notShown.map { $0 > 0 } == true, "frames were dropped while the folder was a file: \(last)")
    }

    @Test func noPulseAudioIsOneLineEachAndTheShowGoesOnSilently() throws {
        let folder = demoTemporaryFolder("no-pulse")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let demo = try DemoTool.start(["--output", folder + "/shown", "--window", "160x90", "--fps", "5", "--duration", "3.5",
                                       "--trace", folder + "/trace.jsonl"],
                                      environment: ["DISPLAY": "", "PULSE_SERVER": "unix:\(folder)/no-such-socket"])
        #expect(demo.finish(timeout: 20) == 0, "\(demo.standardError)")
        let lines = demo.standardError.split(separator: "\n")
        // Retried all along (several times a second at first), said once each.
        #expect(lines.filter { $0.contains("speaker: cannot play to the default sink: PulseAudio server at unix:\(folder)/no-such-socket not usable") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("microphone: cannot listen to the default source: PulseAudio server at unix:\(folder)/no-such-socket not usable") }.count == 1, "\(lines)")
        #expect(DemoTraceFile.events(folder + "/trace.jsonl").contains { $0["event"] as? String == "sound" })
        #expect(lines.last?.contains("stopped by the end of its duration after 3.5 s") == true)
    }

    @Test func whatCannotWorkAtAllIsOneLineAndExit2() throws {
        let noDisplay = try DemoTool.start(["--duration", "1"], environment: ["DISPLAY": ""])
        #expect(noDisplay.finish(timeout: 20) == 2)
        #expect(noDisplay.standardError == "aria-render: no X display: DISPLAY is not set; set it, or use --output DIR on a machine with no screen\n")

        let badSensitivity = try DemoTool.start(["--clap-sensitivity", "loud", "--output", "/tmp/unused"], environment: ["DISPLAY": ""])
        #expect(badSensitivity.finish(timeout: 20) == 2)
        #expect(badSensitivity.standardError.split(separator: "\n").count == 1, "\(badSensitivity.standardError)")
        #expect(["'loud'", "'easy'", "'medium'", "'hard'"].allSatisfy(badSensitivity.standardError.contains), "\(badSensitivity.standardError)")

        for arguments in [["--duration", "-3"], ["--fps", "0"], ["--window", "12x9000"], ["/no/such/scene.yaml"]] {
            let demo = try DemoTool.start(arguments + ["--output", "/tmp/unused"], environment: ["DISPLAY": ""])
            #expect(demo.finish(timeout: 20) == 2, "\(arguments)")
            #expect(demo.standardError.split(separator: "\n").last?.hasPrefix("aria-render: ") == true, "\(demo.standardError)")
        }
    }
}
