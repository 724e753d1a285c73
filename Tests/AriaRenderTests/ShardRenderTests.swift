import Foundation
import TestSupport
import Testing

/// `render --shard` and `assemble`, end to end: pieces compared with a single render by bytes
/// (PNG), by ffprobe and PSNR against the frames' PNGs (video) and by decoded samples (sound).
@Suite struct ShardRenderTests {
    private func temporaryFolder(_ label: String = #function) throws -> String {
        let path = NSTemporaryDirectory() + "shard-render-\(label.filter(\.isLetter))-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func tool(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> Subprocess.Result {
        try AriaRenderTool.run(arguments, in: folder, environment: environment)
    }

    /// The pts of every video packet, in order.
    private func packetTimes(_ path: String) throws -> [String] {
        let text = try MediaProbe.output(of: "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts",
                                                         "-of", "csv=p=0", path])
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init).sorted { Int($0)! < Int($1)! }
    }

    /// The decoded sound track as 16-bit PCM.
    private func decodedSound(_ path: String) throws -> Data {
        try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-f", "s16le", "-"])
    }

    /// PSNR (dB, over Y, U and V) of each decoded frame of `video` against `pngs`' frames from `first`.
    private func psnr(_ video: String, pngs: String, first: Int) throws -> [Double] {
        let stats = pngs + "/psnr.txt"
        _ = try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", video, "-framerate", "30", "-start_number", "\(first)",
            "-i", pngs + "/frame_%05d.png", "-lavfi",
            "[1:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[b];[0:v][b]psnr=stats_file=\(stats)", "-f", "null", "-"])
        let text = try String(contentsOfFile: stats, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }.flatMap { Double($0.dropFirst(9)) }
        }
    }

    @Test func pngShardsAreByteIdenticalToASingleRender() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", "--size", "320x180", "--frames", "10-39", "--quiet"]
        for index in 0..<3 {
            let outcome = try tool(common + ["--shard", "\(index)/3", "--piece", "png", "-o", "farm"], in: folder)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        #expect(try tool(common + ["-o", "single/"], in: folder).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/single").sorted()
        #expect(names.count == 30)
        for name in names {
            let shard = FileManager.default.contents(atPath: folder + "/farm/" + name)
            #expect(shard != nil && shard == FileManager.default.contents(atPath: folder + "/single/" + name), "\(name)")
        }
        let checked = try tool(["assemble", "farm"], in: folder)
        #expect(checked.status == 0 && checked.standardError.contains("3 pieces"), "\(checked.standardError)")
    }

    @Test func videoAssembledFromShardsHasTheFramesTimesAndSoundOfASingleRender() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", "--frames", "0-59", "--quiet"]
        for index in 0..<3 {
            let outcome = try tool(common + ["--shard", "\(index)/3", "-o", "farm"], in: folder)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        let joined = try tool(["assemble", "farm", "-o", "joined.mp4"], in: folder)
        #expect(joined.status == 0, "\(joined.standardError)")
        #expect(try tool(common + ["-o", "single.mp4"], in: folder).status == 0)
        #expect(try tool(common + ["-o", "pngs/"], in: folder).status == 0)

        let entries = "stream=codec_name,pix_fmt,width,height,nb_read_frames,duration,color_space,color_primaries,color_transfer,color_range"
        let single = try MediaProbe.probe(folder + "/single.mp4", entries: entries)
        let assembled = try MediaProbe.probe(folder + "/joined.mp4", entries: entries)
        #expect(assembled["nb_read_frames"] == "60")
        #expect(assembled == single)
        #expect(try MediaProbe.probe(folder + "/joined.mp4", entries: "format=duration")
                == MediaProbe.probe(folder + "/single.mp4", entries: "format=duration"))
        #expect(try packetTimes(folder + "/joined.mp4") == packetTimes(folder + "/single.mp4"))
        // Each frame as close to its PNG as a single render's frames are.
        let frames = try psnr(folder + "/joined.mp4", pngs: folder + "/pngs", first: 0)
        #expect(frames.count == 60)
        #expect(frames.allSatisfy { $0 >= 45 }, "PSNR \(frames.min() ?? 0) dB")
        // The sound: one AAC encoding of the whole scene, so the same samples as a single render's.
        let sound = try decodedSound(folder + "/joined.mp4")
        #expect(sound.count > 48_000 * 4)
        #expect(sound == (try decodedSound(folder + "/single.mp4")))
    }

    @Test func assembleNamesTheMissingAndTheForeignPiece() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", "--size", "160x90", "--frames", "0-11", "--quiet", "--no-sound"]
        for index in [0, 1, 3] {
            #expect(try tool(common + ["--shard", "\(index)/4", "-o", "farm"], in: folder).status == 0)
        }
        let missing = try tool(["assemble", "farm", "-o", "out.mp4"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardError == "aria-render: farm lacks 1 of 4 pieces: shard 2/4 (frames 6-8); re-run that shard\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.mp4"))
        // Shard 2 of another seed's render is foreign.
        let other = folder + "/other.yaml"
        let text = try String(contentsOfFile: RepositoryRoot.url.appendingPathComponent("Scenes/princess/default.yaml").path, encoding: .utf8)
        try text.replacingOccurrences(of: "seed: 2024", with: "seed: 7").write(toFile: other, atomically: true, encoding: .utf8)
        #expect(try tool(["render", other] + common.dropFirst() + ["--shard", "2/4", "-o", "farm"], in: folder).status == 0)
        let foreign = try tool(["assemble", "farm", "-o", "out.mp4"], in: folder)
        #expect(foreign.status == 2)
        #expect(foreign.standardError.hasPrefix("aria-render: farm/piece-00002-of-00004.json is a foreign piece: its scene hash is "),
                "\(foreign.standardError)")
        // Re-running the shard alone completes the set.
        #expect(try tool(common + ["--shard", "2/4", "-o", "farm"], in: folder).status == 0)
        let done = try tool(["assemble", "farm", "-o", "out.mp4"], in: folder)
        #expect(done.status == 0, "\(done.standardError)")
        #expect(try MediaProbe.probe(folder + "/out.mp4", entries: "stream=nb_read_frames")["nb_read_frames"] == "12")
    }

    @Test func aKilledShardLeavesNothingAssembleWouldTake() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", "--size", "640x360", "--frames", "0-299", "--quiet", "--no-sound"]
        #expect(try tool(common + ["--shard", "0/2", "-o", "farm"], in: folder).status == 0)
        let running = try AriaRenderTool.start(common + ["--shard", "1/2", "-o", "farm"], in: folder)
        // Killed while its segment is being written.
        try waitFor("shard 1 to write its segment", within: 60, stillPossible: { running.isRunning }) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/farm")) ?? []).contains(where: { $0.hasPrefix(".piece-00001") })
        }
        running.send(SIGKILL)
        running.finish(timeout: 10)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/farm")
        #expect(!names.contains("piece-00001-of-00002.json"), "\(names)")
        let incomplete = try tool(["assemble", "farm", "-o", "out.mp4"], in: folder)
        // Shard 0's manifest holds the split both shards computed; the busier second half of
        // the scene leaves shard 0 more than half the frames.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/farm/piece-00000-of-00002.json")))
        let end = (((manifest as? [String: Any])?["frames"] as? [String: Any])?["last"] as? Int) ?? -1
        #expect(end >= 150 && end < 298, "shard 0 ends at \(end)")
        #expect(incomplete.status == 2 && incomplete.standardError.contains("shard 1/2 (frames \(end + 1)-299)"), "\(incomplete.standardError)")
        #expect(try tool(common + ["--shard", "1/2", "-o", "farm"], in: folder).status == 0)
        #expect(try tool(["assemble", "farm", "-o", "out.mp4"], in: folder).status == 0)
        #expect(try MediaProbe.probe(folder + "/out.mp4", entries: "stream=nb_read_frames")["nb_read_frames"] == "300")
    }

    @Test func shardAutoReadsTheEngineOrSaysWhatItSaw() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", "--size", "160x90", "--frames", "0-9", "--quiet", "--piece", "png", "-o", "farm"]
        let slurm = try tool(common + ["--shard", "auto"], in: folder,
                             environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"])
        #expect(slurm.status == 0, "\(slurm.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/farm/frame_00005.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/farm/frame_00004.png"))
        let kubernetes = try tool(common + ["--shard", "auto/2"], in: folder, environment: ["JOB_COMPLETION_INDEX": "0"])
        #expect(kubernetes.status == 0, "\(kubernetes.standardError)")
        #expect(try tool(["assemble", "farm"], in: folder).status == 0)
        let inconsistent = try tool(common + ["--shard", "auto/3"], in: folder,
                                    environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"])
        #expect(inconsistent.status == 2)
        #expect(inconsistent.standardError
                == "aria-render: --shard auto: CI_NODE_INDEX says 2 shards but --shard auto/3 says 3 (seen: CI_NODE_INDEX=1 CI_NODE_TOTAL=2)\n")
        let bad = try tool(common + ["--shard", "3/2"], in: folder)
        #expect(bad.status == 2 && bad.standardError.split(separator: "\n").count == 1)
        let file = try tool(["render", "--shard", "0/2", "-o", "final.mp4"], in: folder)
        #expect(file.status == 2 && file.standardError.contains("-o is the shared folder for the pieces"))
    }
}
