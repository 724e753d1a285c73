import Foundation
import SavedState
import Testing
import TestSupport

/// The profile store on real SQLite files: values round-trip typed, per game; a save is one
/// transaction; a file that cannot serve is refused with its kind before anything is written.
@Suite struct ProfileStoreTests {
    /// A path for a new profile in a fresh folder.
    func newProfilePath(_ label: String = #function) throws -> String {
        try makeTemporaryFolder("profile-\(label)") + "/profile.sqlite"
    }

    /// What the sqlite3 program (not this package) answers for `sql` on `path`.
    func sqlite3(_ path: String, _ sql: String) throws -> String {
        let result = try Subprocess.run("sqlite3", [path, sql])
        guard result.status == 0 else { throw FixtureError("sqlite3 \(sql): \(result.standardError)") }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func valuesComeBackTypedAndPerGame() throws {
        let path = try newProfilePath()
        let saved = SavedValues(["sound": .flag(false), "volume": .number(0.35), "level": .integer(3), "name": .text("Luna ✨")])
        do {
            let store = try ProfileStore(path: path)
            try store.save(saved, game: "princess")
            try store.save(SavedValues(["sound": .flag(true)]), game: "findit")
            store.close()
        }
        let store = try ProfileStore(path: path)
        defer { store.close() }
        #expect(try store.load(game: "princess") == saved)
        #expect(try store.load(game: "findit") == SavedValues(["sound": .flag(true)]))
        #expect(try store.load(game: "glitch-squad") == .none)
        #expect(try store.saveCount(game: "princess") == 1)
    }

    @Test func aSaveReplacesOnlyTheKeysItHolds() throws {
        let path = try newProfilePath()
        let store = try ProfileStore(path: path)
        defer { store.close() }
        try store.save(SavedValues(["a": .integer(1), "b": .integer(2)]), game: "g")
        try store.save(SavedValues(["b": .text("two")]), game: "g")
        #expect(try store.load(game: "g") == SavedValues(["a": .integer(1), "b": .text("two")]))
        #expect(try store.saveCount(game: "g") == 2)
    }

    @Test func theFileIsInWALModeAndTheCLIReadsTheRows() throws {
        let path = try newProfilePath()
        let store = try ProfileStore(path: path)
        try store.save(SavedValues(["volume": .number(0.5), "sound": .flag(false)]), game: "princess")
        store.close()
        #expect(try sqlite3(path, "PRAGMA journal_mode") == "wal")
        #expect(try sqlite3(path, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite3(path, "SELECT game, key, kind, value FROM saved_value ORDER BY key")
                == "princess|sound|flag|0\nprincess|volume|number|0.5")
        #expect(try sqlite3(path, "SELECT identifier FROM grdb_migrations") == "v1-saved-values\nv2-save-counts")
    }

    @Test func aVersionOneFileIsMigratedKeepingItsValues() throws {
        // A profile as the first schema left it, written by sqlite3 from the migration's SQL.
        let path = try newProfilePath()
        _ = try sqlite3(path, """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1-saved-values');
            CREATE TABLE saved_value (game TEXT NOT NULL, key TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('flag', 'integer', 'number', 'text')), value NOT NULL,
                saved_at TEXT NOT NULL, PRIMARY KEY (game, key)) WITHOUT ROWID;
            INSERT INTO saved_value VALUES ('princess', 'high_contrast', 'flag', 1, '2026-01-01T00:00:00Z');
            """)
        let store = try ProfileStore(path: path)
        defer { store.close() }
        #expect(try store.schemaVersions() == ["v1-saved-values", "v2-save-counts"])
        #expect(try store.load(game: "princess") == SavedValues(["high_contrast": .flag(true)]))
        #expect(try store.saveCount(game: "princess") == 1)
    }

