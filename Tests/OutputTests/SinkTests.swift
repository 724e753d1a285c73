import Drawing
import Foundation
@testable import Output
import PrincessTestSupport
import TestSupport
import Testing
import Princess
import PrincessGame

/// PNG folders, single PNGs and ffmpeg videos, checked on disk and with ffprobe.
@Suite struct SinkTests {
    private func busy(_ frame: Int) -> SceneSnapshot {
        SnapshotFixtures.busy(frame: frame, width: 320, height: 180, particleCount: 120)
    }

    private func leftovers(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    }

    @Test func aPNGSequenceHoldsEveryFrameByItsNumber() throws {
        let folder = try makeTemporaryFolder() + "/frames"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sink = try PNGSequenceSink(folder: folder)
        let renderer = FrameRenderer()
        let outputs = try RenderLoop.run(frames: 4..<9, sink: sink, pixels: { try renderer.render(busy($0)) })
        #expect(outputs == [folder])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == (4..<9).map { PNGSequenceSink.fileName(ofFrame: $0) })
        #expect(PNGSequenceSink.fileName(ofFrame: 7) == "frame_00007.png")
        // Each file decodes to the frame the renderer drew.
        let expected = try frameBytes(FrameRenderer().render(busy(6)))
        let decoded = try #require(ImageSurface.readWithCairo(from: folder + "/frame_00006.png"))
        #expect(frameBytes(decoded.pixels) == expected)
    }

    /// Every file in `folder`, hidden ones too, with its bytes.
    private func contents(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return files
    }

    /// A sequence that is cancelled (Ctrl-C, a failed write) leaves its folder as it was: an
    /// earlier render's frames untouched, none of its own, no hidden folder; and a folder it
    /// made is taken away again.
    @Test func aCancelledSequenceLeavesItsFolderAsItWas() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let renderer = FrameRenderer()
        let folder = root + "/frames"
        _ = try RenderLoop.run(frames: 0..<3, sink: try PNGSequenceSink(folder: folder), pixels: { try renderer.render(busy($0)) })
        let before = try contents(folder)
        #expect(before.count == 3)
        let sink = try PNGSequenceSink(folder: folder)
        for frame in 0..<6 { try sink.consume(try renderer.render(busy(frame + 10)), index: frame) }
        sink.cancel()
        #expect(try contents(folder) == before)

        let fresh = root + "/fresh/frames"
        let other = try PNGSequenceSink(folder: fresh)
        try other.consume(try renderer.render(busy(1)), index: 0)
        other.cancel()
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    /// A live sequence (the kiosk's demo display) shows each frame under its name as soon as it
    /// is written, before the render ends.
    @Test func aLiveSequenceShowsEachFrameAsItIsWritten() throws {
        let folder = try makeTemporaryFolder() + "/live"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sink = try PNGSequenceSink(folder: folder, workers: 1, live: true)
        try sink.consume(try FrameRenderer().render(busy(2)), index: 2)
        let path = folder + "/" + PNGSequenceSink.fileName(ofFrame: 2)
        waitUntil(timeout: 30) { FileManager.default.fileExists(atPath: path) }
        #expect(FileManager.default.fileExists(atPath: path), "the frame is there before the render finishes")
        sink.cancel()
        #expect(try contents(folder).keys.sorted() == [PNGSequenceSink.fileName(ofFrame: 2)])
    }

