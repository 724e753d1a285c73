import Foundation
import GameKit
import Output
import Shards

/// A render of one farm piece: one slice of the frames, written as a self-describing piece
/// (its frames, the whole render's sound for the first shard, a manifest last) into a shared
/// folder for `assemble` (docs/farm.md).
struct PieceRender: OutputRender {
    let job: RenderJob

    /// Which shard of how many.
    let spec: ShardSpec

    /// Renders this shard's slice of `whole` into the folder given by `-o`.
    func render(_ run: any GameRun, whole: Range<Int>) throws -> RenderOutcome {
        guard whole.count >= spec.count else {
            throw RenderRequestError("--shard \(spec): \(spec.count) shards of \(counted(whole.count, "frame")) "
                + "would leave some empty; use at most \(whole.count)")
        }
        let folder = request.output ?? "out/\(name)-pieces"
        if VideoFormat(path: folder) != nil || folder.lowercased().hasSuffix(".png") || folder.lowercased().hasSuffix(".wav") {
            throw RenderRequestError("with --shard, -o is the shared folder for the pieces, not \(folder); "
                + "give a folder, then join it with `aria-render assemble FOLDER -o final.mp4`")
        }
        try StagedFile.prepareFolder(folder)
        let kind = request.piece ?? "mp4"
        let fps = run.clock.framesPerSecond
        let width = run.outputWidth, height = run.outputHeight
        let format = VideoFormat(rawValue: kind)
        let withSound = format != nil && request.sound
        // Contiguous slices of equal estimated work, not of equal length: every shard steps a
        // run of its own through the whole render (cheap beside drawing) and gets the same split.
        let split = spec.split(of: whole, costs: FrameCost.of(whole, stepping: try request.makeRun(), sound: withSound))
        let frames = split[spec.index]
        let oddSize = width % 2 == 1 || height % 2 == 1
        var manifest = PieceManifest(
            tool: request.toolVersion, scene: name, sceneHash: sceneHash(width: width, height: height, fps: fps),
            seed: request.scene.header.seed, width: width, height: height, frameRate: fps,
            whole: FrameSpan(whole), frames: FrameSpan(frames), shard: spec.index, shards: spec.count,
            format: kind, codec: format?.settings(hasAudio: withSound, oddSize: oddSize) ?? [],
            file: nil, bytes: nil, sound: nil, withSound: withSound, split: split.map(FrameSpan.init))

        // The sound of the whole render, once, by the first shard: muxed by `assemble` as is.
        var outputs: [String] = []
        if withSound, spec.index == 0, let format {
            let soundName = PieceManifest.name(shard: spec.index, of: spec.count, extension: "sound." + (format == .webm ? "webm" : "m4a"))
            let cues = try job.soundCues(through: whole.upperBound - 1)
            try SoundtrackEncoder.encode(TraceSoundtrack.stream(cues, bank: try job.soundBank(), frames: whole, framesPerSecond: fps),
                                         format: format, to: folder + "/" + soundName)
            manifest.sound = soundName
            outputs.append(folder + "/" + soundName)
        }

        let sink: FrameSink
        if let format {
            let file = PieceManifest.name(shard: spec.index, of: spec.count, extension: format.rawValue)
            manifest.file = file
            sink = try FFmpegVideoSink(path: folder + "/" + file, format: format, width: width, height: height, framesPerSecond: fps)
        } else {
            sink = try PNGSequenceSink(folder: folder)
        }
        let traceSink = try request.tracePath.map { try TraceFileSink(path: $0) }
        var progress = RenderProgress(total: frames.count, quiet: request.quiet)
        do {
            outputs += try job.draw(frames, of: run, into: sink, trace: traceSink) { progress.update(done: $0) }
        } catch {
            throw job.failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        if let file = manifest.file { manifest.bytes = PieceFolder.size(of: file, in: folder) }
        // Last, and whole or not at all: without it, `assemble` takes nothing of this shard.
        try PieceFolder.write(manifest, in: folder)
        let manifestPath = folder + "/" + PieceManifest.name(shard: spec.index, of: spec.count)
        let seconds = progress.elapsed
        progress.finish(summary: "Rendered shard \(spec) of \"\(name)\": frames \(FrameSpan(frames)) of \(FrameSpan(whole)) "
            + String(format: "in %.2f s", seconds) + " into \(manifestPath)")
        return RenderOutcome(frames: frames, width: width, height: height, framesPerSecond: fps, seconds: seconds,
                             outputs: (format == nil ? [] : outputs) + [manifestPath])
    }

    /// What decides the frames, hashed: the scene file's text (or the built-in one's), the
    /// files it was read with (moves files), the claps heard in its recording, and the size
    /// and frame rate rendered.
    private func sceneHash(width: Int, height: Int, fps: Int) -> String {
        var hash = SceneHash()
        hash.update(request.sceneBytes)
        // A scene that reads no other file hashes as it always has.
        for file in request.scene.usedFiles {
            hash.update(field: "file " + (file as NSString).lastPathComponent)
            hash.update(FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? [])
        }
        hash.update(field: "claps " + request.recorded.claps.map { "\($0.time)" }.joined(separator: " "))
        hash.update(field: "size \(width)x\(height) fps \(fps)")
        return hash.hex()
    }
}
