import ImageDiff
import Render
import Scene
import Sync

/// Golden frames of a scene with a `session:`: every peer's view side by side, each panel
/// at the golden size, with its sync indicator, as `render` draws them.
struct SessionGoldenFrames {
    let scene: GoldenScene
    let description: SceneDescription

    func render(frames: [Int], _ body: (Int, RGBAImage) throws -> Void) throws {
        let session = SharedSession(scene: description, width: scene.width, height: scene.height)
        try GoldenSourceError.requireFrames(frames, within: session.frameCount, of: scene)
        let renderer = SessionFrameRenderer()
        for frame in frames.sorted() {
            session.advance(toFrame: frame)
            _ = session.drainTrace()
            let panels = session.peerNames.indices.map { index in
                PeerPanel(snapshot: session.snapshot(ofPeer: index), number: index + 1, status: session.status(ofPeer: index))
            }
            let pixels: FramePixels
            do { pixels = try renderer.render(panels) } catch {
                throw GoldenSourceError.renderFailed("scene \(scene.name) frame \(frame): \(error)")
            }
            try body(frame, RGBAImage(pixels))
        }
    }
}