    @Test func aFileFromANewerSchemaIsRefusedUntouched() throws {
        let path = try newProfilePath()
        ProfileStoreTests.closing(try ProfileStore(path: path))
        _ = try sqlite3(path, "INSERT INTO grdb_migrations VALUES ('v3-from-the-future')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: ProfileError.self) { try ProfileStore(path: path) }
        do { _ = try ProfileStore(path: path) } catch let error as ProfileError {
            #expect(error.kind == .newerSchema)
            #expect(error.description.hasPrefix("profile \(path): was written by a newer aria-render (schema v3-from-the-future)"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aTextFileIsNotADatabaseAndStaysAsItWas() throws {
        let path = try newProfilePath()
        let text = Data("volume = 0.5\nthis is a note, not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(Self.kind { try ProfileStore(path: path) } == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aTruncatedDatabaseIsDamaged() throws {
        let path = try newProfilePath()
        let store = try ProfileStore(path: path)
        // Enough rows to spread the table over several pages, so cutting the file loses some.
        var many = SavedValues()
        for index in 0..<400 { many["key-\(index)"] = .text(String(repeating: "x", count: 40)) }
        try store.save(many, game: "princess")
        store.close()
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(Self.kind { try ProfileStore(path: path) } == .damaged)
    }

    @Test func anotherProgramsDatabaseIsNotAProfile() throws {
        let path = try newProfilePath()
        _ = try sqlite3(path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        #expect(Self.kind { try ProfileStore(path: path) } == .notAProfile)
        #expect(try sqlite3(path, "SELECT name FROM sqlite_master WHERE type = 'table'") == "photos")
    }

    @Test func aMissingFolderOrAFolderCannotBeOpened() throws {
        let folder = try makeTemporaryFolder()
        #expect(throws: ProfileError(.cannotOpen, path: folder + "/no/such/profile.sqlite",
                                     reason: "cannot be created: there is no folder \(folder)/no/such")) {
            try ProfileStore(path: folder + "/no/such/profile.sqlite")
        }
        #expect(throws: ProfileError(.cannotOpen, path: folder, reason: "is a folder, not a file")) { try ProfileStore(path: folder) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/no"))
    }

    @Test func aNameSQLiteReadsAsATemporaryDatabaseIsRefused() throws {
        for name in ["", ":memory:", "file:profile?mode=memory"] {
            // SQLite itself would refuse WAL for most of them; the store says why first.
            #expect(throws: ProfileError(.cannotOpen, path: name, reason: "is not a file name (a profile is a file that outlives the run)")) {
                try ProfileStore(path: name)
            }
        }
    }

    @Test func aProfileHeldByAnotherProgramIsLocked() throws {
        let path = try newProfilePath()
        ProfileStoreTests.closing(try ProfileStore(path: path))
        // sqlite3 takes the write lock and holds it while it sleeps.
        let ready = path + ".ready"
        let holder = try Subprocess("sqlite3", [path, "BEGIN IMMEDIATE;", ".shell touch '\(ready)'; sleep 20"])
        defer { holder.send(SIGKILL); holder.finish(timeout: 5) }
        let deadline = monotonicSeconds() + 20
        while !FileManager.default.fileExists(atPath: ready) && monotonicSeconds() < deadline { usleep(20_000) }
        #expect(Self.kind { try ProfileStore(path: path, lockTimeout: 0.2) } == .locked)
    }

    @Test func keysMustBePrintableAndNumbersFinite() throws {
        let store = try ProfileStore(path: try newProfilePath())
        defer { store.close() }
        #expect(Self.kind { try store.save(SavedValues(["": .flag(true)]), game: "g") } == .invalidValue)
        #expect(Self.kind { try store.save(SavedValues(["a\nb": .flag(true)]), game: "g") } == .invalidValue)
        #expect(Self.kind { try store.save(SavedValues(["v": .number(.nan)]), game: "g") } == .invalidValue)
        #expect(try store.load(game: "g") == .none)
    }

    @Test func aSaveThatFailsHalfwayLeavesTheEarlierState() throws {
        // The transaction is rolled back when a step fails: here the process lives on and
        // the store is asked again (the kill -9 test in AriaRenderTests kills it instead).
        let path = try newProfilePath()
        let store = try ProfileStore(path: path)
        defer { store.close() }
        try store.save(SavedValues(["a": .integer(1), "b": .integer(1)]), game: "g")
        struct Stop: Error {}
        var steps: [String] = []
        #expect(throws: Stop.self) {
            try store.save(SavedValues(["a": .integer(2), "b": .integer(2)]), game: "g") { step, name in
                steps.append(name)
                if name == "value b" { throw Stop() }
            }
        }
        #expect(steps == ["begin", "value a", "value b"])
        #expect(try store.load(game: "g") == SavedValues(["a": .integer(1), "b": .integer(1)]))
    }

    static func closing(_ store: ProfileStore) { store.close() }

    static func kind(_ body: () throws -> Any) -> ProfileError.Kind? {
        do { _ = try body() } catch let error as ProfileError { return error.kind } catch { return nil }
        return nil
    }
}
