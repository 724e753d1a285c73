import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import FindItGame
import TestSupport
import Testing

/// The catalogue in the profile's SQLite file, read back by SQLite's own `sqlite3` program:
/// registered in one run, hunted in the next, photos deleted with their item, and a profile
/// that cannot serve refused in one line with the file untouched.
@Suite struct FindItProfileTests {
    static let scenes = RepositoryRoot.url.appendingPathComponent("Scenes/findit")

    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let result = try Subprocess.run("sqlite3", [path, sql])
        guard result.status == 0 else { throw FixtureError("sqlite3 failed: \(result.standardError)") }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("findit-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `render` keeps a profile as `simulate` does, a contact sheet too, and reviews the run
    /// with the profile loaded (a hunt from the profile is not refused before it starts).
    @Test func renderSavesAndReadsTheProfileWhateverItWrites() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("me.profile").path
        let sheet = try AriaRenderTool.run(["render", Self.scenes.appendingPathComponent("register.yaml").path, "--profile", profile,
                                            "--contact-sheet", "every=60", "-o", "sheet.png", "--quiet"], in: folder.path)
        #expect(sheet.status == 0, "\(sheet.standardError)")
        #expect(try Self.sqlite(profile, "SELECT key FROM findit_target_item") == "ball")
        let still = try AriaRenderTool.run(["render", Self.scenes.appendingPathComponent("profile-hunt.yaml").path, "--profile", profile,
                                            "--frame", "30", "-o", "still.png"], in: folder.path)
        #expect(still.status == 0, "\(still.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("still.png").path))
    }

