import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Chromium, as a viewer sees a video: it decodes the file with its own media stack, converts
/// it to RGB by the colour tags (or by what browsers assume when there are none) and gives
/// back the pixels of its first frame, drawn onto a canvas. The evidence for "looks right in a
/// browser" that neither ffmpeg nor this project makes.
public enum HeadlessBrowser {
    /// The first frame of the video at `path` as Chromium shows it: RGB bytes, row by row.
    public static func firstFrame(of path: String, timeout: Double = 90) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let folder = (path as NSString).deletingLastPathComponent
        let page = folder + "/show-\(UUID().uuidString).html"
        try Self.page(video: (path as NSString).lastPathComponent).write(toFile: page, atomically: true, encoding: .utf8)
        let profile = folder + "/chromium-profile-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: page)
            try? FileManager.default.removeItem(atPath: profile)
        }
        let log = try consoleLog(of: page, profile: profile, endMarker: "RGB-END", timeout: timeout)
        return try pixels(in: log)
    }

    /// What the page at `page` wrote to the console (Chromium's log, where each message is a
    /// line), once a message holding `endMarker` is there; throws when it is not within `timeout`.
    public static func consoleLog(of page: String, endMarker: String, timeout: Double = 90) throws -> String {
        let profile = NSTemporaryDirectory() + "chromium-profile-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: profile) }
        return try consoleLog(of: page, profile: profile, endMarker: endMarker, timeout: timeout)
    }

    private static func consoleLog(of page: String, profile: String, endMarker: String, timeout: Double) throws -> String {
        guard let browser = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap({ try? Subprocess.locate($0) }).first else {
            throw FixtureError("no Chromium on PATH (Debian: apt-get install chromium)")
        }
        // The page's console goes to standard error, where the answer is read from; the
        // browser is stopped once it is all there. --no-sandbox: CI runs as root, where
        // Chromium's sandbox refuses to start.
        let chromium = try Subprocess(browser, ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                "--user-data-dir=" + profile, "--allow-file-access-from-files",
                                                "--autoplay-policy=no-user-gesture-required", "--mute-audio",
                                                "--enable-logging=stderr", "--v=0", "file://" + page])
        let ended = waitForEnd(of: chromium, marker: endMarker, timeout: timeout)
        chromium.send(SIGTERM)
        chromium.finish(timeout: 10)
        // Read as bytes: a stray invalid UTF-8 byte in Chromium's log must not hide the answer.
        let log = String(decoding: FileManager.default.contents(atPath: chromium.errorPath) ?? Data(), as: UTF8.self)
        guard ended else { throw FixtureError("Chromium's page did not finish in \(Int(timeout)) s: \(log.suffix(400))") }
        return log
    }

    /// Waits for the page's last line (a console message starting with `marker`), reading only
    /// the end of the growing log (a 1080p frame is 8 MB of it); false when Chromium ends or `timeout` passes without it.
    private static func waitForEnd(of chromium: Subprocess, marker: String, timeout: Double) -> Bool {
        func ended() -> Bool {
            guard let file = FileHandle(forReadingAtPath: chromium.errorPath) else { return false }
            defer { try? file.close() }
            let size = (try? file.seekToEnd()) ?? 0
            try? file.seek(toOffset: size > 4096 ? size - 4096 : 0)
            return String(decoding: file.readDataToEndOfFile(), as: UTF8.self).contains("\"\(marker)")
        }
        return waitUntil(every: 0.05, timeout: timeout, stillPossible: { chromium.isRunning }, until: ended)
    }

    /// The pixels the page wrote to the console in base64 parts: `RGB-PART i …`, then
    /// `RGB-SIZE width height parts` (or `RGB-ERROR …`), then `RGB-END`.
    private static func pixels(in log: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        var parts: [Int: Substring] = [:], size: (Int, Int, Int)?
        for line in log.split(separator: "\n") {
            guard let open = line.range(of: "\"RGB-"), let close = line.range(of: "\", source:", range: open.upperBound..<line.endIndex)
            else { continue }
            let words = line[open.upperBound..<close.lowerBound].split(separator: " ", maxSplits: 3)
            switch words.first {
            case "PART" where words.count == 3: if let index = Int(words[1]) { parts[index] = words[2] }
            case "SIZE" where words.count == 4: if let w = Int(words[1]), let h = Int(words[2]), let n = Int(words[3]) { size = (w, h, n) }
            case "ERROR": throw FixtureError("Chromium could not play the video: \(line[open.upperBound..<close.lowerBound])")
            default: continue
            }
        }
        guard let (width, height, count) = size, (0..<count).allSatisfy({ parts[$0] != nil }),
              let data = Data(base64Encoded: (0..<count).map { String(parts[$0]!) }.joined()), data.count == width * height * 3 else {
            throw FixtureError("Chromium's console held no whole frame")
        }
        return (width, height, [UInt8](data))
    }

    /// A page that plays the video until its first frame is shown, pauses, draws that frame on
    /// a canvas and writes its pixels to the console.
    private static func page(video: String) -> String {
        """
        <!doctype html><html><body style="margin:0">
        <video id="v" src="\(video)" muted playsinline preload="auto"></video>
        <canvas id="c"></canvas>
        <script>
        const v = document.getElementById('v');
        let tries = 0;
        function grab() {
          const c = document.getElementById('c');
          c.width = v.videoWidth; c.height = v.videoHeight;
          const g = c.getContext('2d');
          g.drawImage(v, 0, 0);
          const d = g.getImageData(0, 0, c.width, c.height).data;
          let sum = 0;
          for (let i = 0; i < d.length; i += 4001) sum += d[i] + d[i + 1] + d[i + 2];
          if (sum === 0 && tries++ < 100) { setTimeout(grab, 50); return; }
          if (sum === 0) { console.log('RGB-ERROR no frame was drawn: the canvas stayed black'); console.log('RGB-END'); return; }
          const rgb = new Uint8Array(c.width * c.height * 3);
          for (let i = 0, j = 0; i < d.length; i += 4) { rgb[j++] = d[i]; rgb[j++] = d[i + 1]; rgb[j++] = d[i + 2]; }
          let bytes = '';
          for (let i = 0; i < rgb.length; i += 8192) bytes += String.fromCharCode.apply(null, rgb.subarray(i, i + 8192));
          const text = btoa(bytes), part = 60000, count = Math.ceil(text.length / part);
          for (let i = 0; i < count; i++) console.log('RGB-PART ' + i + ' ' + text.substr(i * part, part));
          console.log('RGB-SIZE ' + c.width + ' ' + c.height + ' ' + count);
          console.log('RGB-END');
        }
        v.addEventListener('error', () => {
          console.log('RGB-ERROR ' + (v.error ? v.error.code + ' ' + v.error.message : 'unknown'));
          console.log('RGB-END');
        });
        v.requestVideoFrameCallback(() => { v.pause(); grab(); });
        v.play();
        </script></body></html>
        """
    }
}
