import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--profile PATH` through the built tool: what a scene changes is saved (and read back by
/// the sqlite3 program, which this package did not make), the next run starts from it, a
/// profile that cannot serve is one line and its exit code, and a run killed with SIGKILL at
/// any step of its save leaves the earlier state or the new one, never a mix.
@Suite struct ProfileCommandTests {
    /// A scene of the app's settings screen that changes four settings at 0.2 s.
    static let changing = """
        version: 1
        canvas: {width: 320, height: 180, frame_rate: 10}
        duration: 1
        hud: {screen: settings}
        timeline:
          - {time: 0.2, settings: {high_contrast: true, volume: 0.3, sensitivity: hard, ui_scale: 1.2}}
        """
    /// The same screen, changing nothing: what it shows is the settings it starts with.
    static let looking = """
        version: 1
        canvas: {width: 320, height: 180, frame_rate: 10}
        duration: 1
        hud: {screen: settings}
        """
    /// `looking` with the changed settings written in the file.
    static let lookingChanged = looking + "\nsettings: {high_contrast: true, volume: 0.3, sensitivity: hard, ui_scale: 1.2}\n"

    func folder(_ files: [String: String], _ label: String = #function) throws -> String {
        let folder = try makeTemporaryFolder(label)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    /// What sqlite3 answers for `sql` on `path`.
    static func sqlite3(_ path: String, _ sql: String) throws -> String {
        let result = try Subprocess.run("sqlite3", [path, sql])
        guard result.status == 0 else { throw FixtureError("sqlite3 \(sql): \(result.standardError)") }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func savedRows(_ path: String) throws -> String {
        try sqlite3(path, "SELECT game, key, kind, value FROM saved_value ORDER BY game, key")
    }

    @Test func aSettingARenderChangesStartsTheNextRender() throws {
        let dir = try folder(["changing.yaml": Self.changing, "looking.yaml": Self.looking, "looking-changed.yaml": Self.lookingChanged])
        let first = try AriaRenderTool.run(["render", "changing.yaml", "--frame", "9", "-o", "changing.png", "--profile", "me.profile", "--quiet"], in: dir)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try Self.savedRows(dir + "/me.profile") == """
            princess|settings.high_contrast|flag|1
            princess|settings.sensitivity|text|hard
            princess|settings.ui_scale|number|1.2
            princess|settings.volume|number|0.3
            """)
        #expect(try Self.sqlite3(dir + "/me.profile", "SELECT game, saves FROM game_save") == "princess|1")
        #expect(try Self.sqlite3(dir + "/me.profile", "PRAGMA journal_mode") == "wal")

        // The next render starts with the saved settings: the same pixels as a file that says them.
        for (scene, profile, png) in [("looking.yaml", true, "with.png"), ("looking.yaml", false, "without.png"),
                                      ("looking-changed.yaml", false, "written.png")] {
            let result = try AriaRenderTool.run(["render", scene, "--frame", "5", "-o", png, "--quiet"]
                                                + (profile ? ["--profile", "me.profile"] : []), in: dir)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let with = try Data(contentsOf: URL(fileURLWithPath: dir + "/with.png"))
        #expect(with == (try Data(contentsOf: URL(fileURLWithPath: dir + "/written.png"))))
        #expect(with != (try Data(contentsOf: URL(fileURLWithPath: dir + "/without.png"))))
        // A run that changes nothing saves nothing.
        #expect(try Self.sqlite3(dir + "/me.profile", "SELECT saves FROM game_save") == "1")
    }

    @Test func theSavedSensitivityDecidesAnExpressionInTheTrace() throws {
        // Strength 0.6 fires at medium (0.5), not at hard (0.7).
        let smiling = "version: 1\nduration: 2\ntimeline:\n  - {time: 0.2, expression: {kind: smile, strength: 0.6, duration: 1}}\n"
        let dir = try folder(["changing.yaml": Self.changing, "smiling.yaml": smiling])
        func expressions(_ profile: [String]) throws -> Int {
            let result = try AriaRenderTool.run(["simulate", "smiling.yaml", "--trace", "-"] + profile, in: dir)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").filter { $0.contains(#""event":"expression""#) }.count
        }
        #expect(try expressions(["--profile", "me.profile"]) == 1)
        let changed = try AriaRenderTool.run(["simulate", "changing.yaml", "--profile", "me.profile"], in: dir)
        #expect(changed.status == 0, "\(changed.standardError)")
        #expect(try expressions(["--profile", "me.profile"]) == 0)
        #expect(try expressions([]) == 1)
    }

    @Test func dontShowAgainKeepsTheOnboardingClosedNextTime() throws {
        let ticking = """
            version: 1
            canvas: {width: 320, height: 180, frame_rate: 10}
            duration: 1
            hud: {screen: onboarding, page: 4}
            timeline:
              - {time: 0.3, dont_show_again: true}
            """
        let opening = "version: 1\ncanvas: {width: 320, height: 180, frame_rate: 10}\nduration: 1\nhud: {screen: onboarding}\n"
        let closed = "version: 1\ncanvas: {width: 320, height: 180, frame_rate: 10}\nduration: 1\nhud: {}\n"
        let dir = try folder(["ticking.yaml": ticking, "opening.yaml": opening, "closed.yaml": closed])
        let tick = try AriaRenderTool.run(["simulate", "ticking.yaml", "--profile", "me.profile", "--trace", "t.jsonl"], in: dir)
        #expect(tick.status == 0, "\(tick.standardError)")
        let trace = try String(contentsOfFile: dir + "/t.jsonl", encoding: .utf8)
        #expect(trace.contains(#""event":"dont_show_again","checked":true"#))
        #expect(try Self.savedRows(dir + "/me.profile") == "princess|onboarding.dont_show_again|flag|1")
        for (scene, profile, png) in [("opening.yaml", true, "with.png"), ("opening.yaml", false, "without.png"), ("closed.yaml", false, "closed.png")] {
            let result = try AriaRenderTool.run(["render", scene, "--frame", "0", "-o", png, "--quiet"]
                                                + (profile ? ["--profile", "me.profile"] : []), in: dir)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let with = try Data(contentsOf: URL(fileURLWithPath: dir + "/with.png"))
        #expect(with == (try Data(contentsOf: URL(fileURLWithPath: dir + "/closed.png"))))
        #expect(with != (try Data(contentsOf: URL(fileURLWithPath: dir + "/without.png"))))
    }

    @Test func theDemoSavesWhatItsPassesChanged() throws {
        let dir = try folder(["changing.yaml": Self.changing])
        let result = try AriaRenderTool.run(["demo", "changing.yaml", "--output", "frames", "--virtual-clock", "--duration", "2.5",
                                             "--profile", "me.profile"], in: dir)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("saved 4 values to the profile me.profile"))
        #expect(try Self.savedRows(dir + "/me.profile") == """
            princess|settings.high_contrast|flag|1
            princess|settings.sensitivity|text|hard
            princess|settings.ui_scale|number|1.2
            princess|settings.volume|number|0.3
            """)
    }

    @Test func aRunThatFailsSavesNothing() throws {
        let dir = try folder(["changing.yaml": Self.changing])
        // The output's folder would be inside a file: the render fails after its run began.
        let result = try AriaRenderTool.run(["render", "changing.yaml", "--frame", "9", "-o", "changing.yaml/x.png",
                                             "--profile", "me.profile"], in: dir)
        #expect(result.status == 3, "\(result.standardError)")
        // The profile it made for the run is gone with the run: nothing half-written.
        #expect(!FileManager.default.fileExists(atPath: dir + "/me.profile"))
        // One that was there before (made by a run that changed nothing yet) is kept, with nothing of the failed run.
        let first = try AriaRenderTool.run(["render", "changing.yaml", "--frame", "0", "-o", "first.png", "--quiet", "--profile", "me.profile"], in: dir)
        #expect(first.status == 0, "\(first.standardError)")
        let again = try AriaRenderTool.run(["render", "changing.yaml", "--frame", "9", "-o", "changing.yaml/x.png",
                                            "--profile", "me.profile"], in: dir)
        #expect(again.status == 3, "\(again.standardError)")
        #expect(try Self.savedRows(dir + "/me.profile") == "")
    }

    @Test func aProfileThatCannotServeIsOneLineAndItsExitCode() throws {
        let dir = try folder(["looking.yaml": Self.looking])
        // A text file; a database cut in half; one a newer aria-render migrated.
        let text = "volume = 0.5\n"
        try text.write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        var many = "BEGIN;"
        for index in 0..<300 { many += "INSERT INTO saved_value VALUES ('princess', 'key-\(index)', 'text', '\(String(repeating: "x", count: 60))', 'now');" }
        many += "COMMIT;"
        for name in ["cut.profile", "newer.profile"] {
            let made = try AriaRenderTool.run(["simulate", "looking.yaml", "--profile", name], in: dir)
            #expect(made.status == 0, "\(made.standardError)")
        }
        _ = try Self.sqlite3(dir + "/cut.profile", many)
        _ = try Self.sqlite3(dir + "/cut.profile", "PRAGMA wal_checkpoint(TRUNCATE)")
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/cut.profile"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.profile"))
        _ = try Self.sqlite3(dir + "/newer.profile", "INSERT INTO grdb_migrations VALUES ('v3-from-the-future')")

        let cases: [(file: String, status: Int32, says: String)] = [
            ("notes.txt", 4, "is not an SQLite database"),
            ("cut.profile", 4, "the database is damaged"),
            ("newer.profile", 4, "was written by a newer aria-render (schema v3-from-the-future)"),
            ("missing/p.profile", 4, "cannot be created: there is no folder"),
        ]
        for item in cases {
            let before = FileManager.default.contents(atPath: dir + "/" + item.file)
            for command in [["simulate", "looking.yaml"], ["render", "looking.yaml", "--frame", "1", "-o", "x.png"],
                            ["demo", "looking.yaml", "--output", "frames", "--virtual-clock", "--duration", "0.5"]] {
                let result = try AriaRenderTool.run(command + ["--profile", item.file], in: dir)
                #expect(result.status == item.status, "\(command[0]) \(item.file): \(result.standardError)")
                let lines = result.standardError.split(separator: "\n")
                #expect(lines.count == 1, "\(command[0]) \(item.file): \(result.standardError)")
                #expect(lines.first?.hasPrefix("aria-render: profile \(item.file): \(item.says)") == true,
                        "\(command[0]) \(item.file): \(result.standardError)")
            }
            #expect(FileManager.default.contents(atPath: dir + "/" + item.file) == before, "\(item.file) was changed")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
    }

    @Test func aProfileAnotherProgramHoldsIsLockedExitFive() throws {
        let dir = try folder(["looking.yaml": Self.looking])
        let made = try AriaRenderTool.run(["simulate", "looking.yaml", "--profile", "me.profile"], in: dir)
        #expect(made.status == 0, "\(made.standardError)")
        let ready = dir + "/ready"
        let holder = try Subprocess("sqlite3", [dir + "/me.profile", "BEGIN IMMEDIATE;", ".shell touch '\(ready)'; sleep 30"])
        defer { holder.send(SIGKILL); holder.finish(timeout: 5) }
        let deadline = monotonicSeconds() + 20
        while !FileManager.default.fileExists(atPath: ready) && monotonicSeconds() < deadline { usleep(20_000) }
        let result = try AriaRenderTool.run(["simulate", "looking.yaml", "--profile", "me.profile"], in: dir)
        #expect(result.status == 5, "\(result.standardError)")
        #expect(result.standardError == "aria-render: profile me.profile: is locked by another program; close it and run again\n")
    }

    @Test func aRunKilledAtAnyStepOfItsSaveLeavesTheOldStateOrTheNew() throws {
        let before = "version: 1\nduration: 0.5\ntimeline:\n  - {time: 0.1, settings: {volume: 0.3, reduce_motion: true}}\n"
        let after = """
            version: 1
            duration: 0.5
            timeline:
              - {time: 0.1, settings: {volume: 0.6, sound: false, high_contrast: true, sensitivity: easy, haptics: false}}
            """
        let dir = try folder(["before.yaml": before, "after.yaml": after])
        let made = try AriaRenderTool.run(["simulate", "before.yaml", "--profile", "old.profile"], in: dir)
        #expect(made.status == 0, "\(made.standardError)")
        let old = try Self.savedRows(dir + "/old.profile")
        #expect(old == "princess|settings.reduce_motion|flag|1\nprincess|settings.volume|number|0.3")
        // The new state, from a save nobody stopped.
        try FileManager.default.copyItem(atPath: dir + "/old.profile", toPath: dir + "/new.profile")
        let saved = try AriaRenderTool.run(["simulate", "after.yaml", "--profile", "new.profile"], in: dir)
        #expect(saved.status == 0, "\(saved.standardError)")
        let new = try Self.savedRows(dir + "/new.profile")
        #expect(new != old && new.contains("settings.high_contrast|flag|1") && new.contains("settings.reduce_motion|flag|1"))

        var steps: [String] = []
        for step in 1...40 {
            let path = dir + "/killed-\(step).profile"
            try FileManager.default.copyItem(atPath: dir + "/old.profile", toPath: path)
            let run = try AriaRenderTool.start(["simulate", "after.yaml", "--profile", path],
                                               in: dir, environment: ["ARIA_RENDER_PAUSE_IN_SAVE": String(step)])
            guard run.waitForError("paused in save step \(step) ", timeout: 60) else {
                // Past the last step, the save runs to its end.
                #expect(run.finish(timeout: 60) == 0, "\(run.standardError)")
                break
            }
            let name = run.standardError.components(separatedBy: "paused in save step \(step) (").last?
                .components(separatedBy: ")").first ?? "?"
            steps.append(name)
            run.send(SIGKILL)
            #expect(run.finish(timeout: 10) == 128 + SIGKILL)
            #expect(try Self.sqlite3(path, "PRAGMA integrity_check") == "ok", "killed after \(name)")
            let rows = try Self.savedRows(path)
            let committed = steps.contains("commit")
            #expect(rows == (committed ? new : old), "killed after step \(step) (\(name)): \(rows)")
            #expect(try Self.sqlite3(path, "SELECT saves FROM game_save") == (committed ? "2" : "1"))
            // And the tool goes on with it.
            let next = try AriaRenderTool.run(["simulate", "after.yaml", "--profile", path], in: dir)
            #expect(next.status == 0, "\(next.standardError)")
        }
        #expect(steps.first == "begin" && steps.last == "checkpoint" && steps.contains("commit"), "\(steps)")
        #expect(steps.filter { $0.hasPrefix("value ") }.count == 5, "\(steps)")
    }
}