    /// The mission of an item only the profile brings is heard, not only traced: where the trace
    /// says (0.52 s), with the rise and fall of espeak-ng's own reading of it.
    @Test func theMissionOfAnItemFromTheProfileIsSpoken() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("me.profile").path
        let register = try AriaRenderTool.run(["simulate", Self.scenes.appendingPathComponent("register.yaml").path, "--profile", profile])
        #expect(register.status == 0, "\(register.standardError)")
        let render = try AriaRenderTool.run(["render", Self.scenes.appendingPathComponent("profile-hunt.yaml").path, "--profile", profile,
                                             "-o", "hunt.wav", "--quiet"], in: folder.path)
        #expect(render.status == 0, "\(render.standardError)")
        let sound = try FindItSoundTests.mono(folder.appendingPathComponent("hunt.wav").path)
        let voice = FindItSounds.voice, wav = folder.appendingPathComponent("espeak.wav").path
        let byCLI = try Subprocess.run("espeak-ng", ["-v", voice.language, "-p", String(voice.pitch), "-s", String(voice.wordsPerMinute),
                                                     "-w", wav, FindItText.mission("빨간 공")])
        #expect(byCLI.status == 0, "\(byCLI.standardError)")
        let cli = try FindItSoundTests.mono(wav)
        // The start button's tap is over by 0.65 s, the play button's is at 2.02 s: between them, only
        // the mission. Its loudness in 50 ms steps follows espeak-ng's from the same moment of the line.
        let start = 0.5167, windows = stride(from: 0.7, to: 1.95, by: 0.05).map { $0 }
        let heard = windows.map { FindItSoundTests.level(sound, from: $0, to: $0 + 0.05) }
        let spoken = windows.map { FindItSoundTests.level(cli, from: $0 - start, to: $0 - start + 0.05) }
        #expect(heard.max() ?? 0 > 0.01, "heard \(heard)")
        let correlation = SignalMeasures.correlation(heard, spoken)
        #expect(correlation > 0.9, "the render's loudness against espeak-ng's: correlation \(correlation)")
    }

    @Test func anItemRegisteredInOneRunIsStoredAsTheDocumentsSchemaAndHuntedInTheNext() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("me.profile").path
        let hunt = Self.scenes.appendingPathComponent("profile-hunt.yaml").path
        // Without the ball in the profile, the hunt is refused.
        #expect(try AriaRenderTool.run(["simulate", hunt, "--profile", profile]).status == 2)
        // ... and leaves no profile behind: the one it made for the run is removed.
        #expect(!FileManager.default.fileExists(atPath: profile))
        let register = try AriaRenderTool.run(["simulate", Self.scenes.appendingPathComponent("register.yaml").path, "--profile", profile])
        #expect(register.status == 0, "\(register.standardError)")
        #expect(try Self.sqlite(profile, "SELECT key, name, hint, difficulty, created_at, length(thumbnail_data) FROM findit_target_item")
                == "ball|빨간 공|장난감 상자 안에 있어|2|9.5|48")
        // Five photos (the dark one was not kept), each a real PNG with its angle and its time on the scene's clock.
        #expect(try Self.sqlite(profile, "SELECT angle, created_at FROM findit_target_photo ORDER BY position")
                == "front|2.0\nback|2.8\nleft|3.6\nright|4.4\ntop|8.5")
        #expect(try Self.sqlite(profile, "SELECT DISTINCT hex(substr(image_data, 1, 8)) FROM findit_target_photo") == "89504E470D0A1A0A")
        #expect(try Self.sqlite(profile, "SELECT count(*) FROM findit_target_photo p JOIN findit_target_item i ON p.item_id = i.id") == "5")
        let run = try AriaRenderTool.run(["simulate", hunt, "--profile", profile, "--trace", "-"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(#""event":"success","character":"ball""#))
        // Deleting the item deletes its photos (the schema's cascade, with SQLite's foreign keys on).
        _ = try Self.sqlite(profile, "PRAGMA foreign_keys = ON; DELETE FROM findit_target_item WHERE key = 'ball'")
        #expect(try Self.sqlite(profile, "SELECT count(*) FROM findit_target_photo") == "0")
    }

    @Test func aCorruptNewerOrLockedProfileIsOneLineAndLeftUntouched() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let register = Self.scenes.appendingPathComponent("register.yaml").path
        let corrupt = folder.appendingPathComponent("corrupt.profile").path
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: corrupt))
        let refused = try AriaRenderTool.run(["simulate", register, "--profile", corrupt])
        #expect(refused.status == 4)
        #expect(refused.standardError.split(separator: "\n").count == 1 && refused.standardError.contains(corrupt))
        #expect(FileManager.default.contents(atPath: corrupt) == garbage)

        let newer = folder.appendingPathComponent("newer.profile").path
        #expect(try AriaRenderTool.run(["simulate", register, "--profile", newer]).status == 0)
        _ = try Self.sqlite(newer, "INSERT INTO grdb_migrations VALUES ('findit/v9-from-the-future')")
        let before = FileManager.default.contents(atPath: newer)
        let future = try AriaRenderTool.run(["simulate", register, "--profile", newer])
        #expect(future.status == 4)
        #expect(future.standardError.contains("findit/v9-from-the-future"))
        #expect(FileManager.default.contents(atPath: newer) == before)
        // Another game's newer tables are not FindIt's business: the profile still opens.
        _ = try Self.sqlite(newer, "DELETE FROM grdb_migrations WHERE identifier LIKE 'findit/v9%'; INSERT INTO grdb_migrations VALUES ('othergame/v1')")
        #expect(try AriaRenderTool.run(["simulate", register, "--profile", newer]).status == 0)
        // Locked by another program while it writes: one line, exit 5, the file untouched.
        let unlocked = FileManager.default.contents(atPath: newer)
        let ready = folder.appendingPathComponent("ready").path
        let holder = try Subprocess("sqlite3", [newer, "BEGIN IMMEDIATE;", ".shell touch '\(ready)'; sleep 30"])
        defer { holder.send(SIGKILL); holder.finish(timeout: 5) }
        #expect(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: ready) })
        let locked = try AriaRenderTool.run(["simulate", register, "--profile", newer])
        #expect(locked.status == 5, "\(locked.standardError)")
        #expect(locked.standardError.split(separator: "\n").count == 1 && locked.standardError.contains("is locked by another program"))
        #expect(FileManager.default.contents(atPath: newer) == unlocked)
    }
}

/// The benchmark's catalogue: 10 items of 10 photos saved and the profile reopened, all read
/// back, in well under the target of a second.
@Suite struct FindItCatalogueSpeedTests {
    @Test func tenItemsOfTenPhotosSaveAndReopenInUnderASecond() throws {
        let scene = try #require(try FindItFixtures.scene("hunt").scene as? FindItScene)
        let (save, reopen, read) = FindItBenchmark.catalogueTimes(photos: scene.items.flatMap(\.photos))
        #expect(read == 10)
        #expect(save + reopen < 1, "save \(save) s, reopen \(reopen) s")
    }
}
