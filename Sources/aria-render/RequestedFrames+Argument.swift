import ArgumentParser
import Rendering
import Scene

extension ValidationError {
    /// `body`'s value, its bad input (`RenderRequestError`) said as a validation error.
    static func from<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RenderRequestError { throw ValidationError(error.description) }
    }
}

extension CanvasSize {
    /// The size an option's value names (`1280x720`, `1080p`, `4K`); a value naming none is refused with examples.
    static func argument(_ text: String) throws -> CanvasSize { try CanvasSize(text: text) ?? { throw ValidationError("give \(forms)") }() }
    func check(_ option: String) throws { if let problem = problem(option) { throw ValidationError(problem) } }
}
