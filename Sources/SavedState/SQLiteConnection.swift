import CSQLite
import Foundation

/// A value as SQLite stores it.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// What SQLite said when a call failed: its primary result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …).
    var code: Int32
    /// SQLite's message.
    var message: String
    var description: String { message }
}

/// One connection to an SQLite file through the system's libsqlite3: statements run one at a
/// time under a lock, so the connection may be shared between threads.
final class SQLiteConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private let lock = NSLock()

    /// Opens (or creates) the file at `path`, waiting up to `busyTimeout` seconds for another
    /// program's lock, with foreign keys enforced (a row's children go with it).
    init(path: String, busyTimeout: Double) throws {
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK else {
            let failure = SQLiteFailure(code: status & 0xFF, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
            sqlite3_close(handle)
            handle = nil
            throw failure
        }
        sqlite3_extended_result_codes(handle, 0)
        sqlite3_busy_timeout(handle, Int32((busyTimeout * 1_000).rounded()))
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close(handle) }

    /// Closes the file; nothing runs afterwards.
    func close() {
        lock.withLock {
            sqlite3_close(handle)
            handle = nil
        }
    }

    /// Runs `sql`: with no arguments, any number of statements; with them, one statement
    /// with its `?` bound in order.
    func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        _ = try rows(sql, arguments)
    }

    /// The rows `sql` (one statement) answers, each as its columns' names and values.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[(name: String, value: SQLiteValue)]] {
        try lock.withLock {
            guard let handle else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "the database is closed") }
            var result: [[(name: String, value: SQLiteValue)]] = []
            var remaining = sql
            var first = true
            // Each statement of `sql` in turn (arguments go to the first).
            while !remaining.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                var statement: OpaquePointer?
                var tail = ""
                let status = remaining.withCString { text -> Int32 in
                    var rest: UnsafePointer<CChar>?
                    let status = sqlite3_prepare_v2(handle, text, -1, &statement, &rest)
                    if let rest { tail = String(cString: rest) }
                    return status
                }
                guard status == SQLITE_OK else { throw failure(status) }
                remaining = tail
                guard let statement else { continue }  // only a comment or whitespace
                defer { sqlite3_finalize(statement) }
                if first {
                    for (index, argument) in arguments.enumerated() { try bind(argument, at: Int32(index + 1), in: statement) }
                    first = false
                }
                result = []
                while true {
                    let step = sqlite3_step(statement)
                    if step == SQLITE_DONE { break }
                    guard step == SQLITE_ROW else { throw failure(step) }
                    result.append((0..<sqlite3_column_count(statement)).map { column in
                        (String(cString: sqlite3_column_name(statement, column)), value(of: statement, at: column))
                    })
                }
            }
            return result
        }
    }

    /// Runs `body` in a transaction that takes the write lock at once: committed when it
    /// returns true, rolled back when it returns false or throws.
    func transaction(_ body: () throws -> Bool) throws {
        try execute("BEGIN IMMEDIATE")
        let commit: Bool
        do {
            commit = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        try execute(commit ? "COMMIT" : "ROLLBACK")
    }

    /// The first column of each row `sql` answers, as text.
    func strings(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [String] {
        try rows(sql, arguments).compactMap { row in
            switch row.first?.value {
            case .text(let text)?: return text
            case .integer(let number)?: return String(number)
            default: return nil
            }
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes, which live only for this call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let status: Int32
        switch value {
        case .null: status = sqlite3_bind_null(statement, index)
        case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
        case .real(let number): status = sqlite3_bind_double(statement, index, number)
        case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, transient)
        case .blob(let bytes): status = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(bytes.count), transient) }
        }
        guard status == SQLITE_OK else { throw failure(status) }
    }

    private func value(of statement: OpaquePointer, at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob([UInt8](UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func failure(_ status: Int32) -> SQLiteFailure {
        SQLiteFailure(code: status & 0xFF, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "SQLite error \(status)")
    }
}
