import DevTools
import Foundation
import Output
import Testing
import TestSupport

/// Review in the browser, end to end: in a copy of a small project (a git repository whose two
/// scenes' goldens a change made stale), `check` writes its report, `aria-render studio`
/// serves it for review, and in the page real headless Chromium painted a reviewer clicks
/// approve on one scene and reject on the other. Then git sees exactly the approved scene's
/// golden files changed, the files the page says the approval wrote.
@Suite(.serialized) struct BrowserReviewTests {
    /// A scene of one princess standing at `x`, one second long.
    static func scene(_ kind: String, x: Int) -> String {
        """
        version: 1
        canvas: {width: 320, height: 180, frame_rate: 30}
        seed: 7
        duration: 1
        background: bedroom
        characters:
          - {id: \(kind), kind: \(kind), position: [\(x), 140]}

        """
    }

    /// The project: scenes `a` and `b`, their goldens made and committed, then each princess
    /// moved and that committed too; `check`'s report in out/report (ignored by git).
    func staleProject() throws -> String {
        let project = try makeTemporaryFolder()
        try FileManager.default.createDirectory(atPath: project + "/Scenes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project + "/Golden", withIntermediateDirectories: true)
        try Self.scene("sparkle", x: 80).write(toFile: project + "/Scenes/a.yaml", atomically: true, encoding: .utf8)
        try Self.scene("luna", x: 200).write(toFile: project + "/Scenes/b.yaml", atomically: true, encoding: .utf8)
        try """
            version: 1
            scenes:
              - {name: a, scene: ../Scenes/a.yaml, size: 160x90, frames: [0, 15]}
              - {name: b, scene: ../Scenes/b.yaml, size: 160x90, frames: [0, 15]}

            """.write(toFile: project + "/Golden/manifest.yaml", atomically: true, encoding: .utf8)
        try "out/\n".write(toFile: project + "/.gitignore", atomically: true, encoding: .utf8)
        let update = try AriaRenderTool.run(["golden", "update"], in: project)
        try #require(update.status == 0, "\(update.standardError)")
        try git(["init", "-q"], in: project)
        try git(["add", "-A"], in: project)
        try git(["commit", "-q", "-m", "goldens"], in: project)
        try Self.scene("sparkle", x: 110).write(toFile: project + "/Scenes/a.yaml", atomically: true, encoding: .utf8)
        try Self.scene("luna", x: 240).write(toFile: project + "/Scenes/b.yaml", atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "both princesses move"], in: project)
        let check = try AriaRenderTool.run(["check"], in: project)
        try #require(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        try #require(check.standardOutput.contains("FAIL  a:") && check.standardOutput.contains("FAIL  b:"), "\(check.standardOutput)")
        try #require(try status(of: project).isEmpty, "the check wrote into the repository")
        return project
    }

