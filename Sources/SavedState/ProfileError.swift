/// Why a profile could not be opened, read or saved: one line naming the file, never a trap.
public struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is: what a person (or a script) does about it differs.
    public enum Kind: String, Sendable, Equatable {
        /// The file cannot be opened or created (no such folder, no permission, a folder).
        case cannotOpen
        /// The file is not an SQLite database (a text file, an image…).
        case notADatabase
        /// The file is an SQLite database, but damaged (truncated, overwritten).
        case damaged
        /// The file is an SQLite database of something else than saved state.
        case notAProfile
        /// The file was written by a newer aria-render, whose schema this one does not know.
        case newerSchema
        /// Another program holds the file's write lock.
        case locked
        /// A key or value the store refuses (empty, too long, not finite).
        case invalidValue
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The profile's path, as given.
    public let path: String
    /// What is wrong, in a few words.
    public let reason: String

    /// An error of `kind` about the profile at `path`.
    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// One line: the path, then what is wrong.
    public var description: String { "profile \(path): \(reason)" }
}
