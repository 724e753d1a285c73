/// One row a game keeps in a table of its own inside the profile (a catalogue's item, a
/// photo of it): the table and the row's columns with their values, in the game's order.
/// Saving a row whose primary key is already there replaces it (and, through the table's
/// `ON DELETE CASCADE`, what hangs from the row it replaces).
public struct SavedRecord: Sendable, Equatable {
    /// The table, one of the game's `ProfileTables.tables`.
    public var table: String
    /// Columns and values, in order.
    public var columns: [(name: String, value: SavedValue)]

    /// A row of `table`.
    public init(table: String, columns: [(name: String, value: SavedValue)]) {
        self.table = table
        self.columns = columns
    }

    /// The value of column `name`, if the row has it.
    public subscript(name: String) -> SavedValue? { columns.first { $0.name == name }?.value }

    public static func == (lhs: SavedRecord, rhs: SavedRecord) -> Bool {
        lhs.table == rhs.table && lhs.columns.elementsEqual(rhs.columns) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// The tables a game keeps in a profile beside its values: their migrations (named
/// `<game>/<name>`, each run once, oldest first, never edited once released) and the tables
/// rows are read from, parents before children. A profile holds several games' tables; each
/// game's migrations are its own, so a game that does not know another's still opens the file.
public struct ProfileTables: Sendable, Equatable {
    /// One migration: its name (without the game's prefix) and its SQL.
    public struct Migration: Sendable, Equatable {
        /// Its name, unique within the game.
        public var name: String
        /// The statements it runs.
        public var sql: String

        /// A migration from its parts.
        public init(name: String, sql: String) {
            self.name = name
            self.sql = sql
        }
    }

    /// The game whose tables these are.
    public var game: String
    /// Its migrations, oldest first.
    public var migrations: [Migration]
    /// The tables its rows live in, parents before children (the order rows are read and written).
    public var tables: [String]

    /// Tables from their parts.
    public init(game: String, migrations: [Migration], tables: [String]) {
        self.game = game
        self.migrations = migrations
        self.tables = tables
    }

    /// A migration's identifier in the profile: `<game>/<name>`.
    public func identifier(of migration: Migration) -> String { "\(game)/\(migration.name)" }
}
