import ArgumentParser
import Rendering
import Scene

extension ValidationError {
    /// `body`'s value, its bad input (`RenderRequestError`) said as a validation error.
    static func from<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RenderRequestError { throw ValidationError(error.description) }
    }
}

extension CanvasSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    func check(_ option: String) throws { if let problem = problem(option) { throw ValidationError(problem) } }
}
