import CSQLite

/// The profile database's schema, one migration per version. A migration, once released, is
/// never edited: a new version adds a new one, and a file migrated by a newer aria-render is
/// refused by an older one (`ProfileError.Kind.newerSchema`) instead of being misread.
enum ProfileSchema {
    /// The migrations' names, oldest first; the last is the version this build writes.
    static var versions: [String] { kit.map(\.identifier) }

    /// The table that lists the migrations a file has had, under the name the files of earlier
    /// builds (written through GRDB's migrator) gave it.
    static let appliedTable = "grdb_migrations"

    /// One migration: its identifier in the file and its statements.
    struct Migration {
        var identifier: String
        var sql: String
    }

    /// The kit's migrations, then those of `tables`' game.
    static func migrations(with tables: ProfileTables?) -> [Migration] {
        kit + (tables.map { t in t.migrations.map { Migration(identifier: t.identifier(of: $0), sql: $0.sql) } } ?? [])
    }

    static let kit = [
        // One row per game and key; the value's kind beside it so it reads back typed.
        Migration(identifier: "v1-saved-values", sql: """
            CREATE TABLE saved_value (
                game TEXT NOT NULL,
                key TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('flag', 'integer', 'number', 'text')),
                value NOT NULL,
                saved_at TEXT NOT NULL,
                PRIMARY KEY (game, key)
            ) WITHOUT ROWID
            """),
        // How many saves each game made and when the last was: a profile's history at a
        // glance, and the row every save touches last, inside the same transaction.
        Migration(identifier: "v2-save-counts", sql: """
            CREATE TABLE game_save (
                game TEXT PRIMARY KEY NOT NULL,
                saves INTEGER NOT NULL CHECK (saves > 0),
                last_saved_at TEXT NOT NULL
            );
            INSERT INTO game_save (game, saves, last_saved_at)
            SELECT game, 1, MAX(saved_at) FROM saved_value GROUP BY game
            """),
    ]

    /// Applies the migrations `connection`'s file has not had, oldest first, each in its own
    /// transaction with its line in `appliedTable`.
    static func migrate(_ connection: SQLiteConnection, with tables: ProfileTables?) throws {
        try connection.execute("CREATE TABLE IF NOT EXISTS \(appliedTable) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = Set(try connection.strings("SELECT identifier FROM \(appliedTable)"))
        for migration in migrations(with: tables) where !applied.contains(migration.identifier) {
            try connection.transaction {
                try connection.execute(migration.sql)
                try connection.execute("INSERT INTO \(appliedTable) (identifier) VALUES (?)", [.text(migration.identifier)])
                // A migration that leaves a row pointing at nothing is refused before it commits.
                guard try connection.rows("PRAGMA foreign_key_check").isEmpty else {
                    throw SQLiteFailure(code: SQLITE_CONSTRAINT, message: "migration \(migration.identifier) breaks a foreign key")
                }
                return true
            }
        }
    }

    /// The kit's migrations the file has had, oldest first.
    static func applied(in connection: SQLiteConnection) throws -> [String] {
        let applied = Set(try connection.strings("SELECT identifier FROM \(appliedTable)"))
        return versions.filter(applied.contains)
    }
}
