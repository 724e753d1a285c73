import CSQLite
import Foundation

/// A profile: one SQLite file (WAL) holding what each game keeps between runs, read at a run's
/// start and written at its end in one transaction, so a run killed while saving leaves the
/// previous state whole. Opening it checks everything that can be wrong with the file first,
/// so that a run never starts on a profile it could not save to.
public final class ProfileStore: Sendable {
    /// The path as given.
    public let path: String
    /// The tables of the game this store was opened for, if it keeps any.
    public let tables: ProfileTables?
    private let connection: SQLiteConnection

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
            connection = try SQLiteConnection(path: path, busyTimeout: lockTimeout)
        } catch {
            throw Self.profileError(error, path: path)
        }
        do {
            try prepare()
        } catch {
            connection.close()
            throw Self.profileError(error, path: path)
        }
    }

    /// Checks the file, then migrates it: every refusal happens before anything is written.
    private func prepare() throws {
        let tables = self.tables
        // Reading the schema is the first read of the file: a file that is no database fails here.
        let existing = try connection.strings("SELECT name FROM sqlite_master WHERE type = 'table'")
        let check = try connection.strings("PRAGMA quick_check")
        if check != ["ok"] {
            throw ProfileError(.damaged, path: path, reason: "the database is damaged (\(check.first ?? "no answer"))")
        }
        if !existing.isEmpty && !existing.contains(ProfileSchema.appliedTable) {
            throw ProfileError(.notAProfile, path: path,
                               reason: "is a database of something else (tables \(existing.sorted().prefix(3).joined(separator: ", "))), not a profile")
        }
        // Another game's tables (`other/…`) are not this build's business; the kit's and
        // this game's own are: one this build does not know is a newer aria-render's.
        let known = Set(ProfileSchema.migrations(with: tables).map(\.identifier))
        let ours = { (id: String) in !id.contains("/") || tables.map { id.hasPrefix($0.game + "/") } == true }
        let applied = existing.isEmpty ? [] : try connection.strings("SELECT identifier FROM \(ProfileSchema.appliedTable)")
        let newer = applied.filter { ours($0) && !known.contains($0) }.sorted()
        if !newer.isEmpty {
            throw ProfileError(.newerSchema, path: path,
                               reason: "was written by a newer aria-render (schema \(newer.joined(separator: ", "))); this one knows up to \(([ProfileSchema.versions.last!] + (tables?.migrations.last.map { [tables!.identifier(of: $0)] } ?? [])).joined(separator: " and "))")
        }
        // WAL: a reader never blocks the saving run, and a commit is one append to the log.
        let mode = try connection.strings("PRAGMA journal_mode = WAL").first
        guard mode == "wal" else {
            throw ProfileError(.cannotOpen, path: path, reason: "cannot use write-ahead logging (journal mode \(mode ?? "unknown"))")
        }
        // FULL: a save the run reported is on disk, not only in the operating system's cache.
        try connection.execute("PRAGMA synchronous = FULL")
        try ProfileSchema.migrate(connection, with: tables)
        // Take the write lock once now, so a profile another program holds is refused before
        // the run, not after minutes of rendering.
        try connection.transaction { false }
    }

    /// The values `game` keeps in this profile (none for a game that never saved).
    public func load(game: String) throws -> SavedValues {
        try Self.check(key: game, what: "game id", path: path)
        do {
            var values = SavedValues()
            for row in try connection.rows("SELECT key, kind, value FROM saved_value WHERE game = ? ORDER BY key", [.text(game)]) {
                guard row.count == 3, case .text(let key) = row[0].value, case .text(let kind) = row[1].value else {
                    throw ProfileError(.damaged, path: path, reason: "a value of \(game) has no key or kind")
                }
                guard let value = Self.value(kind: kind, stored: row[2].value) else {
                    throw ProfileError(.damaged, path: path, reason: "the value of \(game) '\(key)' is not a \(kind)")
                }
                values[key] = value
            }
            if let tables = self.tables, tables.game == game {
                values.records = try records(of: tables)
            }
            return values
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
            try connection.transaction {
                try reached("begin")
                for (key, value) in changes.sorted {
                    try connection.execute("""
                        INSERT INTO saved_value (game, key, kind, value, saved_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (game, key) DO UPDATE SET kind = excluded.kind, value = excluded.value, saved_at = excluded.saved_at
                        """, [.text(game), .text(key), .text(value.kind), Self.stored(value), .text(stamp)])
                    try reached("value \(key)")
                }
                // Replacing a row deletes the old one first, and its children with it (ON DELETE CASCADE).
                for record in changes.records {
                    let names = record.columns.map(\.name)
                    try connection.execute("INSERT OR REPLACE INTO \(record.table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                                           record.columns.map { Self.stored($0.value) })
                    try reached("row \(record.table)")
                }
                try connection.execute("""
                    INSERT INTO game_save (game, saves, last_saved_at) VALUES (?, 1, ?)
                    ON CONFLICT (game) DO UPDATE SET saves = saves + 1, last_saved_at = excluded.last_saved_at
                    """, [.text(game), .text(stamp)])
                try reached("count")
                return true
            }
            try reached("commit")
            // Fold the log into the database file, so that the file alone holds the state
            // (a copy of it, or a reader without the -wal file, sees the save).
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try reached("checkpoint")
        } catch let error as SQLiteFailure {
            throw Self.profileError(error, path: path)
        }
    }

    /// How many saves `game` has made in this profile.
    public func saveCount(game: String) throws -> Int {
        do {
            return try connection.strings("SELECT saves FROM game_save WHERE game = ?", [.text(game)]).first.flatMap { Int($0) } ?? 0
        } catch {
            throw Self.profileError(error, path: path)
        }
    }

    /// The schema versions applied to the file, oldest first.
    public func schemaVersions() throws -> [String] {
        do {
            return try ProfileSchema.applied(in: connection)
        } catch {
            throw Self.profileError(error, path: path)
        }
    }

    /// Closes the file; the store is not used afterwards.
    public func close() {
        connection.close()
    }

    private static func check(key: String, what: String, path: String) throws {
        guard !key.isEmpty, key.utf8.count <= maxKeyBytes, key.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw ProfileError(.invalidValue, path: path, reason: "a \(what) must be 1…\(maxKeyBytes) bytes of printable text, not '\(key)'")
        }
    }

    private static func stored(_ value: SavedValue) -> SQLiteValue {
        switch value {
        case .flag(let flag): return .integer(flag ? 1 : 0)
        case .integer(let integer): return .integer(integer)
        case .number(let number): return .real(number)
        case .text(let text): return .text(text)
        case .bytes(let bytes): return .blob(bytes)
        }
    }

    private static func value(kind: String, stored: SQLiteValue) -> SavedValue? {
        switch (kind, stored) {
        case ("flag", .integer(let value)) where value == 0 || value == 1: return .flag(value == 1)
        case ("integer", .integer(let value)): return .integer(value)
        case ("number", .real(let value)): return .number(value)
        case ("number", .integer(let value)): return .number(Double(value))
        case ("text", .text(let value)): return .text(value)
        default: return nil
        }
    }

    /// Every row of `tables`' tables, parents first, each in the order it was written.
    private func records(of tables: ProfileTables) throws -> [SavedRecord] {
        var records: [SavedRecord] = []
        for table in tables.tables {
            for row in try connection.rows("SELECT * FROM \(table) ORDER BY rowid") {
                let columns = row.compactMap { column -> (name: String, value: SavedValue)? in
                    switch column.value {
                    case .integer(let value): return (column.name, .integer(value))
                    case .real(let value): return (column.name, .number(value))
                    case .text(let value): return (column.name, .text(value))
                    case .blob(let value): return (column.name, .bytes(value))
                    case .null: return nil
                    }
                }
                records.append(SavedRecord(table: table, columns: columns))
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
        guard let error = error as? SQLiteFailure else {
            return ProfileError(.cannotOpen, path: path, reason: "\(error)")
        }
        switch error.code {
        case SQLITE_NOTADB:
            return ProfileError(.notADatabase, path: path, reason: "is not an SQLite database")
        case SQLITE_CORRUPT:
            return ProfileError(.damaged, path: path, reason: "the database is damaged (\(error.message))")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return ProfileError(.locked, path: path, reason: "is locked by another program; close it and run again")
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH:
            return ProfileError(.cannotOpen, path: path, reason: "cannot be opened for writing (\(error.message))")
        default:
            return ProfileError(.cannotOpen, path: path, reason: error.message)
        }
    }
}
