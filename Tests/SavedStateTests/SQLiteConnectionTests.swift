import CSQLite
import Foundation
@testable import SavedState
import Testing
import TestSupport

/// The profile's connection to the system's SQLite: statements, bound values, transactions and
/// SQLite's own result codes.
@Suite struct SQLiteConnectionTests {
    func open(_ label: String = #function) throws -> SQLiteConnection {
        try SQLiteConnection(path: makeTemporaryFolder("sqlite-\(label)") + "/test.sqlite", busyTimeout: 0.1)
    }

    @Test func severalStatementsRunAndEveryKindOfValueComesBack() throws {
        let connection = try open()
        try connection.execute("CREATE TABLE t (a, b, c, d, e); CREATE TABLE u (x)")
        let values: [SQLiteValue] = [.integer(-7), .real(2.5), .text("héllo"), .blob([0, 255, 3]), .null]
        try connection.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        let rows = try connection.rows("SELECT * FROM t")
        #expect(rows.count == 1)
        #expect(rows.first?.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(rows.first?.map(\.value) == values)
        #expect(try connection.strings("SELECT name FROM sqlite_master ORDER BY name") == ["t", "u"])
    }

    @Test func aTransactionThatThrowsOrDeclinesLeavesNothing() throws {
        let connection = try open()
        try connection.execute("CREATE TABLE t (a)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (2)")
            return false
        }
        try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (3)")
            return true
        }
        #expect(try connection.strings("SELECT a FROM t") == ["3"])
    }

    @Test func foreignKeysAreEnforcedAndFailuresCarrySQLitesCode() throws {
        let connection = try open()
        try connection.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p REFERENCES parent(id))")
        do {
            try connection.execute("INSERT INTO child VALUES (?)", [.integer(9)])
            Issue.record("a row pointing at nothing was written")
        } catch let failure as SQLiteFailure {
            #expect(failure.code == SQLITE_CONSTRAINT, "\(failure)")
        }
        do {
            _ = try connection.rows("SELECT * FROM nowhere")
            Issue.record("a missing table was read")
        } catch let failure as SQLiteFailure {
            #expect(failure.code == SQLITE_ERROR && failure.message.contains("nowhere"), "\(failure)")
        }
    }
}
