import ImageDiff
import Output
import Render
import Scene
import Sync

/// Golden frames from the real pipeline: the scene file is loaded and simulated at the
/// golden size, each requested frame is reached by stepping without drawing the ones
/// between, and only that frame is drawn. A scene with a recording (`clap_audio`) hears
/// its claps, as `render` does (`RecordedClaps`).
public struct SimulatedGoldenSource: GoldenFrameSource, GoldenRunSource {
    /// A source drawing with a fresh `FrameRenderer`.
    public init() {}

    public func renderFrames(of scene: GoldenScene, scenePath: String, frames: [Int],
                             _ body: (Int, RGBAImage) throws -> Void) throws {
        let description = try load(scene, scenePath: scenePath)
        if description.session != nil {
            return try SessionGoldenFrames(scene: scene, description: description).render(frames: frames, body)
        }
        let simulation = SceneSimulation(scene: description, width: scene.width, height: scene.height)
        try GoldenSourceError.requireFrames(frames, within: simulation.frameCount, of: scene)
        let renderer = FrameRenderer()
        for frame in frames.sorted() {
            simulation.advance(toFrame: frame)
            _ = simulation.drainTrace()  // the trace is not wanted here; draining keeps memory flat
            let pixels: FramePixels
            do { pixels = try renderer.render(simulation.snapshot()) } catch {
                throw GoldenSourceError.renderFailed("scene \(scene.name) frame \(frame): \(error)")
            }
            try body(frame, RGBAImage(pixels))
        }
    }

    /// The whole run, stepped without drawing at the scene's own canvas size (the trace is the
    /// same at any size; the sound's panning is the scene's).
    public func run(of scene: GoldenScene, scenePath: String) throws -> GoldenRun {
        let description = try load(scene, scenePath: scenePath)
        if description.session != nil { return sessionRun(of: description) }
        let simulation = SceneSimulation(scene: description)
        var trace = simulation.drainTrace()
        for frame in stride(from: 1, to: simulation.frameCount, by: 1) {
            simulation.advance(toFrame: frame)
            trace += simulation.drainTrace()
        }
        return GoldenRun(trace: trace, settings: description.settings, canvasWidth: simulation.outputWidth,
                         framesPerSecond: simulation.clock.framesPerSecond, frameCount: simulation.frameCount,
                         rules: description.rules)
    }

    /// A shared session's run: every peer's trace, and the first peer's sound.
    private func sessionRun(of description: SceneDescription) -> GoldenRun {
        let session = SharedSession(scene: description)
        var trace = session.drainTrace()
        for frame in stride(from: 1, to: session.frameCount, by: 1) {
            session.advance(toFrame: frame)
            trace += session.drainTrace()
        }
        var run = GoldenRun(trace: trace, settings: description.settings, canvasWidth: description.canvasWidth,
                            framesPerSecond: session.clock.framesPerSecond, frameCount: session.frameCount,
                            rules: description.rules)
        run.listener = session.peerNames.first
        return run
    }

    /// The scene file, with the claps of its recording heard.
    private func load(_ scene: GoldenScene, scenePath: String) throws -> SceneDescription {
        var description: SceneDescription
        do {
            description = try SceneLoader.load(path: scenePath)
        } catch let errors as SceneErrors {
            let first = errors.diagnostics.first?.description ?? "\(scenePath): invalid scene"
            let more = errors.diagnostics.count > 1 ? " (and \(errors.diagnostics.count - 1) more)" : ""
            throw GoldenSourceError.badScene("scene \(scene.name): \(first)\(more)")
        }
        do {
            description = try RecordedClaps(scene: description).scene
        } catch {
            // An AudioFileError: one line that names the file.
            throw GoldenSourceError.badScene("scene \(scene.name): clap audio: \(error)")
        }
        return description
    }
}

extension RGBAImage {
    /// Straight RGBA from a rendered frame's premultiplied BGRA, with the rounding Cairo's
    /// PNG writer uses, so a frame compares equal to itself after a trip through a PNG.
    public init(_ frame: FramePixels) {
        var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        bytes.withUnsafeMutableBufferPointer { output in
            for y in 0..<frame.height {
                let row = frame.base + y * frame.stride
                for x in 0..<frame.width {
                    let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let alpha = argb >> 24
                    let offset = (y * frame.width + x) * 4
                    output[offset] = PNGImageFile.unpremultiply((argb >> 16) & 0xFF, alpha)
                    output[offset + 1] = PNGImageFile.unpremultiply((argb >> 8) & 0xFF, alpha)
                    output[offset + 2] = PNGImageFile.unpremultiply(argb & 0xFF, alpha)
                    output[offset + 3] = UInt8(alpha)
                }
            }
        }
        self.init(width: frame.width, height: frame.height, bytes: bytes)
    }
}
