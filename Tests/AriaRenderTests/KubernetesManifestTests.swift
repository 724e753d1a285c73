import Foundation
import TestSupport
import Testing
import Yams

/// deploy/k8s, checked as far as this machine can without a cluster: the manifests parse, the
/// Indexed Job has what `render --shard auto` needs, every volume and claim is the same one,
/// the commands are ones the tool accepts, and the Dockerfile is a multi-stage Debian 12 build.
@Suite struct KubernetesManifestTests {
    private let folder = RepositoryRoot.path + "/deploy/k8s/"

    private func document(_ name: String) throws -> [String: Any] {
        let text = try String(contentsOfFile: folder + name, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any], "\(name) is not one YAML mapping")
    }

    private func podSpec(_ job: [String: Any]) throws -> [String: Any] {
        let spec = try #require(job["spec"] as? [String: Any])
        let template = try #require(spec["template"] as? [String: Any])
        return try #require(template["spec"] as? [String: Any])
    }

    private func container(_ job: [String: Any]) throws -> [String: Any] {
        let containers = try #require(try podSpec(job)["containers"] as? [[String: Any]])
        try #require(containers.count == 1)
        return containers[0]
    }

    /// The claim each mounted volume refers to, by mount path.
    private func mounts(_ job: [String: Any]) throws -> [String: [String: Any]] {
        let volumes = try #require(try podSpec(job)["volumes"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: volumes.map { ($0["name"] as? String ?? "", $0) })
        var result: [String: [String: Any]] = [:]
        for mount in try #require(try container(job)["volumeMounts"] as? [[String: Any]]) {
            let name = try #require(mount["name"] as? String)
            let path = try #require(mount["mountPath"] as? String)
            let volume = try #require(byName[name], "volume \(name) is mounted but not declared")
            result[path] = volume
        }
        return result
    }

    @Test func theRenderJobIsAnIndexedJobThatTellsEachPodItsShard() throws {
        let job = try document("render-job.yaml")
        #expect(job["apiVersion"] as? String == "batch/v1" && job["kind"] as? String == "Job")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        let parallelism = try #require(spec["parallelism"] as? Int)
        #expect(completions >= 2 && parallelism >= 1 && parallelism <= completions)
        #expect(try podSpec(job)["restartPolicy"] as? String == "Never")
        let render = try container(job)
        let args = try #require(render["args"] as? [String])
        #expect(Array(args.prefix(1)) == ["render"])
        #expect(args.firstIndex(of: "--shard").map { args[$0 + 1] } == "auto")
        // The count the pods read must be the Job's own.
        let env = try #require(render["env"] as? [[String: Any]])
        #expect(env.first { $0["name"] as? String == "ARIA_SHARD_COUNT" }?["value"] as? String == String(completions))
        // Pieces go to the shared claim; the scene comes from its ConfigMap.
        let output = try #require(args.firstIndex(of: "-o").map { args[$0 + 1] })
        let volumes = try mounts(job)
        let shared = try #require(volumes.first { output.hasPrefix($0.key + "/") }, "\(output) is on no mounted volume")
        #expect((shared.value["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String == "aria-render-farm")
        let scene = try #require(args.dropFirst().first)
        #expect(volumes.contains { scene.hasPrefix($0.key + "/") && $0.value["configMap"] != nil }, "\(scene)")
    }

    @Test func theAssembleJobReadsTheSameClaimAndFolder() throws {
        let render = try document("render-job.yaml"), assemble = try document("assemble-job.yaml")
        let renderArgs = try #require(try container(render)["args"] as? [String])
        let args = try #require(try container(assemble)["args"] as? [String])
        #expect(args.first == "assemble")
        #expect(args.dropFirst().first == renderArgs.firstIndex(of: "-o").map { renderArgs[$0 + 1] })
        let final = try #require(args.firstIndex(of: "-o").map { args[$0 + 1] })
        #expect(final.hasSuffix(".mp4"))
        let volumes = try mounts(assemble)
        #expect(volumes.contains { final.hasPrefix($0.key + "/")
            && ($0.value["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String == "aria-render-farm" })
        #expect(try container(assemble)["image"] as? String == container(render)["image"] as? String)
        let claim = try document("volume.yaml")
        #expect(claim["kind"] as? String == "PersistentVolumeClaim")
        #expect((claim["metadata"] as? [String: Any])?["name"] as? String == "aria-render-farm")
        #expect(((claim["spec"] as? [String: Any])?["accessModes"] as? [String]) == ["ReadWriteMany"])
    }

    @Test func theCommandsAreOnesTheToolAccepts() throws {
        for (name, command) in [("render-job.yaml", "render"), ("assemble-job.yaml", "assemble")] {
            let args = try #require(try container(try document(name))["args"] as? [String])
            let help = try AriaRenderTool.run([command, "--help"]).standardOutput
            for option in args where option.hasPrefix("-") {
                #expect(help.contains(option), "\(name): \(command) has no option \(option)")
            }
        }
    }

    @Test func theDockerfileBuildsOnDebian12AndShipsOnlyTheRuntime() throws {
        let text = try String(contentsOfFile: folder + "Dockerfile", encoding: .utf8)
        let stages = text.split(separator: "\n").filter { $0.hasPrefix("FROM ") }
        #expect(stages.count == 2)
        #expect(stages.allSatisfy { $0.contains("bookworm") }, "\(stages)")  // Debian 12
        #expect(stages.first?.hasSuffix(" AS build") == true)
        #expect(text.contains("COPY --from=build "))
        #expect(text.contains("swift build -c release --product aria-render"))
        // The run-time libraries of every C library the package links, and ffmpeg.
        let runtime = try #require(text.components(separatedBy: "AS runtime").last)
        for package in ["libcairo2 ", "libpango-1.0-0 ", "librsvg2-2 ", "libpulse0 ", "libxcb1 ", "libdeflate0 ", "libisal2 ",
                        "libespeak-ng1 ", "libssl3 ", "libsqlite3-0 ", "ffmpeg"] {
            #expect(runtime.contains(package), "the runtime stage lacks \(package)")
        }
        #expect(!runtime.contains("-dev"), "the runtime stage installs build packages")
        #expect(text.contains("ENTRYPOINT [\"aria-render\"]"))
    }
}