    @Test func aSinglePNG() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nested/still.png"
        let renderer = FrameRenderer()
        let outputs = try RenderLoop.run(frames: 12..<13, sink: try SinglePNGSink(path: path), pixels: { try renderer.render(busy($0)) })
        #expect(outputs == [path])
        let decoded = try #require(ImageSurface.readWithCairo(from: path))
        #expect(frameBytes(decoded.pixels) == (try frameBytes(FrameRenderer().render(busy(12)))))
        #expect(try leftovers(in: folder + "/nested").isEmpty)
    }

    @Test func anUnwritableFolderIsReported() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A folder cannot be made inside a regular file.
        _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data([1]))
        #expect(throws: OutputError.self) { try PNGSequenceSink(folder: folder + "/file/frames") }
        #expect(throws: OutputError.self) { try SinglePNGSink(path: folder + "/file/x.png") }
        #expect(throws: OutputError.self) {
            try FFmpegVideoSink(path: folder + "/file/x.mp4", format: .mp4, width: 320, height: 180, framesPerSecond: 30)
        }
    }

    @Test(arguments: [(VideoFormat.mp4, "h264"), (.webm, "vp9"), (.gif, "gif")])
    func videoThroughFFmpeg(format: VideoFormat, codec: String) throws {
        let folder = try makeTemporaryFolder("video\(format)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.\(format.rawValue)"
        let sink = try FFmpegVideoSink(path: path, format: format, width: 320, height: 180, framesPerSecond: 24)
        let renderer = FrameRenderer()
        let outputs = try RenderLoop.run(frames: 0..<12, sink: sink, pixels: { try renderer.render(busy($0)) })
        #expect(outputs == [path])
        let info = try MediaProbe.probe(path, entries: "stream=codec_name,width,height,pix_fmt,nb_read_frames")
        #expect(info["codec_name"] == codec)
        #expect(info["width"] == "320" && info["height"] == "180")
        #expect(info["nb_read_frames"] == "12")
        if format != .gif { #expect(info["pix_fmt"] == "yuv420p") }
        let duration = try MediaProbe.probe(path, entries: "format=duration")["duration"].flatMap(Double.init) ?? 0
        #expect(abs(duration - 0.5) < 0.06, "duration \(duration)")
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test(arguments: [(VideoFormat.mp4, "aac"), (.webm, "opus")])
    func soundIsMuxedIn(format: VideoFormat, codec: String) throws {
        let folder = try makeTemporaryFolder("sound\(format)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wav = folder + "/tone.wav"
        try writeToneWAV(to: wav, seconds: 1)
        let path = folder + "/clip.\(format.rawValue)"
        let sink = try FFmpegVideoSink(path: path, format: format, width: 320, height: 180, framesPerSecond: 20, audio: wav)
        let renderer = FrameRenderer()
        _ = try RenderLoop.run(frames: 0..<20, sink: sink, pixels: { try renderer.render(busy($0)) })
        let audio = try MediaProbe.probe(path, stream: "a:0", entries: "stream=codec_name")
        #expect(audio["codec_name"] == codec)
        #expect(try MediaProbe.probe(path, entries: "stream=nb_read_frames")["nb_read_frames"] == "20")
    }

    @Test func aboutSixtyFourMegabytesOfFramesWaitForFFmpeg() {
        // yuv420p at 720p, 1080p and 4K; BGRA at 720p (a GIF); a thumbnail; an absurd frame.
        #expect(FFmpegVideoSink.queuedFrames(frameBytes: 1280 * 720 * 3 / 2) == 48)
        #expect(FFmpegVideoSink.queuedFrames(frameBytes: 1920 * 1080 * 3 / 2) == 21)
        #expect(FFmpegVideoSink.queuedFrames(frameBytes: 3840 * 2160 * 3 / 2) == 5)
        #expect(FFmpegVideoSink.queuedFrames(frameBytes: 1280 * 720 * 4) == 18)
        #expect(FFmpegVideoSink.queuedFrames(frameBytes: 160 * 90 * 3 / 2) == 64)
        #expect(FFmpegVideoSink.queuedFrames(frameBytes: 7680 * 4320 * 4) == 3)
    }

    @Test func aMissingFFmpegIsReported() throws {
        let empty = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        do {
            _ = try FFmpegVideoSink(path: empty + "/x.mp4", format: .mp4, width: 320, height: 180, framesPerSecond: 30,
                                    searchPath: empty)
            Issue.record("no error")
        } catch let error as OutputError {
            guard case .toolMissing(let message) = error else { return #expect(Bool(false), "\(error)") }
            #expect(message.contains("ffmpeg not found"))
        }
    }

    @Test func aFailingFFmpegLeavesNothingAndSaysWhy() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A "sound file" that is not a sound file makes ffmpeg give up.
        let bogus = folder + "/not-a.wav"
        _ = FileManager.default.createFile(atPath: bogus, contents: Data("hello".utf8))
        let path = folder + "/clip.mp4"
        do {
            let sink = try FFmpegVideoSink(path: path, format: .mp4, width: 320, height: 180, framesPerSecond: 30, audio: bogus)
            let renderer = FrameRenderer()
            _ = try RenderLoop.run(frames: 0..<60, sink: sink, pixels: { try renderer.render(busy($0)) })
            Issue.record("no error")
        } catch let error as OutputError {
            guard case .toolFailed(let message) = error else { return #expect(Bool(false), "\(error)") }
            #expect(message.hasPrefix("ffmpeg failed"))
            #expect(message.count > "ffmpeg failed (exit 1)".count, "no reason given: \(message)")
            #expect(!message.contains("\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try leftovers(in: folder).isEmpty)
    }
}
