import GRDB

/// The profile database's schema, one migration per version. A migration, once released, is
/// never edited: a new version adds a new one, and a file migrated by a newer aria-render is
/// refused by an older one (`ProfileError.Kind.newerSchema`) instead of being misread.
enum ProfileSchema {
    /// The migrations' names, oldest first; the last is the version this build writes.
    static let versions = ["v1-saved-values", "v2-save-counts"]

    /// The kit's migrations, then those of `tables`' game.
    static func migrator(with tables: ProfileTables?) -> DatabaseMigrator {
        var migrator = migrator
        for migration in tables?.migrations ?? [] {
            migrator.registerMigration(tables!.identifier(of: migration)) { db in try db.execute(sql: migration.sql) }
        }
        return migrator
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(versions[0]) { db in
            // One row per game and key; the value's kind beside it so it reads back typed.
            try db.execute(sql: """
                CREATE TABLE saved_value (
                    game TEXT NOT NULL,
                    key TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('flag', 'integer', 'number', 'text')),
                    value NOT NULL,
                    saved_at TEXT NOT NULL,
                    PRIMARY KEY (game, key)
                ) WITHOUT ROWID
                """)
        }
        migrator.registerMigration(versions[1]) { db in
            // How many saves each game made and when the last was: a profile's history at a
            // glance, and the row every save touches last, inside the same transaction.
            try db.execute(sql: """
                CREATE TABLE game_save (
                    game TEXT PRIMARY KEY NOT NULL,
                    saves INTEGER NOT NULL CHECK (saves > 0),
                    last_saved_at TEXT NOT NULL
                )
                """)
            try db.execute(sql: """
                INSERT INTO game_save (game, saves, last_saved_at)
                SELECT game, 1, MAX(saved_at) FROM saved_value GROUP BY game
                """)
        }
        return migrator
    }
}
