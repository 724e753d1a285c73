import DevTools
import Foundation
import ImageDiff
import Output
import Testing
import TestSupport

/// The studio's page in real headless Chromium, driven through its DevTools protocol as a
/// designer drives it: keys pressed, the file saved on disk, the canvas read back and
/// compared with what `aria-render render --frame N` writes for the same scene and size.
@Suite(.serialized) struct StudioPageTests {
    static let size = "320x180"

    /// The page of `studio` opened in a new browser, once it painted its first frame.
    func openPage(_ studio: RunningStudio, browser: HeadlessChromium) throws -> DevToolsPage {
        let page = try browser.open(studio.address)
        try page.wait(for: "window.studio && studio.painted.frame >= 0", "its first frame", timeout: 60)
        return page
    }

    /// A studio on the default scene, a browser, and its page showing the first frame.
    func openStudio(label: String = #function) throws -> (RunningStudio, HeadlessChromium, DevToolsPage) {
        let studio = try RunningStudio(label: label)
        let browser = try HeadlessChromium()
        return (studio, browser, try openPage(studio, browser: browser))
    }

    /// Shift-→ twice: two seconds on, to frame 60, painted.
    func stepToFrame60(_ page: DevToolsPage) throws {
        try page.press("ArrowRight", shift: true)
        try page.press("ArrowRight", shift: true)
        try page.wait(for: "studio.painted.frame === 60", "frame 60")
    }

    /// What the page's canvas holds, as RGBA bytes.
    func canvasPixels(_ page: DevToolsPage, canvas: String = "document.getElementById('frame')") throws -> RGBAImage {
        let value = try page.evaluate("""
            (() => { const c = \(canvas), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              let s = ''; for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
              return [c.width, c.height, btoa(s)]; })()
            """) as? [Any]
        guard let value, value.count == 3, let width = value[0] as? Int, let height = value[1] as? Int, let text = value[2] as? String,
              let data = Data(base64Encoded: text), data.count == width * height * 4 else {
            throw DevToolsError("no pixels from the canvas: \(String(describing: value))")
        }
        return RGBAImage(width: width, height: height, bytes: [UInt8](data))
    }

