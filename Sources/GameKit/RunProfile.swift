import Foundation
import SavedState
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A profile opened for the runs of one game (`--profile PATH`): what the game saved there,
/// handed to a run at its start (`RunOptions.saved`), and what the run changed, saved at its
/// end in one transaction. Opened before the run, so a profile that cannot serve stops the
/// command before any work; saved only when the run succeeded.
public final class RunProfile: Sendable {
    /// The profile's file.
    public let store: ProfileStore
    /// The game whose values these are.
    public let game: String
    /// What the game had saved when the profile was opened.
    public let loaded: SavedValues

    /// The environment variable that stops a save after that many of its steps, for the test
    /// that kills a run there (`kill -9`); never set outside that test.
    public static let pauseVariable = "ARIA_RENDER_PAUSE_IN_SAVE"

    /// Profiles this process made that no run has saved to yet (`discardUnsaved`).
    private static let made = Mutex<Set<String>>([])

    /// Opens the profile at `path` for `game`, with the tables it keeps there (if any); throws `ProfileError`.
    public init(path: String, game: String, tables: ProfileTables? = nil) throws {
        let isNew = !FileManager.default.fileExists(atPath: path)
        store = try ProfileStore(path: path, tables: tables)
        self.game = game
        do {
            loaded = try store.load(game: game)
        } catch {
            store.close()
            throw error
        }
        if isNew { _ = Self.made.withLock { $0.insert(path) } }
    }

    /// Removes the profiles this process made for a run that then failed before saving (a
    /// command's failure leaves nothing half-written, a new empty profile included).
    public static func discardUnsaved() {
        for path in made.withLock({ made in defer { made = [] }; return made }) {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// Saves what `run` changed of what its game keeps; returns it (nothing saved when nothing
    /// changed). Throws `ProfileError`.
    @discardableResult
    public func save(from run: any GameRun) throws -> SavedValues {
        try save(run.savedChanges())
    }

    /// Saves `changes` for the game; returns them.
    @discardableResult
    public func save(_ changes: SavedValues) throws -> SavedValues {
        let pauseStep = ProcessInfo.processInfo.environment[Self.pauseVariable].flatMap { Int($0) }
        try store.save(changes, game: game) { step, name in
            guard step == pauseStep else { return }
            // Stopped here for good: the test sees the line and kills the process.
            fputs("aria-render: paused in save step \(step) (\(name))\n", stderr)
            fflush(stderr)
            while true { pause() }
        }
        _ = Self.made.withLock { $0.remove(store.path) }
        return changes
    }

    /// Closes the file.
    public func close() { store.close() }
}

/// Why a profile could not serve (`ProfileError`), by a name the tool reaches through GameKit.
public typealias RunProfileError = ProfileError
