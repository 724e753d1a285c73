import DevTools
import Foundation
import ImageDiff
import Output
import Testing
import TestSupport

/// `check`'s HTML report draws the trace of a scene whose trace differs on a timeline, the
/// differences marked, and real headless Chromium shows it: the marks where the report says,
/// painted in their colours, and hovering one points at its trace line.
@Suite struct TraceTimelineReportTests {
    /// Lines of the gestures scene's trace: one the golden is edited to say otherwise, one it loses.
    static let edited = #"{"t":1,"frame":30,"event":"haptic","character":"luna","kind":"heavy"}"#
    static let editedTo = #"{"t":1,"frame":30,"event":"haptic","character":"luna","kind":"light"}"#
    static let removed = #"{"t":4,"frame":120,"event":"haptic","character":"sparkle","kind":"medium"}"#

    /// A golden folder of its own (a copy of the gestures scene), its golden trace made by
    /// golden update and then edited by hand; check's report of it.
    func reportOfAnEditedTrace() throws -> String {
        let folder = try makeTemporaryFolder()
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes/princess/gestures.yaml", toPath: folder + "/scene.yaml")
        try """
            version: 1
            scenes:
              - {name: gestures, scene: scene.yaml, size: 160x90, frames: [0]}

            """.write(toFile: folder + "/manifest.yaml", atomically: true, encoding: .utf8)
        let update = try AriaRenderTool.run(["golden", "update", "--golden", folder])
        #expect(update.status == 0, "\(update.standardError)")
        let tracePath = folder + "/gestures/trace.jsonl"
        let trace = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(trace.contains(Self.edited + "\n") && trace.contains(Self.removed + "\n"), "the scene's trace changed: update this test")
        try trace.replacingOccurrences(of: Self.edited + "\n", with: Self.editedTo + "\n").replacingOccurrences(of: Self.removed + "\n", with: "")
            .write(toFile: tracePath, atomically: true, encoding: .utf8)
        let report = folder + "/report"
        let check = try AriaRenderTool.run(["check", "--golden", folder, "--report", report, "--only", "traces"])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("trace: 2 differences"), "\(check.standardOutput)")
        return report
    }

    @Test func theReportDrawsTheTraceWithTheDifferencesMarkedAndHoverShowsTheLine() throws {
        let report = try reportOfAnEditedTrace()
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trace-timeline\""), "no timeline inline in the report")
        #expect(!html.contains("href=\"http") && !html.contains("src=\"http") && !html.contains("src=\"../"), "the report leans on files outside it")

        let browser = try HeadlessChromium()
        defer { browser.stop() }
        let page = try browser.open("file://" + report + "/index.html")
        try page.wait(for: "document.readyState === 'complete' && document.querySelector('svg.trace-timeline')", "the report's timeline")
        // Every mark as painted: class, title, box on the page, and fill and stroke as computed.
        let found = try page.evaluate("""
            [...document.querySelectorAll('svg.trace-timeline rect.mark')].map(m => { const r = m.getBoundingClientRect(), s = getComputedStyle(m);
              return [m.getAttribute('class'), m.querySelector('title').textContent, r.left, r.top, r.width, r.height, s.fill, s.stroke]; })
            """) as? [[Any]] ?? []
        // JSON's numbers come back as Int when whole.
        func n(_ value: Any) -> Double { value as? Double ?? Double(value as? Int ?? -1_000) }
        func marks(_ kind: String) -> [[Any]] { found.filter { $0[0] as? String == kind } }
        let gone = marks("mark golden-only"), new = marks("mark actual-only"), same = marks("mark")
        #expect(gone.map { $0[1] as? String } == [Self.editedTo], "only in the golden: \(gone)")
        #expect(Set(new.map { $0[1] as? String ?? "" }) == [Self.edited, Self.removed], "only now: \(new)")
        #expect(same.count == 80, "the unchanged lines: \(same.count)")
        #expect(gone.first?[6] as? String == "none" && gone.first?[7] as? String == "rgb(255, 59, 92)", "\(gone)")
        #expect(new.allSatisfy { $0[6] as? String == "rgb(46, 230, 107)" }, "\(new)")
        // On Luna's row, at frame 30: where the golden's line was, the run's line is too.
        let goneBox = gone.first.map { (n($0[2]), n($0[3]), n($0[4]), n($0[5])) } ?? (0, 0, 0, 0)
        let lunaNow = new.first { $0[1] as? String == Self.edited }
        let lunaBox = lunaNow.map { (n($0[2]), n($0[3]), n($0[4]), n($0[5])) } ?? (0, 0, 0, 0)
        #expect(abs((goneBox.0 + goneBox.2 / 2) - (lunaBox.0 + lunaBox.2 / 2)) < 0.5 && abs((goneBox.1 + goneBox.3 / 2) - (lunaBox.1 + lunaBox.3 / 2)) < 1,
                "the two sides of one change are not at one place: \(goneBox) \(lunaBox)")
        #expect(try page.evaluate("document.querySelector('svg.trace-timeline .legend').textContent") as? String
                == "only in the golden (gone or changed now)only now (new or changed)other ticks: the same in both")

        // What Chromium painted: solid green inside the new mark of Sparkle's haptic, and the
        // red outline of the golden's (hollow: the row shows through its middle).
        let screenshot = try makeTemporaryFolder() + "/report.png"
        try page.screenshot().write(to: URL(fileURLWithPath: screenshot))
        let image = try PNGImageFile.read(screenshot)
        func pixel(_ x: Double, _ y: Double) -> [Int] {
            let at = (Int(y) * image.width + Int(x)) * 4
            return image.bytes[at..<at + 3].map(Int.init)
        }
        let sparkle = try #require(new.first { $0[1] as? String == Self.removed })
        let sparkleCentre = (n(sparkle[2]) + n(sparkle[4]) / 2, n(sparkle[3]) + n(sparkle[5]) / 2)
        let green = pixel(sparkleCentre.0, sparkleCentre.1)
        #expect(zip(green, [46, 230, 107]).allSatisfy { abs($0 - $1) <= 3 }, "the new mark is painted \(green)")
        let middle = goneBox.1 + goneBox.3 / 2
        let across = stride(from: goneBox.0 - 2, through: goneBox.0 + goneBox.2 + 2, by: 1).map { pixel($0, middle) }
        #expect(across.contains { $0[0] > 200 && $0[1] < 110 && $0[2] < 140 }, "no red outline across the golden's mark: \(across)")

        // Hovering Sparkle's new mark: the element under the pointer is that mark, its title
        // (what the browser shows as the tooltip) the trace line.
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": sparkleCentre.0, "y": sparkleCentre.1], session: page.session)
        let hovered = try page.wait(for: """
            (() => { const h = [...document.querySelectorAll(':hover')].pop(); return h && h.matches('rect.mark') ? [h.getAttribute('class'), h.querySelector('title').textContent] : null; })()
            """, "a hovered mark") as? [String]
        #expect(hovered == ["mark actual-only", Self.removed])
    }
}
