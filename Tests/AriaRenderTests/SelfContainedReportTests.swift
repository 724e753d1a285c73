import Foundation
import TestSupport
import Testing

/// A check's report is a folder that stands on its own: downloaded from CI, or kept after
/// the goldens changed, it still shows the golden, actual and diff images and plays both
/// soundtracks. Chromium, not this project, says whether they load.
@Suite struct SelfContainedReportTests {
    /// A golden folder of its own (a copy of the gestures scene, never the checkout's
    /// Golden/), its goldens made, then Crystal's tap moved next to Luna so her spawn is
    /// refused: frames, trace and sound differ.
    func changedGoldenFolder() throws -> URL {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0, 200]")
        let update = try AriaRenderTool.run(["golden", "update", "--golden", folder.path])
        #expect(update.status == 0, "\(update.standardError)")
        let scenePath = folder.appendingPathComponent("scene.yaml")
        let text = try String(contentsOf: scenePath, encoding: .utf8)
        try text.replacingOccurrences(of: "tap: {at: [980, 640], id: crystal}", with: "tap: {at: [700, 560], id: crystal}")
            .write(to: scenePath, atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aCheckReportShowsEverythingWithoutTheGoldens() throws {
        let folder = try changedGoldenFolder()
        let report = try makeTemporaryFolder() + "/report"
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        try expectSelfContained(report, goldenFolder: folder)
    }

    @Test func aMergedReportShowsEverythingWithoutTheGoldens() throws {
        let folder = try changedGoldenFolder()
        let work = try makeTemporaryFolder()
        for index in 0..<2 {
            let slice = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", work + "/slice\(index)", "--shard", "\(index)/2"])
            #expect(slice.status == 1 || slice.status == 0, "\(slice.standardError)")
        }
        let merged = try AriaRenderTool.run(["report", "merge", work + "/slice0", work + "/slice1", "-o", work + "/merged",
                                             "--golden", folder.path])
        #expect(merged.status == 1, "\(merged.standardOutput)\(merged.standardError)")
        // The slices go too: the merged folder must not lean on them either.
        try FileManager.default.removeItem(atPath: work + "/slice0")
        try FileManager.default.removeItem(atPath: work + "/slice1")
        try expectSelfContained(work + "/merged", goldenFolder: folder)
    }

    /// Copies `report` elsewhere, deletes the golden folder it came from and opens the copy in
    /// Chromium: every image has pixels, every soundtrack a duration and plays.
    func expectSelfContained(_ report: String, goldenFolder: URL) throws {
        let moved = try makeTemporaryFolder("moved") + "/report"
        try FileManager.default.copyItem(atPath: report, toPath: moved)
        try FileManager.default.removeItem(at: goldenFolder)
        // The JUnit file names its failures' files from where it lies: each is there in the copy.
        let junit = try String(contentsOfFile: moved + "/junit.xml", encoding: .utf8)
        let named = junit.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"(golden|actual|diff): [^<\n]+\.png"#, options: .regularExpression) else { return nil }
            return String(line[range].split(separator: " ", maxSplits: 1)[1])
        }
        #expect(!named.isEmpty && named.allSatisfy { FileManager.default.fileExists(atPath: moved + "/" + $0) }, "\(named)")
        let html = try String(contentsOfFile: moved + "/index.html", encoding: .utf8)
        #expect(!html.contains("src=\"../") && !html.contains("href=\"../"), "the report links outside its folder")
        // The trace's timeline is drawn inline, from the two traces the folder holds.
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trace-timeline\"") && html.contains("class=\"mark golden-only\""),
                "no timeline of the differing trace")
        // The report itself has no script; a copy of it beside it (same links) gets one that
        // writes what loaded to the console.
        let page = moved + "/loaded.html"
        try html.replacingOccurrences(of: "</body>", with: Self.probeScript + "</body>").write(toFile: page, atomically: true, encoding: .utf8)
        let log = try HeadlessBrowser.consoleLog(of: page, endMarker: "REPORT-END", timeout: 120)
        let lines = log.split(separator: "\n").compactMap { line -> (kind: String, ok: Bool, text: String)? in
            guard let open = line.range(of: "\"REPORT-"), let close = line.range(of: "\", source:", range: open.upperBound..<line.endIndex)
            else { return nil }
            let words = line[open.upperBound..<close.lowerBound].split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3 else { return nil }
            return (words[0], words[1] == "ok", words[2])
        }
        let images = lines.filter { $0.kind == "IMAGE" }, sounds = lines.filter { $0.kind == "AUDIO" }
        let rows = lines.filter { $0.kind == "ROW" }
        #expect(!rows.isEmpty && rows.allSatisfy(\.ok), "figures of a frame wrapped onto a second row: \(rows.map(\.text))")
        #expect(images.contains { $0.text.hasSuffix("_golden.png") } && images.contains { $0.text.hasSuffix("_actual.png") }
                && images.contains { $0.text.hasSuffix("_diff.png") } && images.contains { $0.text.hasSuffix("sound_diff.png") },
                "\(images)")
        let brokenImages = images.filter { !$0.ok }.map(\.text), brokenSounds = sounds.filter { !$0.ok }.map(\.text)
        #expect(brokenImages.isEmpty, "images that did not load: \(brokenImages)")
        #expect(sounds.count == 2, "the golden and the run's soundtrack: \(sounds)")
        #expect(brokenSounds.isEmpty, "soundtracks that do not play: \(brokenSounds)")
    }

    /// Once the page has loaded: each image with its natural width, each audio element with its
    /// duration and whether it starts playing.
    static let probeScript = """
    <script>
    window.addEventListener('load', async () => {
      for (const image of document.images) {
        console.log('REPORT-IMAGE ' + (image.complete && image.naturalWidth > 0 ? 'ok ' : 'broken ') + image.getAttribute('src'));
      }
      for (const audio of document.querySelectorAll('audio')) {
        const duration = await new Promise(resolve => {
          if (audio.readyState >= 1) { resolve(audio.duration); return; }
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
          audio.addEventListener('error', () => resolve(-1));
          setTimeout(() => resolve(-2), 30000);
          audio.load();
        });
        let played = false;
        try { audio.muted = true; await audio.play(); audio.pause(); played = true; } catch (error) { played = false; }
        const ok = duration > 0 && isFinite(duration) && played;
        console.log('REPORT-AUDIO ' + (ok ? 'ok ' : 'broken ') + audio.getAttribute('src') + ' duration=' + duration + ' played=' + played);
      }
      // Golden, actual and diff side by side: one row, however long a caption.
      for (const row of document.querySelectorAll('.images')) {
        const tops = [...row.children].map(figure => figure.offsetTop);
        console.log('REPORT-ROW ' + (new Set(tops).size === 1 ? 'ok ' : 'broken ') + 'tops=' + tops.join(',') + ' width=' + window.innerWidth);
      }
      console.log('REPORT-END');
    });
    </script>
    """
}
