import Foundation

/// The one-line notice for an option spelled the old way, kept working for one release so
/// that scripts have time to change.
enum OptionNotice {
    static func renamed(_ old: String, to new: String) {
        fputs("aria-render: note: \(old) is now \(new); the old spelling goes in the next release\n", stderr)
    }
}
