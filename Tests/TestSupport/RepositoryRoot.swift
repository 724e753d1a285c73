import Foundation

/// The root of this repository, found from this file's own path.
public enum RepositoryRoot {
    /// The folder that holds Package.swift.
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The same as a path.
    public static var path: String { url.path }
}
