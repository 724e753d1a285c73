import Foundation
import GRDB

/// A profile: one SQLite file (WAL) holding what each game keeps between runs, read at a run's
/// start and written at its end in one transaction, so a run killed while saving leaves the
/// previous state whole. Opening it checks everything that can be wrong with the file first,
/// so that a run never starts on a profile it could not save to.
public final class ProfileStore: Sendable {
    /// The path as given.
    public let path: String
    /// The tables of the game this store was opened for, if it keeps any.
    public let tables: ProfileTables?
    private let queue: DatabaseQueue

    /// Longest key or game id, in bytes.
    public static let maxKeyBytes = 128
    /// Longest text value, in bytes.
    public static let maxTextBytes = 4096

    /// Opens the profile at `path`, creating it when there is no file, and brings its schema
    /// up to this build's; throws `ProfileError` when the file cannot serve as a profile.
    /// `lockTimeout` is how long to wait for another program's write lock; `tables` are the
    /// tables of the game it is opened for, created or migrated with the rest.
    public init(path: String, lockTimeout: Double = 1, tables: ProfileTables? = nil) throws {
        self.path = path
        self.tables = tables
        if let tables {
            for table in tables.tables where !Self.isIdentifier(table) {
                throw ProfileError(.invalidValue, path: path, reason: "a table name must be lowercase letters, digits and '_', not '\(table)'")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(lockTimeout)
        configuration.label = "profile"
        // SQLite reads these as a database that lives only as long as the run: nothing would be kept.
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            throw ProfileError(.cannotOpen, path: path, reason: "is not a file name (a profile is a file that outlives the run)")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ProfileError(.cannotOpen, path: path, reason: "is a folder, not a file")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder) else {
            throw ProfileError(.cannotOpen, path: path, reason: "cannot be created: there is no folder \(folder)")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.profileError(error, path: path)
        }
        do {
            try prepare()
        } catch let error as ProfileError {
            try? queue.close()
            throw error
        } catch {
            try? queue.close()
            throw Self.profileError(error, path: path)
        }
    }

    /// Checks the file, then migrates it: every refusal happens before anything is written.
    private func prepare() throws {
        let tables = self.tables
        try queue.writeWithoutTransaction { db in
            // Reading the schema is the first read of the file: a file that is no database fails here.
            let existing = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
            if check != ["ok"] {
                throw ProfileError(.damaged, path: path, reason: "the database is damaged (\(check.first ?? "no answer"))")
            }
            if !existing.isEmpty && !existing.contains("grdb_migrations") {
                throw ProfileError(.notAProfile, path: path,
                                   reason: "is a database of something else (tables \(existing.sorted().prefix(3).joined(separator: ", "))), not a profile")
            }
            // Another game's tables (`other/…`) are not this build's business; the kit's and
            // this game's own are: one this build does not know is a newer aria-render's.
            let known = Set(ProfileSchema.versions + (tables.map { t in t.migrations.map(t.identifier) } ?? []))
            let ours = { (id: String) in !id.contains("/") || tables.map { id.hasPrefix($0.game + "/") } == true }
            let applied = existing.isEmpty ? [] : try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            let newer = applied.filter { ours($0) && !known.contains($0) }.sorted()
            if !newer.isEmpty {
                throw ProfileError(.newerSchema, path: path,
                                   reason: "was written by a newer aria-render (schema \(newer.joined(separator: ", "))); this one knows up to \(([ProfileSchema.versions.last!] + (tables?.migrations.last.map { [tables!.identifier(of: $0)] } ?? [])).joined(separator: " and "))")
            }
            // WAL: a reader never blocks the saving run, and a commit is one append to the log.
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw ProfileError(.cannotOpen, path: path, reason: "cannot use write-ahead logging (journal mode \(mode ?? "unknown"))")
            }
            // FULL: a save the run reported is on disk, not only in the operating system's cache.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        try ProfileSchema.migrator(with: tables).migrate(queue)
        // Take the write lock once now, so a profile another program holds is refused before
        // the run, not after minutes of rendering.
        try queue.inTransaction(.immediate) { _ in .rollback }
    }

    /// The values `game` keeps in this profile (none for a game that never saved).
    public func load(game: String) throws -> SavedValues {
        try Self.check(key: game, what: "game id", path: path)
        do {
            return try queue.read { db in
                var values = SavedValues()
                let rows = try Row.fetchAll(db, sql: "SELECT key, kind, value FROM saved_value WHERE game = ? ORDER BY key",
                                            arguments: [game])
                for row in rows {
                    let key: String = row["key"]
                    let kind: String = row["kind"]
                    guard let value = Self.value(kind: kind, stored: row["value"]) else {
                        throw ProfileError(.damaged, path: path, reason: "the value of \(game) '\(key)' is not a \(kind)")
                    }
                    values[key] = value
                }
                if let tables = self.tables, tables.game == game {
                    values.records = try Self.records(of: tables, in: db)
                }
                return values
            }
        } catch let error as ProfileError {
            throw error
        } catch {
            throw Self.profileError(error, path: path)
        }
    }

    /// Saves `changes` for `game` in one transaction, with `date` as their time: all of them
    /// or, if the run dies on the way, none. `afterStep` is called after each step of the
    /// save (numbered from 1, named), which the kill test uses to stop a run there.
    public func save(_ changes: SavedValues, game: String, at date: Date = Date(),
                     afterStep: (_ step: Int, _ name: String) throws -> Void = { _, _ in }) throws {
        try Self.check(key: game, what: "game id", path: path)
        for (key, value) in changes.sorted {
            try Self.check(key: key, what: "key", path: path)
            if case .text(let text) = value, text.utf8.count > Self.maxTextBytes {
                throw ProfileError(.invalidValue, path: path, reason: "the value of '\(key)' is longer than \(Self.maxTextBytes) bytes")
            }
            if case .number(let number) = value, !number.isFinite {
                throw ProfileError(.invalidValue, path: path, reason: "the value of '\(key)' is not a finite number")
            }
            if case .bytes = value {
                throw ProfileError(.invalidValue, path: path, reason: "the value of '\(key)' is bytes, which only a table's row may hold")
            }
        }
        for record in changes.records {
            guard let tables, tables.game == game, tables.tables.contains(record.table),
                  !record.columns.isEmpty, record.columns.allSatisfy({ Self.isIdentifier($0.name) }) else {
                throw ProfileError(.invalidValue, path: path, reason: "a row of '\(record.table)' is not one of \(game)'s tables' rows")
            }
        }
        guard !changes.isEmpty else { return }
        let stamp = date.formatted(.iso8601)
        var step = 0
        func reached(_ name: String) throws {
            step += 1
            try afterStep(step, name)
        }
        do {
            try queue.inTransaction(.immediate) { db in
                try reached("begin")
                for (key, value) in changes.sorted {
                    try db.execute(sql: """
                        INSERT INTO saved_value (game, key, kind, value, saved_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (game, key) DO UPDATE SET kind = excluded.kind, value = excluded.value, saved_at = excluded.saved_at
                        """, arguments: [game, key, value.kind, Self.stored(value), stamp])
                    try reached("value \(key)")
                }
                // Replacing a row deletes the old one first, and its children with it (ON DELETE CASCADE).
                for record in changes.records {
                    let names = record.columns.map(\.name)
                    try db.execute(sql: "INSERT OR REPLACE INTO \(record.table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                                   arguments: StatementArguments(record.columns.map { Self.stored($0.value) }))
                    try reached("row \(record.table)")
                }
                try db.execute(sql: """
                    INSERT INTO game_save (game, saves, last_saved_at) VALUES (?, 1, ?)
                    ON CONFLICT (game) DO UPDATE SET saves = saves + 1, last_saved_at = excluded.last_saved_at
                    """, arguments: [game, stamp])
                try reached("count")
                return .commit
            }
            try reached("commit")
            // Fold the log into the database file, so that the file alone holds the state
            // (a copy of it, or a reader without the -wal file, sees the save).
            try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            try reached("checkpoint")
        } catch let error as DatabaseError {
            throw Self.profileError(error, path: path)
        }
    }

    /// How many saves `game` has made in this profile.
    public func saveCount(game: String) throws -> Int {
        do {
            return try queue.read { db in
                try Int.fetchOne(db, sql: "SELECT saves FROM game_save WHERE game = ?", arguments: [game]) ?? 0
            }
        } catch {
            throw Self.profileError(error, path: path)
        }
    }

    /// The schema versions applied to the file, oldest first.
    public func schemaVersions() throws -> [String] {
        do {
            return try queue.read { db in try ProfileSchema.migrator.appliedMigrations(db) }
        } catch {
            throw Self.profileError(error, path: path)
        }
    }

    /// Closes the file; the store is not used afterwards.
    public func close() {
        try? queue.close()
    }

    private static func check(key: String, what: String, path: String) throws {
        guard !key.isEmpty, key.utf8.count <= maxKeyBytes, key.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw ProfileError(.invalidValue, path: path, reason: "a \(what) must be 1…\(maxKeyBytes) bytes of printable text, not '\(key)'")
        }
    }

    private static func stored(_ value: SavedValue) -> DatabaseValue {
        switch value {
        case .flag(let flag): return (flag ? 1 : 0).databaseValue
        case .integer(let integer): return integer.databaseValue
        case .number(let number): return number.databaseValue
        case .text(let text): return text.databaseValue
        case .bytes(let bytes): return Data(bytes).databaseValue
        }
    }

    private static func value(kind: String, stored: DatabaseValue) -> SavedValue? {
        switch (kind, stored.storage) {
        case ("flag", .int64(let value)) where value == 0 || value == 1: return .flag(value == 1)
        case ("integer", .int64(let value)): return .integer(value)
        case ("number", .double(let value)): return .number(value)
        case ("number", .int64(let value)): return .number(Double(value))
        case ("text", .string(let value)): return .text(value)
        default: return nil
        }
    }

    /// Every row of `tables`' tables, parents first, each in the order it was written.
    private static func records(of tables: ProfileTables, in db: Database) throws -> [SavedRecord] {
        var records: [SavedRecord] = []
        for table in tables.tables {
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid") {
                let columns = row.columnNames.compactMap { name -> (name: String, value: SavedValue)? in
                    switch (row[name] as DatabaseValue).storage {
                    case .int64(let value): return (name, .integer(value))
                    case .double(let value): return (name, .number(value))
                    case .string(let value): return (name, .text(value))
                    case .blob(let value): return (name, .bytes([UInt8](value)))
                    case .null: return nil
                    }
                }
                records.append(SavedRecord(table: table, columns: Array(columns)))
            }
        }
        return records
    }

    /// Whether `name` is safe to write into SQL as a table's or column's name.
    static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.first.map { !(48...57).contains($0) } == true
            && name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 95 }
    }

    /// SQLite's answer, in a profile's words.
    static func profileError(_ error: Error, path: String) -> ProfileError {
        if let error = error as? ProfileError { return error }
        guard let error = error as? DatabaseError else {
            return ProfileError(.cannotOpen, path: path, reason: "\(error)")
        }
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return ProfileError(.notADatabase, path: path, reason: "is not an SQLite database")
        case .SQLITE_CORRUPT:
            return ProfileError(.damaged, path: path, reason: "the database is damaged (\(message))")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return ProfileError(.locked, path: path, reason: "is locked by another program; close it and run again")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            return ProfileError(.cannotOpen, path: path, reason: "cannot be opened for writing (\(message))")
        default:
            return ProfileError(.cannotOpen, path: path, reason: message)
        }
    }
}
