import Foundation

/// A real X server for window tests: `$DISPLAY` when the test run provides one (make test
/// starts Xvfb), otherwise a private Xvfb started here and stopped when released.
final class XvfbScreen {
    let display: String
    private var process: Process?

    init(width: Int = 640, height: Int = 360) throws {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            self.display = display
            return
        }
        let number = (200..<260).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") } ?? 259
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        display = ":\(number)"
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start on \(display)"])
        }
    }

    deinit {
        guard let process, process.isRunning else { return }
        // SIGKILL: Xvfb started by Foundation's Process may not act on SIGTERM, and a test
        // must never hang on its fixture.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The screen's pixels, through xwd and ImageMagick, as (red, green, blue) at a point.
    func screenshotPixel(x: Int, y: Int) throws -> (Int, Int, Int) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "xwd -root -silent -display \(display) | /usr/bin/convert xwd:- -crop 1x1+\(x)+\(y) -depth 8 txt:-"]
        let pipe = Pipe()
        shell.standardOutput = pipe
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        // "0,0: (255,0,0)  #FF0000  red"
        guard let open = text.range(of: ": ("), let close = text.range(of: ")", range: open.upperBound..<text.endIndex) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no screenshot: \(text)"])
        }
        let numbers = text[open.upperBound..<close.lowerBound].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (numbers[0], numbers[1], numbers[2])
    }
}
