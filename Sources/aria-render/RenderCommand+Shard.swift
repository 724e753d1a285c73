import Foundation
import Kiosk
import Output
import Render
import Scene
import Shards

/// `render --shard`: one slice of the frames, written as a self-describing piece into a
/// shared folder for `assemble` (docs/farm.md).
extension RenderCommand {
    func renderPiece(_ option: ShardOption, recorded: RecordedClaps, simulation: SceneSimulation, whole: Range<Int>) throws {
        let spec = try option.resolve(environment: ProcessInfo.processInfo.environment)
        guard whole.count >= spec.count else {
            throw ToolFailure(.badInput, "--shard \(spec): \(spec.count) shards of \(whole.count) frame\(whole.count == 1 ? "" : "s") "
                + "would leave some empty; use at most \(whole.count)")
        }
        let description = recorded.scene
        let folder = output ?? "out/\(description.name)-pieces"
        if VideoFormat(path: folder) != nil || folder.lowercased().hasSuffix(".png") || folder.lowercased().hasSuffix(".wav") {
            throw ToolFailure(.badInput, "with --shard, -o is the shared folder for the pieces, not \(folder); "
                + "give a folder, then join it with `aria-render assemble FOLDER -o final.mp4`")
        }
        try StagedFile.prepareFolder(folder)
        let kind = piece ?? .mp4
        let fps = simulation.clock.framesPerSecond
        let width = simulation.outputWidth, height = simulation.outputHeight
        let format = VideoFormat(rawValue: kind.rawValue)
        let withSound = format != nil && !noSound && !noAudio
        // Contiguous slices of equal estimated work, not of equal length: every shard steps a
        // simulation of its own through the whole render (cheap beside drawing) and gets the
        // same split.
        let estimator = SceneSimulation(scene: description, width: size?.width, height: size?.height, framesPerSecond: self.fps)
        let split = spec.split(of: whole, costs: FrameCost.of(whole, stepping: estimator, sound: withSound))
        let frames = split[spec.index]
        let oddSize = width % 2 == 1 || height % 2 == 1
        var manifest = PieceManifest(
            tool: AriaRender.version, scene: description.name,
            sceneHash: try sceneHash(recorded: recorded, width: width, height: height, fps: fps),
            seed: description.seed, width: width, height: height, frameRate: fps,
            whole: FrameSpan(whole), frames: FrameSpan(frames), shard: spec.index, shards: spec.count,
            format: kind.rawValue, codec: format?.settings(hasAudio: withSound, oddSize: oddSize) ?? [],
            file: nil, bytes: nil, sound: nil, withSound: withSound, split: split.map(FrameSpan.init))
        StopSignal.install()

        // The sound of the whole render, once, by the first shard: muxed by `assemble` as is.
        var outputs: [String] = []
        if withSound, spec.index == 0, let format {
            let name = PieceManifest.name(shard: spec.index, of: spec.count, extension: "sound." + (format == .webm ? "webm" : "m4a"))
            let cues = SceneSoundtrack.cues(of: description, width: size?.width, height: size?.height,
                                            framesPerSecond: self.fps, through: whole.upperBound - 1)
            try SoundtrackEncoder.encode(SceneSoundtrack.stream(cues, frames: whole, framesPerSecond: fps),
                                         format: format, to: folder + "/" + name)
            manifest.sound = name
            outputs.append(folder + "/" + name)
        }

        let sink: FrameSink
        if let format {
            let name = PieceManifest.name(shard: spec.index, of: spec.count, extension: format.rawValue)
            manifest.file = name
            sink = try FFmpegVideoSink(path: folder + "/" + name, format: format, width: width, height: height, framesPerSecond: fps)
        } else {
            sink = try PNGSequenceSink(folder: folder)
        }
        let traceSink = try trace.map { try TraceFileSink(path: $0) }
        var progress = RenderProgress(total: frames.count, quiet: quiet)
        do {
            outputs += try draw(frames, of: simulation, into: sink, trace: traceSink) { progress.update(done: $0) }
        } catch {
            throw failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        if let file = manifest.file { manifest.bytes = PieceFolder.size(of: file, in: folder) }
        // Last, and whole or not at all: without it, `assemble` takes nothing of this shard.
        try PieceFolder.write(manifest, in: folder)
        let manifestPath = folder + "/" + PieceManifest.name(shard: spec.index, of: spec.count)
        let seconds = progress.elapsed
        progress.finish(summary: "Rendered shard \(spec) of \"\(description.name)\": frames \(FrameSpan(frames)) of \(FrameSpan(whole)) "
            + String(format: "in %.2f s", seconds) + " into \(manifestPath)")
        if json {
            print(RenderSummaryJSON(scene: description.name, frames: frames, width: width, height: height, framesPerSecond: fps,
                                    seconds: seconds, outputs: (format == nil ? [] : outputs) + [manifestPath],
                                    clapAudio: recorded.recording, clapsHeard: recorded.claps.count).text)
        }
    }

    /// What decides the frames, hashed: the scene file's text (or the built-in one's), the
    /// claps heard in its recording, and the size and frame rate rendered.
    private func sceneHash(recorded: RecordedClaps, width: Int, height: Int, fps: Int) throws -> String {
        var hash = SHA256()
        if let path = scene.path {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ToolFailure(.badInput, "cannot read the scene file \(path)")
            }
            hash.update(data)
        } else {
            hash.update(field: DefaultScene.yaml)
        }
        hash.update(field: "claps " + recorded.claps.map { "\($0.time)" }.joined(separator: " "))
        hash.update(field: "size \(width)x\(height) fps \(fps)")
        return hash.hex()
    }
}
