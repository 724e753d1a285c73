import Foundation
import Testing
import TestSupport

/// A render stopped by Ctrl-C, SIGTERM or a closed terminal stops ffmpeg, leaves no partial
/// or temporary file, says so in one line and exits 128 plus the signal.
@Suite struct RenderInterruptTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalLeavesNothingBehind(signal: Int32, status: Int32) throws {
        let folder = try makeTemporaryFolder("interrupt-\(signal)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try AriaRenderTool.start(["render", "-o", folder + "/k.mp4", "--trace", folder + "/k.jsonl", "--quiet"])
        // Wait until the video is being written: its hidden partial file exists.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, render.isRunning,
              !((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains(where: { $0.contains(".partial-") }) {
            usleep(20_000)
        }
        try #require(render.isRunning, "the render ended before it could be interrupted: \(render.standardError)")
        usleep(300_000)
        render.send(signal)
        let exit = render.finish(timeout: 30)
        #expect(exit == status)
        let lines = render.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("aria-render: interrupted by "), "one line: \(render.standardError)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "no partial video or trace")
        #expect(!FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "aria-render-sound-\(render.pid).wav"),
                "the temporary soundtrack is gone")
        let ffmpeg = try Subprocess.run("pgrep", ["-f", folder + "/.k.mp4.partial"])
        #expect(ffmpeg.standardOutput.isEmpty, "no ffmpeg left writing: \(ffmpeg.standardOutput)")
    }
}