    /// Frame `frame` of the scene file at `scene` as `render --frame` writes it, at the preview size.
    func rendered(_ scene: String, frame: Int) throws -> RGBAImage {
        let output = try makeTemporaryFolder("rendered") + "/frame.png"
        let result = try AriaRenderTool.run(["render", scene, "--frame", String(frame), "--size", Self.size, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        return try PNGImageFile.read(output)
    }

    /// The version the page shows now: a save in place may be read as more than one version,
    /// so a wait is for one newer than this, never for a number.
    func generation(_ page: DevToolsPage) throws -> Int {
        try page.evaluate("studio.generation") as? Int ?? 0
    }

    /// How many pixels of `a` and `b` differ (all of them when the sizes do), so that a failure
    /// says how much instead of printing megabytes of bytes.
    func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
        return ExactPixels.differing(a.bytes, b.bytes)
    }

    func frameNumber(_ page: DevToolsPage) throws -> Int { try page.evaluate("studio.frame") as? Int ?? -1 }

    /// What the player is doing, for a wait that times out to say.
    static let playerState = "JSON.stringify({ playing: studio.playing, rate: studio.rate, frame: studio.frame, clock: studio.clock, "
        + "painted: studio.painted.frame, frames: studio.scene && studio.scene.frames, focus: document.activeElement && document.activeElement.id })"

    @Test func thePagePaintsTheFramesRenderWritesAndStepsFrameByFrame() throws {
        let (studio, browser, page) = try openStudio()
        #expect(try frameNumber(page) == 0)
        #expect(try differingPixels(canvasPixels(page), rendered(studio.scene, frame: 0)) == 0, "frame 0 on the page is not render's frame 0")

        try page.press("ArrowRight")
        try page.wait(for: "studio.painted.frame === 1", "frame 1 after →")
        #expect(try frameNumber(page) == 1)
        let first = try canvasPixels(page)
        #expect(try differingPixels(first, rendered(studio.scene, frame: 1)) == 0)
        try page.press("ArrowRight", shift: true)
        try page.wait(for: "studio.painted.frame === 31", "frame 31 after shift →")
        let later = try canvasPixels(page)
        #expect(try differingPixels(later, rendered(studio.scene, frame: 31)) == 0)
        #expect(differingPixels(later, first) > 100, "a second later the scene looks the same")
        try page.press("ArrowLeft")
        try page.wait(for: "studio.painted.frame === 30", "frame 30 after ←")
        try page.press("ArrowLeft", shift: true)
        try page.wait(for: "studio.painted.frame === 0", "frame 0 after shift ←")

        // G, a number, Enter: straight to that frame.
        try page.press("g")
        try browser.send("Input.insertText", ["text": "95"], session: page.session)
        try page.press("Enter")
        try page.wait(for: "studio.painted.frame === 95", "frame 95 after G 95")
        #expect(try differingPixels(canvasPixels(page), rendered(studio.scene, frame: 95)) == 0)

        // The playhead survives a reload of the page.
        try page.navigate(studio.address)
        try page.wait(for: "window.studio && studio.painted.frame === 95", "frame 95 after the page reloaded")
        browser.stop()
    }

    @Test func anEditReloadsKeepingThePlayheadAndABrokenOneShowsWhereWhileTheFrameStays() throws {
        let (studio, browser, page) = try openStudio()
        try stepToFrame60(page)
        let before = try canvasPixels(page)

        // Luna moves: the page shows the new frame 60, as render makes it.
        let opened = try generation(page)
        try studio.save(RunningStudio.defaultSceneText.replacingOccurrences(of: "position: [470, 490]", with: "position: [300, 520]"))
        try page.wait(for: "studio.painted.generation > \(opened)", "the edited scene", timeout: 30)
        #expect(try frameNumber(page) == 60, "the playhead moved on reload")
        let edited = try canvasPixels(page)
        #expect(differingPixels(edited, before) > 100, "the edit did not show")
        #expect(try differingPixels(edited, rendered(studio.scene, frame: 60)) == 0)

        // Broken: the problems, as validate prints them, on the page; the last good frame stays.
        let broken = RunningStudio.defaultSceneText.replacingOccurrences(of: "frame_rate: 30", with: "frame_rate: fast")
            .replacingOccurrences(of: "kind: luna", with: "kind: lunna")
        try studio.save(broken)
        let validate = try AriaRenderTool.run(["validate", studio.scene])
        #expect(validate.status == 2)
        let expected = validate.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix(studio.scene + ":") }
        #expect(expected.count >= 2, "\(validate.standardError)")
        try page.wait(for: "studio.problems.length > 0", "the problems of the broken file")
        let shown = try page.evaluate("[...document.querySelectorAll('#problem-list li')].map(li => li.textContent)") as? [String]
        #expect(shown == expected)
        #expect(try page.evaluate("document.getElementById('problems').hidden") as? Bool == false)
        #expect(shown?.first?.range(of: #"scene\.yaml:\d+:\d+: "#, options: .regularExpression) != nil)
        try page.press("ArrowLeft")
        try page.press("ArrowRight")
        try page.wait(for: "studio.painted.frame === 60 && studio.frame === 60", "frame 60 again")
        #expect(try differingPixels(canvasPixels(page), edited) == 0, "the last good frame did not stay")

        // Fixed: the problems go, the new version shows, still at frame 60.
        let lastGood = try generation(page)
        try studio.save(RunningStudio.defaultSceneText)
        try page.wait(for: "studio.painted.generation > \(lastGood) && studio.problems.length === 0", "the fixed scene")
        #expect(try frameNumber(page) == 60)
        #expect(try differingPixels(canvasPixels(page), before) == 0)
        browser.stop()
    }

    /// A tap the run refuses is shown on the page as `validate` prints it, and goes when fixed.
    @Test func theRunsRefusalsAreShownAsValidateSaysThem() throws {
        let (studio, browser, page) = try openStudio()
        #expect(try page.evaluate("document.getElementById('warnings').hidden") as? Bool == true)
        let wall = RunningStudio.defaultSceneText.replacingOccurrences(of: "at: [600, 690], id: willow", with: "at: [600, 100], id: willow")
        let opened = try generation(page)
        try studio.save(wall)
        let validate = try AriaRenderTool.run(["validate", studio.scene])
        let expected = validate.standardError.split(separator: "\n").map(String.init)
        #expect(expected.count == 2 && expected.allSatisfy { $0.contains(": warning: the ") }, "\(validate.standardError)")
        try page.wait(for: "studio.generation > \(opened) && studio.warnings.length > 0", "the refused tap's warnings", timeout: 30)
        let shown = try page.evaluate("[...document.querySelectorAll('#warning-list li')].map(li => li.textContent)") as? [String]
        #expect(shown == expected)
        #expect(try page.evaluate("document.getElementById('warnings').hidden") as? Bool == false)
        let walled = try generation(page)
        try studio.save(RunningStudio.defaultSceneText)
        try page.wait(for: "studio.generation > \(walled) && studio.warnings.length === 0", "the fixed scene", timeout: 30)
        #expect(try page.evaluate("document.getElementById('warnings').hidden") as? Bool == true)
        browser.stop()
    }

