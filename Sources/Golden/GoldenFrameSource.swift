import ImageDiff

/// Where `check` and `golden update` get the frames they compare: the renderer, reaching
/// each requested frame by stepping the simulation without drawing the others.
public protocol GoldenFrameSource {
    /// Renders `frames` (ascending) of the scene at `scenePath` at the scene's golden size,
    /// handing each to `body` as soon as it is drawn. Throws `GoldenSourceError`.
    func renderFrames(of scene: GoldenScene, scenePath: String, frames: [Int],
                      _ body: (Int, RGBAImage) throws -> Void) throws
}

/// Why frames could not be produced: the scene is bad input, or a part of the system failed.
public enum GoldenSourceError: Error, CustomStringConvertible {
    /// The scene file is missing or invalid (exit 2).
    case badScene(String)
    /// Rendering failed (exit 3).
    case renderFailed(String)

    public var description: String {
        switch self {
        case .badScene(let message), .renderFailed(let message): return message
        }
    }

    /// Throws `.badScene` unless `frames` (its last one) fall within a scene of `count` frames.
    static func requireFrames(_ frames: [Int], within count: Int, of scene: GoldenScene) throws {
        guard let last = frames.last, last < count else {
            throw badScene((scene.framesOrigin.map { "\($0): " } ?? "")
                           + "scene \(scene.name): golden frame \(frames.last ?? 0) is past the scene's last frame \(count - 1)")
        }
    }
}
