import Foundation
import Output
import Render
import Scene
#if canImport(Glibc)
import Glibc
#endif

/// The render figures of issue 5: drawing speed of the default scene at 720p and 1080p (one
/// thread, into memory), whole renders to MP4 and to PNGs at 720p, and how peak memory of a
/// 60-second render compares with a 5-second one (each measured in a child process).
enum RenderBenchmark {
    static func run() -> BenchReport {
        // `aria-bench render --rss-child SECONDS`: the child half of the memory figure.
        if arguments.count >= 3, arguments[1] == "--rss-child", let seconds = Double(arguments[2]) {
            return rssChild(seconds: seconds)
        }
        var report = BenchReport()
        // `aria-bench render --encoder-only`: just `mp4_vs_encoder`, for quick iterations.
        if arguments.contains("--encoder-only") {
            addEncoderFloor(to: &report)
            return report
        }
        // The same scene with and without the app's screen over it (issue 14: at most 15 % more
        // drawing), measured in turns so that a busy moment of the machine hits both alike.
        var plain = 0.0, withHUD = 0.0
        for _ in 0..<3 {
            plain = max(plain, drawFPS(width: 1280, height: 720))
            withHUD = max(withHUD, drawFPS(width: 1280, height: 720, hud: true))
        }
        report.add("draw_fps_720p", plain, decimals: 1)
        report.add("draw_fps_720p_hud", withHUD, decimals: 1)
        report.add("hud_draw_share", hudDrawShare(), decimals: 3)
        if arguments.contains("--hud-parts") {
            // Each part of the HUD alone, for finding what its share is spent on (printed only).
            let parts: [(String, (inout HUDConfiguration) -> Void)] = [
                ("bar", { $0.picker = false; $0.touches = false }),
                ("picker", { $0.actionBar = false; $0.touches = false }),
                ("touches+captions", { $0.actionBar = false; $0.picker = false }),
            ]
            for (name, keep) in parts { print(String(format: "render: HUD share of %@ alone %.3f", name, hudDrawShare(parts: keep))) }
        }
        report.add("draw_fps_1080p", drawFPS(width: 1920, height: 1080), decimals: 1)
        // `aria-bench render --draw-only`: just the drawing figures, for quick iterations.
        if arguments.contains("--draw-only") { return report }
        report.add("mp4_fps_720p", sinkFPS(name: "default.mp4") { path, simulation in
            try FFmpegVideoSink(path: path, format: .mp4, width: 1280, height: 720,
                                framesPerSecond: simulation.clock.framesPerSecond)
        }, decimals: 1)
        addEncoderFloor(to: &report)
        report.add("png_fps_720p", sinkFPS(name: "frames") { path, _ in try PNGSequenceSink(folder: path) }, decimals: 1)
        let short = childPeakRSS(seconds: 5), long = childPeakRSS(seconds: 60)
        printError("render: peak RSS \(short) KiB for 5 s, \(long) KiB for 60 s")
        report.add("peak_rss_ratio", short > 0 ? Double(long) / Double(short) : -1, decimals: 3)
        return report
    }

    private static func addEncoderFloor(to report: inout BenchReport) {
        let floor = EncoderFloorBenchmark.ratio()
        report.add("mp4_vs_encoder", floor.ratio, decimals: 3)
        report.add("mp4_render_s", floor.render, decimals: 3)
        report.add("mp4_encoder_alone_s", floor.encoder, decimals: 3)
        report.add("mp4_vs_encoder_cpu", floor.cpuRatio, decimals: 3)
    }

    private static func simulation(width: Int, height: Int, seconds: Double? = nil, hud: Bool = false,
                                   parts: (inout HUDConfiguration) -> Void = { _ in }) -> SceneSimulation {
        var scene = SceneLoader.defaultScene
        if let seconds { scene.duration = seconds }
        if hud { scene = withHUD(scene); parts(&scene.hud!) }
        return SceneSimulation(scene: scene, width: width, height: height)
    }

    /// The default scene with the app's screen: picker, action bar, the fingers of its
    /// gestures, and a caption every three seconds.
    private static func withHUD(_ scene: SceneDescription) -> SceneDescription {
        var scene = scene
        scene.hud = HUDConfiguration(pointsWide: 844, hint: .dance)
        var timeline = scene.timeline
        for time in stride(from: 0.5, to: scene.duration, by: 3) {
            timeline.append(TimelineEntry(time: time, input: .ui(.caption(Caption(text: "Clap your hands!", duration: 2)))))
        }
        return SceneDescription(name: scene.name, canvasWidth: scene.canvasWidth, canvasHeight: scene.canvasHeight,
                                framesPerSecond: scene.framesPerSecond, simulationRate: scene.simulationRate,
                                seed: scene.seed, duration: scene.duration, backdrop: scene.backdrop,
                                settings: scene.settings, limits: scene.limits, selectedKind: scene.selectedKind,
                                characters: scene.characters, timeline: timeline, clapAudio: scene.clapAudio, hud: scene.hud)
    }