    @Test func hostileScenesNeverStopTheServer() throws {
        let (studio, browser, page) = try openStudio()
        let deep = String(repeating: "[", count: 50_000)
        // Aliases of aliases: a billion laughs.
        let aliases = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
            + (1...9).map { "a\($0): &a\($0) [" + Array(repeating: "*a\($0 - 1)", count: 10).joined(separator: ", ") + "]" }.joined(separator: "\n")
        let hostile = [deep, aliases, "canvas: {width: 99999999999999999999, height: -1}\n", "\u{0}\u{1}\u{FEFF}\t: :\n",
                       RunningStudio.defaultSceneText + "\nduration: 1e308\n", String(repeating: "x: 1\n", count: 100_000),
                       String(decoding: [0xff, 0xfe, 0x00, 0xc3, 0x28], as: UTF8.self)]
        for (index, text) in hostile.enumerated() {
            try studio.save(text)
            try page.wait(for: "studio.problems.length > 0", "the problems of hostile file \(index)", timeout: 60)
            #expect(studio.process.isRunning, "the server stopped on hostile file \(index)")
            #expect(try studio.get("/api/scene").status == 200)
            try studio.save(RunningStudio.defaultSceneText)
            try page.wait(for: "studio.problems.length === 0", "the fixed scene after hostile file \(index)", timeout: 60)
        }
        #expect(try studio.get("/api/frame/10").status == 200)
        browser.stop()
    }

    @Test func theSoundtrackPlaysInStepWithTheFrames() throws {
        let studio = try RunningStudio()
        // The WAV the render makes for the same scene.
        let wav = studio.folder + "/../render-\(UUID().uuidString).wav"
        defer { unlink(wav) }
        #expect(try AriaRenderTool.run(["render", studio.scene, "-o", wav, "--quiet"]).status == 0)
        let served = try studio.get("/api/soundtrack.wav")
        #expect(served.status == 200)
        #expect(served.body == FileManager.default.contents(atPath: wav), "the page's soundtrack is not the one render makes")

        let browser = try HeadlessChromium()
        let page = try openPage(studio, browser: browser)
        try page.wait(for: "document.getElementById('sound').readyState >= 2", "the soundtrack to load")
        let duration = try page.evaluate("document.getElementById('sound').duration") as? Double ?? 0
        #expect(abs(duration - 10) < 0.05, "the soundtrack lasts \(duration) s")
        try page.press(" ")
        try page.wait(for: "studio.playing && studio.frame > 20", "the scene playing", timeout: 30)
        // The frames follow the sound's own clock (not a timer of their own), so they cannot drift
        // apart; read in one go, the two agree within the frames a busy machine may leave undrawn.
        try page.wait(for: "studio.clock && studio.clock.by === 'sound'", "the sound driving the frames")
        let sync = try page.evaluate("[studio.frame, document.getElementById('sound').currentTime * studio.scene.fps, document.getElementById('sound').paused, studio.clock.frame]") as? [Any]
        let frame = sync?[0] as? Int ?? -1, soundFrame = sync?[1] as? Double ?? -100
        #expect(sync?[2] as? Bool == false, "the sound is not playing")
        #expect(sync?[3] as? Int == frame, "the frame shown is not the sound's")
        #expect(abs(Double(frame) - soundFrame) <= 15, "frame \(frame) while the sound is at frame \(soundFrame)")
        try page.press(" ")
        try page.wait(for: "!studio.playing && document.getElementById('sound').paused", "a pause")
        browser.stop()
    }