    @discardableResult
    func git(_ arguments: [String], in folder: String) throws -> String {
        let result = try Subprocess.run("git", ["-c", "user.name=QA", "-c", "user.email=qa@example.invalid"] + arguments, in: folder, timeout: 60)
        try #require(result.status == 0, "git \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    /// `git status --porcelain`, a line each.
    func status(of project: String) throws -> [String] {
        try git(["status", "--porcelain"], in: project).split(separator: "\n").map(String.init)
    }

    /// Clicks the element `selector` names as a person would: the pointer pressed and
    /// released at its middle, where the browser painted it.
    func click(_ selector: String, in page: DevToolsPage, of browser: HeadlessChromium) throws {
        // Only once the page has loaded, its images too: a decision's answer loads the page
        // again at the decided block, and an image still arriving moves the buttons under a
        // click aimed where they were.
        let box = try page.wait(for: """
            (() => { const e = document.querySelector('\(selector)');
              if (!e || document.readyState !== 'complete' || ![...document.images].every(i => i.complete)) return null;
              e.scrollIntoView({block: 'center'});
              const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """, selector) as? [Any] ?? []
        func n(_ value: Any) -> Double { value as? Double ?? Double(value as? Int ?? -1) }
        let (x, y) = (n(box.first ?? -1), n(box.last ?? -1))
        for type in ["mousePressed", "mouseReleased"] {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1], session: page.session)
        }
    }

    /// The first changed frame's views as painted: the overlay is black where golden and actual
    /// agree and bright where the princess moved; dragging the slider's corner widens the golden's part.
    func sliderAndOverlayWork(in page: DevToolsPage, of browser: HeadlessChromium) throws {
        func n(_ value: Any?) -> Double { value as? Double ?? Double(value as? Int ?? -1) }
        func box(_ selector: String) throws -> [Double] {
            (try page.evaluate("""
                (() => { const e = document.querySelector('\(selector)'); e.scrollIntoView({block: 'center'});
                  const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()
                """) as? [Any] ?? []).map(n)
        }
        let blend = try box(".views .blend")
        try #require(blend.count == 4 && blend[2] == 420, "\(blend)")
        let screenshot = try makeTemporaryFolder() + "/review.png"
        try page.screenshot().write(to: URL(fileURLWithPath: screenshot))
        let image = try PNGImageFile.read(screenshot)
        var bright = 0, total = 0
        for y in Int(blend[1].rounded(.up))..<Int(blend[1] + blend[3]) {
            for x in Int(blend[0].rounded(.up))..<Int(blend[0] + blend[2]) {
                let at = (y * image.width + x) * 4
                total += 1
                if image.bytes[at..<at + 3].contains(where: { $0 > 40 }) { bright += 1 }
            }
        }
        // The princess (about 33×32 of 160×90 in each of the two places) is what shows.
        let share = Double(bright) / Double(max(total, 1))
        #expect(share > 0.02 && share < 0.25, "bright in the overlay: \(bright) of \(total)")

        let before = try box(".views .compare .before")
        let compare = try box(".views .compare")
        #expect(abs(before[2] - compare[2] / 2) <= 2, "the slider starts halfway (its line 2 px wide): \(before) in \(compare)")
        // The resize corner, dragged 100 px to the right.
        let corner = (before[0] + before[2] - 3, before[1] + before[3] - 3)
        for (type, x) in [("mousePressed", corner.0), ("mouseMoved", corner.0 + 50), ("mouseMoved", corner.0 + 100), ("mouseReleased", corner.0 + 100)] {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": corner.1, "button": "left", "buttons": type == "mouseReleased" ? 0 : 1,
                                                          "clickCount": 1], session: page.session)
        }
        let widened = try box(".views .compare .before")
        #expect(abs(widened[2] - before[2] - 100) < 4, "the slider after a drag of 100 px: \(widened[2]) from \(before[2])")
    }

    @Test func aReviewerApprovesOneSceneAndRejectsTheOtherAndGitSeesOnlyTheApprovedGoldens() throws {
        let project = try staleProject()
        let studio = try RunningStudio(project: project, scene: "Scenes/a.yaml")
        let address = try #require(studio.reviewAddress, "\(studio.process.standardOutput)")
        #expect(studio.reviewToken?.count == 32, "\(address)")

        let browser = try HeadlessChromium()
        defer { browser.stop() }
        // The reviewer may start from the studio's own page: its QA section links the review.
        let studioPage = try browser.open(studio.address)
        let link = try studioPage.wait(for: "!document.getElementById('qa-review').hidden && document.getElementById('qa-review-link').href",
                                       "the QA section's link to the review", timeout: 60) as? String ?? ""
        #expect(link == address, "the studio page links \(link); the studio printed \(address)")
        let page = try browser.open(link)
        try page.wait(for: "document.readyState === 'complete' && document.querySelectorAll('div.review').length", "the review's forms")
        // The page as painted: each changed frame's slider and overlay show their images.
        let loaded = try page.evaluate("""
            [...document.querySelectorAll('.views img')].map(i => i.complete && i.naturalWidth === 160 && i.getBoundingClientRect().width > 0)
            """) as? [Bool] ?? []
        #expect(!loaded.isEmpty && loaded.allSatisfy { $0 }, "slider and overlay images: \(loaded)")
        try sliderAndOverlayWork(in: page, of: browser)

        try click("#review-a button.approve", in: page, of: browser)
        let approved = try page.wait(for: "document.querySelector('#review-a p.decision.approved')?.textContent", "the approval's files",
                                     timeout: 120) as? String ?? ""
        try click("#review-b button.reject", in: page, of: browser)
        let rejected = try page.wait(for: "document.querySelector('#review-b p.decision.rejected')?.textContent", "the rejection") as? String ?? ""
        #expect(rejected.hasPrefix("rejected"), "\(rejected)")
        // The approval is still shown once the rejection reloaded the page.
        #expect(try page.evaluate("document.querySelector('#review-a p.decision.approved')?.textContent") as? String == approved)

        // What the page says it wrote is exactly what git sees changed: a's goldens, nothing of b's, nothing else.
        let written = Set(approved.replacingOccurrences(of: "approved: wrote ", with: "").components(separatedBy: ", "))
        let changed = try status(of: project)
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix(" M Golden/a/") }, "\(changed)")
        #expect(Set(changed.map { String($0.dropFirst(3)) }) == written, "git: \(changed); the page: \(approved)")
        #expect(written.contains("Golden/a/frame_00000.png"), "\(approved)")
        #expect(studio.process.isRunning)
    }
}
