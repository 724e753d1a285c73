import ArgumentParser
import Rendering

extension RequestedFrames: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    func check() throws { if let problem { throw ValidationError(problem) } }
}

extension CanvasSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    func check(_ option: String) throws { if let problem = problem(option) { throw ValidationError(problem) } }
}
