import Audio
import Foundation
import Kiosk
import Output
import Render
import Scene
import Sync

extension RenderCommand {
    /// A scene with a `session:`: every peer's view side by side (each panel the scene's
    /// size, or --size), each with its sync indicator, or only --peer's. The sound is the
    /// shown peer's (the first peer's when all are shown).
    func renderSession(_ description: SceneDescription) throws {
        let session = SharedSession(scene: description, width: size?.width, height: size?.height, framesPerSecond: fps)
        var shown = Array(session.peerNames.indices)
        if let peer {
            guard let index = session.peerIndex(named: peer) else {
                throw ToolFailure(.badInput, "--peer \(peer): no such peer in the session" + SpellingSuggestion.hint(for: peer, among: session.peerNames)
                                  + " (the peers: \(session.peerNames.joined(separator: ", ")))")
            }
            shown = [index]
        }
        let range = try frameRange(frameCount: session.frameCount)
        let suffix = peer.map { "-" + $0 } ?? ""
        let target = try RenderTarget(path: output ?? "out/\(description.name)\(suffix).mp4", singleFrame: frame != nil)
        let framesPerSecond = session.clock.framesPerSecond
        let listener = shown[0]
        let panel = session.snapshot(ofPeer: 0)
        let grid = PeerPanel.grid(for: shown.count)
        let width = panel.width * grid.columns, height = panel.height * grid.rows
        let cues = target.carriesSound && !noSound && !noAudio
            ? Self.soundCues(of: description, peer: listener, width: size?.width, height: size?.height, framesPerSecond: fps,
                             canvasWidth: description.canvasWidth, through: range.upperBound - 1)
            : []
        if case .soundtrack(let path) = target {
            try SceneSoundtrack.write(cues, frames: range, framesPerSecond: framesPerSecond, to: path)
            if !quiet { fputs("Wrote the sound of \(counted(range.count, "frame")) of \"\(description.name)\" as \(session.peerNames[listener]) hears it to \(path)\n", stderr) }
            return
        }
        let soundtrack = cues.isEmpty && !(target.carriesSound && !noSound && !noAudio) ? nil
            : SceneSoundtrack.stream(cues, frames: range, framesPerSecond: framesPerSecond)
        // A GIF's palette comes from a sample of the frames, drawn by a session of its own.
        let (staleFrames, traceSink, paletteFrames, readyProgress) = try prepare(target, range: range)
        var progress = readyProgress
        var palette: String?
        defer { if let palette { GIFPalette.remove(palette) } }
        let renderer = SessionFrameRenderer()
        func panels(of session: SharedSession) -> [PeerPanel] {
            shown.map { PeerPanel(snapshot: session.snapshot(ofPeer: $0), number: $0 + 1, status: session.status(ofPeer: $0)) }
        }
        let outputs: [String]
        do {
            if case .video(let path, .gif) = target {
                let sampler = SharedSession(scene: description, width: size?.width, height: size?.height, framesPerSecond: fps)
                palette = try GIFPalette.make(for: path, width: width, height: height, framesPerSecond: framesPerSecond,
                                              frames: paletteFrames, pixels: { number in
                    sampler.advance(toFrame: number)
                    _ = sampler.drainTrace()
                    return try renderer.render(panels(of: sampler))
                }, progress: { progress.update(done: $0) }, stop: { StopSignal.requested })
            }
            let sink = try target.makeSink(width: width, height: height, framesPerSecond: framesPerSecond, soundtrack: soundtrack,
                                           palette: palette)
            let before = paletteFrames.count
            outputs = try RenderLoop.run(frames: range, sink: sink, pixels: { number in
                session.advance(toFrame: number)
                traceSink?.write(session.drainTrace())
                return try renderer.render(panels(of: session))
            }, progress: { progress.update(done: before + $0) }, stop: { StopSignal.requested })
        } catch {
            progress.abandon()
            traceSink?.cancel()
            if let signal = StopSignal.requested { throw OutputError.interrupted(signal: signal) }
            throw error
        }
        try traceSink?.close()
        for path in staleFrames { unlink(path) }
        let who = peer.map { "as \($0) sees it" } ?? "\(shown.count) peers side by side"
        progress.finish(summary: "Rendered \(range.count) frame\(range.count == 1 ? "" : "s") of \"\(description.name)\", \(who) "
            + "(\(width)x\(height), \(framesPerSecond) fps) in " + String(format: "%.2f s", progress.elapsed) + " to " + outputs.joined(separator: ", "))
        if json {
            print(RenderSummaryJSON(scene: description.name, frames: range, width: width, height: height,
                                    framesPerSecond: framesPerSecond, seconds: progress.elapsed, outputs: outputs).text)
        }
    }

    /// The sound peer `peer` hears, up to the end of `lastFrame` (its own world's sound cues).
    static func soundCues(of scene: SceneDescription, peer: Int, width: Int?, height: Int?, framesPerSecond: Int?,
                          canvasWidth: Int, through lastFrame: Int) -> [Audio.SoundCue] {
        let session = SharedSession(scene: scene, width: width, height: height, framesPerSecond: framesPerSecond)
        let name = session.peerNames[peer]
        var cues: [Audio.SoundCue] = []
        for frame in 0...max(0, lastFrame) {
            session.advance(toFrame: frame)
            cues += session.drainTrace().filter { $0.peer == name }.compactMap { SceneSoundtrack.cue(from: $0, canvasWidth: canvasWidth) }
        }
        return cues
    }
}
