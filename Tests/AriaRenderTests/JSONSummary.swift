import Foundation

/// A command's one-object JSON summary, read by Foundation's parser (so a test asserts the
/// values, not the spacing or key order of the text).
struct JSONSummary {
    private let object: [String: Any]

    /// Parses `text` (one JSON object); throws when it is not one.
    init(_ text: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        self.object = object
    }

    /// The integer at `key`, if it is one.
    func int(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }

    /// The strings at `key`, empty when absent.
    func strings(_ key: String) -> [String] { object[key] as? [String] ?? [] }
}