    /// Simulate and draw every frame of the default scene, best of three runs.
    private static func drawFPS(width: Int, height: Int, hud: Bool = false) -> Double {
        var best = 0.0
        var particles = 0, frames = 0
        for _ in 0..<3 {
            let simulation = simulation(width: width, height: height, hud: hud)
            let renderer = FrameRenderer()
            frames = simulation.frameCount
            particles = 0
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for frame in 0..<frames {
                    simulation.advance(toFrame: frame)
                    let snapshot = simulation.snapshot()
                    particles = max(particles, snapshot.particles.count)
                    _ = try? renderer.render(snapshot)
                }
            }
            best = max(best, Double(frames) / seconds(elapsed))
        }
        if hud {
            printError("render: \(width)x\(height) default scene with the HUD, \(frames) frames")
            return best
        }
        printError("render: \(width)x\(height) default scene, \(frames) frames, up to \(particles) particles; "
                   + breakdown(width: width, height: height))
        return best
    }

    /// The HUD's drawing time over the scene's, at 720p: each frame of the default scene with
    /// the HUD drawn twice in turn, without its HUD and with it (two renderers, each with its
    /// caches), so that the machine's load weighs on both alike; the least of four passes.
    private static func hudDrawShare(parts: (inout HUDConfiguration) -> Void = { _ in }) -> Double {
        var best = Double.infinity
        // The renderers keep their caches from pass to pass: the figure is the steady cost of
        // a frame, the HUD's static parts made once (the first pass pays for making them).
        let bare = FrameRenderer(), dressed = FrameRenderer()
        for _ in 0..<4 {
            let simulation = simulation(width: 1280, height: 720, hud: true, parts: parts)
            var without = Duration.zero, with = Duration.zero
            let clock = ContinuousClock()
            for frame in 0..<simulation.frameCount {
                simulation.advance(toFrame: frame)
                let snapshot = simulation.snapshot()
                var scene = snapshot
                scene.hud = nil
                without += clock.measure { _ = try? bare.render(scene) }
                with += clock.measure { _ = try? dressed.render(snapshot) }
            }
            best = min(best, seconds(with) / seconds(without) - 1)
        }
        return best
    }

    /// Milliseconds per frame spent on each layer: the room alone, then with the princesses,
    /// then with the particles, over the whole default scene (printed, not reported).
    private static func breakdown(width: Int, height: Int) -> String {
        let layers: [(String, (inout SceneSnapshot) -> Void)] = [
            ("room", { $0.characters = []; $0.particles = [] }),
            ("room+princesses", { $0.particles = [] }),
            ("room+particles", { $0.characters = [] }),
        ]
        return layers.map { name, strip in
            let simulation = simulation(width: width, height: height)
            let renderer = FrameRenderer()
            let frames = simulation.frameCount
            var drawing = Duration.zero
            let clock = ContinuousClock()
            for frame in 0..<frames {
                simulation.advance(toFrame: frame)
                var snapshot = simulation.snapshot()
                strip(&snapshot)
                drawing += clock.measure { _ = try? renderer.render(snapshot) }
            }
            return name + String(format: " %.2f ms", seconds(drawing) * 1000 / Double(frames))
        }.joined(separator: ", ")
    }

    /// A whole render of the default scene at 720p into a sink, frames per wall second.
    private static func sinkFPS(name: String, _ makeSink: (String, SceneSimulation) throws -> FrameSink) -> Double {
        let folder = NSTemporaryDirectory() + "aria-bench-render-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulation = simulation(width: 1280, height: 720)
        let clock = ContinuousClock()
        var failure: Error?
        let elapsed = clock.measure {
            do {
                let sink = try makeSink(folder + "/" + name, simulation)
                _ = try RenderLoop.run(frames: 0..<simulation.frameCount, renderer: FrameRenderer(), sink: sink) { frame in
                    simulation.advance(toFrame: frame)
                    return simulation.snapshot()
                }
            } catch {
                failure = error
            }
        }
        if let failure {
            printError("render: \(name) failed: \(failure)")
            return -1
        }
        return Double(simulation.frameCount) / seconds(elapsed)
    }

    /// Runs this program again to render `seconds` of the default scene to MP4 and report its
    /// peak resident memory in KiB.
    private static func childPeakRSS(seconds: Double) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["render", "--rss-child", String(seconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return -1 }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = output.range(of: "\"peak_rss_kib\": ") else { return -1 }
        return Int(output[range.upperBound...].prefix { $0.isNumber }) ?? -1
    }

    private static func rssChild(seconds: Double) -> BenchReport {
        let folder = NSTemporaryDirectory() + "aria-bench-rss-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulation = simulation(width: 1280, height: 720, seconds: seconds)
        var report = BenchReport()
        do {
            let sink = try FFmpegVideoSink(path: folder + "/long.mp4", format: .mp4, width: 1280, height: 720,
                                           framesPerSecond: simulation.clock.framesPerSecond)
            _ = try RenderLoop.run(frames: 0..<simulation.frameCount, renderer: FrameRenderer(), sink: sink) { frame in
                simulation.advance(toFrame: frame)
                _ = simulation.drainTrace()
                return simulation.snapshot()
            }
        } catch {
            printError("render: the \(seconds) s render failed: \(error)")
            return report
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        report.add("peak_rss_kib", Double(usage.ru_maxrss), decimals: 0)
        return report
    }
}
