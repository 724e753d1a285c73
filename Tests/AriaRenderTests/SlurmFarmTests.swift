import Foundation
import TestSupport
import Testing

/// deploy/slurm/render-array.sh on a real one-node Slurm cluster (munged, slurmctld, slurmd,
/// started here and stopped whatever happens): a 4-task render array and its dependent
/// assemble job, compared with a single-process render.
@Suite(.serialized) struct SlurmFarmTests {
    @Test func aFourTaskArrayAndItsAssembleJobMakeTheSingleRender() throws {
        let folder = NSTemporaryDirectory() + "slurm-farm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = RepositoryRoot.path + "/scripts/slurm-cluster.sh"
        let cluster = folder + "/cluster"
        defer {
            _ = try? Subprocess.run(script, ["stop", cluster], timeout: 30)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let started = try Subprocess.run(script, ["start", cluster], timeout: 60)
        try #require(started.status == 0, "the cluster did not start: \(started.standardError)")
        let environment = ["SLURM_CONF": cluster + "/slurm.conf", "ARIA_RENDER": try #require(AriaRenderTool.path)]
        let pids = try ["munged", "slurmctld", "slurmd"].map { name in
            try #require(Int32(try String(contentsOfFile: "\(cluster)/\(name).pid", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        let frames = ["--size", "320x180", "--frames", "0-59"]
        let submitted = try Subprocess.run(RepositoryRoot.path + "/deploy/slurm/render-array.sh",
                                           ["-n", "4", "-p", folder + "/pieces", "-o", folder + "/final.mp4", "--"] + frames,
                                           environment: environment, in: folder, timeout: 60)
        try #require(submitted.status == 0, "sbatch: \(submitted.standardError)")
        let jobs = submitted.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        try #require(jobs.count == 2, "\(submitted.standardOutput)")

        // Wait until the queue is empty: the array, then the job that depends on it.
        var queue = "?"
        try waitUntil(every: 0.5, timeout: 300) {
            queue = try Subprocess.run("squeue", ["-h"], environment: environment, timeout: 30).standardOutput
            return queue.isEmpty
        }
        #expect(queue.isEmpty, "still queued: \(queue)")
        for job in jobs {
            let shown = try Subprocess.run("scontrol", ["show", "job", job], environment: environment, timeout: 30).standardOutput
            #expect(shown.contains("JobState=COMPLETED"), "\(shown)")
        }
        let array = try Subprocess.run("scontrol", ["show", "job", jobs[0]], environment: environment, timeout: 30).standardOutput
        #expect(array.components(separatedBy: "ArrayTaskId=").count - 1 == 4, "\(array)")
        let assemble = try Subprocess.run("scontrol", ["show", "job", jobs[1]], environment: environment, timeout: 30).standardOutput
        #expect(assemble.contains("Dependency=") , "\(assemble)")
        let pieces = try FileManager.default.contentsOfDirectory(atPath: folder + "/pieces").filter { $0.hasSuffix(".json") }
        #expect(pieces.count == 4)

        // The same render in one process.
        let single = try AriaRenderTool.run(["render"] + frames + ["-o", "single.mp4", "--quiet"], in: folder)
        #expect(single.status == 0)
        let entries = "stream=codec_name,width,height,nb_read_frames,duration,color_space"
        #expect(try MediaProbe.probe(folder + "/final.mp4", entries: entries) == MediaProbe.probe(folder + "/single.mp4", entries: entries))
        #expect(try MediaProbe.probe(folder + "/final.mp4", entries: "stream=nb_read_frames")["nb_read_frames"] == "60")
        let times = { (path: String) throws -> [Int] in
            String(decoding: try MediaProbe.output(of: "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                  "packet=pts", "-of", "csv=p=0", path]), as: UTF8.self)
                .split(separator: "\n").compactMap { Int($0) }.sorted()
        }
        #expect(try times(folder + "/final.mp4") == times(folder + "/single.mp4"))
        let sound = { (path: String) throws -> Data in
            try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-f", "s16le", "-"])
        }
        #expect(try sound(folder + "/final.mp4") == sound(folder + "/single.mp4"))

        // Every daemon this test started is stopped.
        _ = try Subprocess.run(script, ["stop", cluster], timeout: 30)
        waitUntil(timeout: 10) { pids.allSatisfy { kill($0, 0) != 0 || isZombie($0) } }
        for pid in pids { #expect(kill(pid, 0) != 0 || isZombie(pid), "pid \(pid) still runs") }
    }

    private func isZombie(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
    }
}