    @Test func theTimelineHasARowPerCharacterAndHoverShowsTheTraceLine() throws {
        let (studio, browser, page) = try openStudio()
        // The list of scenes shows the file opened as the one shown, beside the lobby's games.
        // The lobby's games follow the file's scene, however many games the catalogue has.
        try page.wait(for: "[...document.getElementById('scenes').options].map(o => o.value).join(' ').includes('scene.yaml game:')", "the list of scenes")
        #expect(try page.evaluate("document.getElementById('scenes').value") as? String == "scene.yaml")
        let rows = try page.evaluate("studio.scene.timeline.rows") as? [String] ?? []
        #expect(Set(["sparkle", "luna", "rosie", "crystal", "willow"]).isSubset(of: Set(rows)), "\(rows)")
        // The trace the page holds is the one simulate writes.
        let trace = studio.folder + "/../trace-\(UUID().uuidString).jsonl"
        defer { unlink(trace) }
        #expect(try AriaRenderTool.run(["simulate", studio.scene, "--trace", trace]).status == 0)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let marks = try page.evaluate("studio.scene.timeline.marks.map(m => m.line)") as? [String] ?? []
        #expect(marks == lines)
        // The picture is the server's, the one check's report draws: a tick per line, its line as its title.
        try page.wait(for: "studio.timeline && studio.timeline.generation === studio.generation", "the timeline's picture")
        let ticks = try page.evaluate("[...document.querySelectorAll('#timeline svg.trace-timeline rect.mark')].map(m => m.querySelector('title').textContent)") as? [String]
        #expect(ticks == lines)
        // Hover the first of Luna's ticks, where the picture painted it: the box shows its line.
        let point = try page.evaluate("""
            (() => { const i = studio.scene.timeline.marks.findIndex(m => m.row === 'luna'),
                           r = document.querySelectorAll('#timeline svg.trace-timeline rect.mark')[i].getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2, studio.scene.timeline.marks[i].line]; })()
            """) as? [Any]
        let x = point?[0] as? Double ?? 0, y = point?[1] as? Double ?? 0
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y], session: page.session)
        try page.wait(for: "!document.getElementById('mark-line').hidden", "the hovered mark's line")
        #expect(try page.evaluate("document.getElementById('mark-line').textContent") as? String == point?[2] as? String)
        browser.stop()
    }

    @Test func manyPagesFollowAReloadAndFindARestartedServer() throws {
        var studio: RunningStudio? = try RunningStudio()
        let browser = try HeadlessChromium()
        let address = studio!.address, port = URL(string: address)!.port!
        let pages = try (0..<3).map { _ in try openPage(studio!, browser: browser) }
        try studio!.save(RunningStudio.defaultSceneText.replacingOccurrences(of: "position: [470, 490]", with: "position: [300, 520]"))
        for page in pages { try page.wait(for: "studio.painted.generation >= 2", "every page's reload") }

        // The server stops and starts again on the same port: the pages reconnect and paint anew.
        let folder = studio!.folder
        studio = nil
        try pages[0].wait(for: "document.getElementById('connection').className === 'offline'", "the page to see the server gone")
        try pages[0].evaluate("studio.painted = { generation: 0, frame: -1, at: 0 }; true")
        let again = try AriaRenderTool.start(["studio", folder + "/scene.yaml", "--port", String(port), "--preview", "320x180"])
        defer { again.send(SIGTERM); _ = again.finish(timeout: 10) }
        try pages[0].wait(for: "studio.painted.frame === 0 && studio.painted.generation === 1 && document.getElementById('connection').textContent === 'live'",
                          "the page to find the restarted server", timeout: 60)
        browser.stop()
    }

    @Test func aFolderListsItsScenesAndOpensAnyOfAnyGame() throws {
        let folder = try makeTemporaryFolder()
        try RunningStudio.defaultSceneText.write(toFile: folder + "/default.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes/example/shapes.yaml", toPath: folder + "/shapes.yaml")
        try "not a scene".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let studio = try AriaRenderTool.start(["studio", folder, "--port", "0", "--preview", Self.size])
        defer { studio.send(SIGTERM); _ = studio.finish(timeout: 10) }
        var address = ""
        try waitFor("the studio's address", within: 60, stillPossible: { studio.isRunning }) {
            address = studio.standardOutput.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? ""
            return !address.isEmpty
        }
        let browser = try HeadlessChromium()
        let page = try browser.open(address)
        try page.wait(for: "window.studio && studio.painted.frame >= 0 && [...document.getElementById('scenes').options].some(o => o.value.startsWith('game:'))",
                      "the folder's default scene and its list", timeout: 60)
        // The folder's scenes (not its notes), then the lobby's games, however many there are.
        let options = try page.evaluate("[...document.getElementById('scenes').options].map(o => o.value)") as? [String] ?? []
        #expect(Array(options.prefix(2)) == ["default.yaml", "shapes.yaml"], "\(options)")
        #expect(options.dropFirst(2).allSatisfy { $0.hasPrefix("game:") }, "\(options)")
        #expect(Set(["game:princess", "game:example", "game:glitch-squad", "game:findit"]).isSubset(of: Set(options)), "\(options)")
        #expect(try page.evaluate("studio.scene.game") as? String == "princess")

        // The other scene, of another game, chosen in the list: its frame 0 as render draws it.
        try page.evaluate("const s = document.getElementById('scenes'); s.value = 'shapes.yaml'; s.dispatchEvent(new Event('change')); true")
        try page.wait(for: "studio.scene.game === 'example' && studio.painted.generation >= 2 && studio.painted.frame === 0", "the shapes scene")
        #expect(try differingPixels(canvasPixels(page), rendered(folder + "/shapes.yaml", frame: 0)) == 0)
        // Its file is watched now: an edit shows.
        let shapes = try generation(page)
        let text = try String(contentsOfFile: folder + "/shapes.yaml", encoding: .utf8)
        try Data(text.replacingOccurrences(of: "background: \"#1b2040\"", with: "background: \"#402020\"").utf8).write(to: URL(fileURLWithPath: folder + "/shapes.yaml"))
        try page.wait(for: "studio.painted.generation > \(shapes)", "the edited shapes scene")
        #expect(try differingPixels(canvasPixels(page), rendered(folder + "/shapes.yaml", frame: 0)) == 0)
        // Only the folder's scenes can be opened.
        let other = try Subprocess.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST",
                                                 address + "api/open?scene=../../etc/passwd"], timeout: 30)
        #expect(other.standardOutput == "404")
        let notes = try Subprocess.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", address + "api/open?scene=notes.txt"], timeout: 30)
        #expect(notes.standardOutput == "404")
        let unknown = try Subprocess.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", address + "api/open?game=tetris"], timeout: 30)
        #expect(unknown.standardOutput == "404")

        // A game of the lobby: its built-in scene, as `render --game` draws it.
        let edited = try generation(page)
        try page.evaluate("(() => { const s = document.getElementById('scenes'); s.value = 'game:glitch-squad'; s.dispatchEvent(new Event('change')); return true; })()")
        try page.wait(for: "studio.scene.game === 'glitch-squad' && studio.painted.generation > \(edited) && studio.painted.frame === 0",
                      "Glitch Squad's built-in scene")
        let size = try page.evaluate("[studio.scene.width, studio.scene.height]") as? [Int] ?? []
        let output = try makeTemporaryFolder("glitch") + "/frame.png"
        #expect(try AriaRenderTool.run(["render", "--game", "glitch-squad", "--frame", "0", "--size", "\(size.first ?? 0)x\(size.last ?? 0)", "-o", output, "--quiet"]).status == 0)
        #expect(try differingPixels(canvasPixels(page), PNGImageFile.read(output)) == 0)
        browser.stop()
    }

    @Test func aRenderFromThePageShowsItsProgressAndItsCommandAndCanBeCancelled() throws {
        let (studio, browser, page) = try openStudio()
        try page.wait(for: "!document.getElementById('render-box').hidden", "the render buttons")

        // An MP4 at the scene's size, with its sound: ffprobe reads what was written.
        try page.evaluate("document.querySelector('#render-box button[data-format=mp4]').click(); true")
        try page.wait(for: "studio.render && studio.render.state === 'running' && studio.render.done > 0", "the render's progress", timeout: 60)
        try page.wait(for: "studio.render.state === 'done'", "the render to finish", timeout: 300)
        let output = try #require(page.evaluate("studio.render.output") as? String)
        let command = try #require(page.evaluate("document.getElementById('render-command').textContent") as? String)
        #expect(command == "aria-render render \(studio.scene) -o \(studio.folder)/\(output)")
        let probe = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,width,height,nb_frames", "-of", "csv=p=0",
                                                   studio.folder + "/" + output], timeout: 60)
        #expect(probe.standardOutput.contains("video,1280,720,300") && probe.standardOutput.contains("audio"), "\(probe.standardOutput)")
        #expect(try page.evaluate("[...document.querySelectorAll('#render-list a')].map(a => a.textContent)") as? [String] == [output])
        // It plays in the page.
        try page.evaluate("document.querySelector('#render-list a').click(); true")
        try page.wait(for: "(() => { const v = document.querySelector('#render-view video'); return v && v.readyState >= 2 && v.videoWidth === 1280; })()",
                      "the render playing in the page", timeout: 60)

        // A cancelled render leaves nothing, not even a partial file.
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: studio.folder + "/out"))
        try page.evaluate("document.querySelector('#render-box button[data-format=webm]').click(); true")
        try page.wait(for: "studio.render && studio.render.state === 'running' && studio.render.done > 3", "the second render's progress", timeout: 60)
        try page.evaluate("document.getElementById('render-cancel').click(); true")
        try page.wait(for: "studio.render.state === 'cancelled'", "the render to stop", timeout: 60)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: studio.folder + "/out")) == before)
        browser.stop()
    }

    @Test func onionSkinGhostsTheNeighboursAndTheContactSheetHoldsEveryNthFrame() throws {
        let (studio, browser, page) = try openStudio()
        try stepToFrame60(page)
        let plain = try rendered(studio.scene, frame: 60)
        try page.evaluate("document.getElementById('onion').click(); true")
        try page.wait(for: "studio.painted.frame === 60 && studio.painted.onion === 2", "frame 60 with its neighbours")
        let ghosted = try canvasPixels(page)
        #expect(differingPixels(ghosted, plain) > 100, "onion skin changed nothing")
        // Where frames 58 to 62 agree (the room), the ghosts change nothing.
        let neighbours = try [58, 59, 61, 62].map { try rendered(studio.scene, frame: $0) }
        var still = 0, changed = 0
        for pixel in stride(from: 0, to: plain.bytes.count, by: 4) {
            let colour = Array(plain.bytes[pixel..<pixel + 3])
            guard neighbours.allSatisfy({ (image: RGBAImage) -> Bool in Array(image.bytes[pixel..<pixel + 3]) == colour }) else { continue }
            still += 1
            var drift = 0
            for channel in 0..<3 { drift = max(drift, abs(Int(ghosted.bytes[pixel + channel]) - Int(colour[channel]))) }
            if drift > 1 { changed += 1 }
        }
        #expect(still > 10_000 && changed == 0, "\(changed) of \(still) pixels the neighbours agree on changed")
        try page.evaluate("document.getElementById('onion').click(); true")
        try page.wait(for: "studio.painted.frame === 60 && studio.painted.onion === 0", "frame 60 alone again")
        #expect(try differingPixels(canvasPixels(page), plain) == 0)

        // The contact sheet the button downloads is the server's: every 100th frame, the PNG
        // `render --contact-sheet every=100` writes for the same scene, pixel for pixel.
        let base64 = try page.evaluate("""
            contactSheet(100).then(blob => new Promise(resolve => { const reader = new FileReader();
              reader.onload = () => resolve(reader.result.split(',')[1]); reader.readAsDataURL(blob); }))
            """, timeout: 120) as? String
        let downloaded = try makeTemporaryFolder("sheet") + "/page-sheet.png"
        try #require(Data(base64Encoded: base64 ?? "")).write(to: URL(fileURLWithPath: downloaded))
        let expected = try makeTemporaryFolder("sheet") + "/render-sheet.png"
        let render = try AriaRenderTool.run(["render", studio.scene, "--contact-sheet", "every=100", "-o", expected, "--quiet"])
        #expect(render.status == 0, "\(render.standardError)")
        let sheet = try PNGImageFile.read(downloaded), fromRender = try PNGImageFile.read(expected)
        #expect(sheet.width == fromRender.width && sheet.height == fromRender.height && sheet.width > 3 * 240, "\(sheet.width)x\(sheet.height)")
        #expect(differingPixels(sheet, fromRender) == 0, "the page's contact sheet is not render's")
        browser.stop()
    }

    @Test func theQAViewComparesTheGoldenFramesAsCheckDoes() throws {
        // A golden folder of its own: the scene's frames 0 and 60, made by golden update.
        let probe = try RunningStudio(label: "qa-scene")
        let golden = probe.folder + "/golden"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        try """
            version: 1
            scenes:
              - name: studio
                scene: ../scene.yaml
                size: 320x180
                frames: [0, 60]
                tolerance: {threshold: 0.1, max_different_pixels: 0}

            """.write(toFile: golden + "/manifest.yaml", atomically: true, encoding: .utf8)
        #expect(try AriaRenderTool.run(["golden", "update", "--golden", golden]).status == 0)
        let studio = try AriaRenderTool.start(["studio", probe.scene, "--port", "0", "--preview", Self.size, "--golden", golden])
        defer { studio.send(SIGTERM); _ = studio.finish(timeout: 10) }
        var address = ""
        try waitFor("the studio's address", within: 60, stillPossible: { studio.isRunning }) {
            address = studio.standardOutput.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? ""
            return !address.isEmpty
        }
        let browser = try HeadlessChromium()
        let page = try browser.open(address)
        try page.wait(for: "window.studio && studio.painted.frame >= 0 && !document.getElementById('qa-box').hidden", "the QA view offered", timeout: 60)
        try page.evaluate("document.getElementById('qa-box').open = true; true")
        try page.wait(for: "studio.qa && studio.qa.frames.length === 2 && studio.qa.frames.every(f => f.passed)", "both golden frames matching", timeout: 60)

        // Luna moves: both frames differ, by as many pixels as check counts.
        try probe.save(RunningStudio.defaultSceneText.replacingOccurrences(of: "position: [470, 490]", with: "position: [300, 520]"))
        // The save is not atomic: the server may see it half written first, one version more.
        try page.wait(for: "studio.qa && studio.qa.generation >= 2 && studio.qa.generation === studio.generation && studio.qa.frames.every(f => !f.passed)",
                      "both golden frames differing", timeout: 60)
        let check = try AriaRenderTool.run(["check", "--golden", golden, "--report", probe.folder + "/report"])
        #expect(check.status == 1)
        for frame in [0, 60] {
            let shown = try page.evaluate("studio.qa.frames.find(f => f.frame === \(frame)).differentPixels") as? Int ?? -1
            #expect(check.standardOutput.contains("frame \(frame): \(shown) pixels differ"), "the page says \(shown) for frame \(frame): \(check.standardOutput)")
        }
        // Frame 60 chosen: the golden as it is on disk, the actual as render draws it now, the diff.
        try page.evaluate("document.querySelector('#qa-frames button[data-frame=\"60\"]').click(); true")
        let loaded = "['qa-golden', 'qa-actual', 'qa-diff'].every(id => { const i = document.getElementById(id); return i.complete && i.naturalWidth === 320; })"
        try page.wait(for: loaded, "the three pictures of frame 60")
        func picture(_ id: String) throws -> RGBAImage {
            try canvasPixels(page, canvas: "(() => { const i = document.getElementById('\(id)'), c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight; c.getContext('2d').drawImage(i, 0, 0); return c; })()")
        }
        #expect(try differingPixels(picture("qa-golden"), PNGImageFile.read(golden + "/studio/frame_00060.png")) == 0)
        #expect(try differingPixels(picture("qa-actual"), rendered(probe.scene, frame: 60)) == 0)
        #expect(try differingPixels(picture("qa-diff"), picture("qa-golden")) > 1000, "the diff is not a picture of its own")
        #expect(try frameNumber(page) == 60, "choosing a golden frame moves the playhead to it")
        browser.stop()
    }

    @Test func aPhoneOutlineShowsWhatTheAppsScreenShowsOverTheFrame() throws {
        let (studio, browser, page) = try openStudio()
        let plain = try canvasPixels(page)
        try page.evaluate("(() => { const o = document.getElementById('outline'); o.value = 'iphone'; o.dispatchEvent(new Event('change')); return true; })()")
        try page.wait(for: "studio.painted.outline && studio.painted.outline.w > 0", "the iPhone outline")
        // 320x180 is landscape: an iPhone on its side, 844x390 points, fits 320 wide, 148 high, centred.
        let rect = try page.evaluate("[studio.painted.outline.x, studio.painted.outline.y, studio.painted.outline.w, studio.painted.outline.h]") as? [Int]
        #expect(rect == [0, 16, 320, 148], "\(String(describing: rect))")
        let outlined = try canvasPixels(page)
        func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(image.bytes[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        #expect(pixel(outlined, 160, 17) == [255, 0, 255] && pixel(outlined, 160, 163) == [255, 0, 255], "the outline's top and bottom edges: \(pixel(outlined, 160, 17)) \(pixel(outlined, 160, 163))")
        // Its safe area (the notch's 47 points at each side, the home bar's 21 below), dashed in cyan.
        let safe = try page.evaluate("[studio.painted.outline.safe.x, studio.painted.outline.safe.y, studio.painted.outline.safe.w, studio.painted.outline.safe.h]") as? [Int]
        #expect(safe == [18, 16, 284, 140], "\(String(describing: safe))")
        #expect((16..<164).contains { pixel(outlined, 18, $0) == [0, 255, 255] }, "no dashes on the safe area's left edge")
        #expect(pixel(outlined, 160, 90) == pixel(plain, 160, 90), "inside the screen the frame is untouched")
        try page.evaluate("(() => { const o = document.getElementById('outline'); o.value = ''; o.dispatchEvent(new Event('change')); return true; })()")
        try page.wait(for: "studio.painted.outline === null", "no outline")
        #expect(try differingPixels(canvasPixels(page), plain) == 0)
        browser.stop()
    }

    @Test func jklPlayAndStopIAndOLoopAndAClickOnTheTimelineScrubs() throws {
        let (studio, browser, page) = try openStudio()
        try page.press("l")
        try page.wait(for: "studio.playing && studio.rate === 1 && studio.frame > 5", "L playing forward", state: Self.playerState)
        try page.press("l")
        #expect(try page.evaluate("studio.rate") as? Int == 2, "L again: twice as fast")
        try page.press("k")
        try page.wait(for: "!studio.playing", "K stopping", state: Self.playerState)
        let stoppedAt = try frameNumber(page)
        try page.press("j")
        try page.wait(for: "studio.playing && studio.rate === -1 && studio.frame < \(stoppedAt)", "J playing backwards",
                      state: Self.playerState)
        try page.press("k")

        // In at 30, out at 45: playing stays inside and comes round again.
        try page.evaluate("seek(30); true")
        try page.press("i")
        try page.evaluate("seek(45); true")
        try page.press("o")
        #expect(try page.evaluate("[studio.loop.in, studio.loop.out]") as? [Int] == [30, 45])
        try page.evaluate("seek(30); window.seen = []; setInterval(() => seen.push(studio.frame), 10); true")
        try page.press("l")
        try page.wait(for: "seen.some((f, i) => i > 0 && f < seen[i - 1])", "the loop coming round", timeout: 30)
        let seen = try page.evaluate("seen") as? [Int] ?? []
        #expect(seen.allSatisfy { (30...45).contains($0) }, "frames outside the loop: \(seen.filter { !(30...45).contains($0) })")
        try page.press("k")

        // A click on the timeline, three quarters along its frames, puts the playhead there.
        let point = try page.evaluate("""
            (() => { const r = document.getElementById('timeline').getBoundingClientRect(); return [r.left + xOf(224), r.top + 30]; })()
            """) as? [Double] ?? [0, 0]
        for type in ["mousePressed", "mouseReleased"] {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": point[0], "y": point[1], "button": "left", "clickCount": 1], session: page.session)
        }
        try page.wait(for: "!studio.playing && Math.abs(studio.frame - 224) <= 1 && studio.painted.frame === studio.frame", "the playhead at the click")
        browser.stop()
    }

    @Test func draggingOnTheTimelineScrubsAndThePlayheadAndFrameFollow() throws {
        let (studio, browser, page) = try openStudio()
        try page.wait(for: "studio.timeline && document.querySelector('#timeline svg.trace-timeline')", "the timeline's picture")
        // JSON's numbers come back as Int when whole.
        func n(_ value: Any?) -> Double { value as? Double ?? Double(value as? Int ?? -1_000) }
        func point(_ frame: Int, above: Bool = false) throws -> (x: Double, y: Double) {
            let value = try page.evaluate("(() => { const r = document.getElementById('timeline').getBoundingClientRect(); return [r.left + xOf(\(frame)), \(above ? "r.top - 40" : "r.top + 30")]; })()") as? [Any]
            return (n(value?.first), n(value?.last))
        }
        func mouse(_ type: String, _ at: (x: Double, y: Double), pressed: Bool) throws {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": at.x, "y": at.y, "button": pressed || type == "mouseReleased" ? "left" : "none",
                                                          "buttons": pressed ? 1 : 0, "clickCount": type == "mouseMoved" ? 0 : 1], session: page.session)
        }
        /// The playhead is at `frame` (within a frame of rounding), painted there on the
        /// timeline, and the canvas shows that frame.
        func expectFollowing(_ frame: Int, _ what: String) throws {
            try page.wait(for: "Math.abs(studio.frame - \(frame)) <= 1 && studio.painted.frame === studio.frame", what)
            let drawn = try page.evaluate("[parseFloat(document.getElementById('timeline-playhead').style.left), xOf(studio.frame) - 1]") as? [Any]
            #expect(abs(n(drawn?.first) - n(drawn?.last)) < 0.01, "the playhead is drawn at \(String(describing: drawn))")
        }
        try mouse("mousePressed", try point(40), pressed: true)
        try expectFollowing(40, "the playhead where the drag starts")
        for frame in stride(from: 70, through: 220, by: 30) {
            try mouse("mouseMoved", try point(frame), pressed: true)
            try expectFollowing(frame, "the playhead following the drag to \(frame)")
        }
        let midway = try frameNumber(page)
        #expect(try differingPixels(canvasPixels(page), rendered(studio.scene, frame: midway)) == 0, "frame \(midway) mid-drag is not render's")
        // Off the timeline (above it), the drag still scrubs; backwards too.
        try mouse("mouseMoved", try point(150, above: true), pressed: true)
        try expectFollowing(150, "the playhead following the drag off the timeline")
        try mouse("mouseReleased", try point(150, above: true), pressed: false)
        let released = try frameNumber(page)
        // Released: moving the pointer over the timeline no longer moves the playhead.
        try mouse("mouseMoved", try point(260), pressed: false)
        try mouse("mouseMoved", try point(265), pressed: false)
        try page.wait(for: "studio.painted.frame === \(released)", "the frame where the drag ended")
        #expect(try frameNumber(page) == released, "a move after the release scrubbed")
        #expect(try page.evaluate("studio.playing") as? Bool == false)
        #expect(try differingPixels(canvasPixels(page), rendered(studio.scene, frame: released)) == 0, "frame \(released) after the drag is not render's")
        browser.stop()
    }
}
