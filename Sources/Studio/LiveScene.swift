import Foundation
import GameKit
import Golden
import Output
import Rendering
import Scene
import Trace

/// The scene the studio shows, as the page sees it: the last version that opened (its
/// generation, its frames drawn on demand by the game's own run and kept, its trace marks
/// and soundtrack) and the problems of the file as it is now, if it does not open. A broken
/// save never replaces the last good version: the page keeps showing its frames.
/// Every method may be called from any thread; frames are drawn one at a time.
public final class LiveScene: @unchecked Sendable {
    /// A version of the scene that opened.
    struct Version {
        let generation: Int
        let opened: OpenedScene
        let recorded: RecordedClaps
        let options: RunOptions
        let frameCount: Int
        let framesPerSecond: Int
        let width: Int
        let height: Int
    }

    /// The scene file (nil: the built-in scene of `game`); another of its folder once `open(path:)` switched.
    public var path: String? { locked { currentPath } }
    private var currentPath: String?
    private var game: String?
    private let catalogue: GameCatalogue
    private let previewLimit: (width: Int, height: Int)?
    private let lock = NSLock()
    private var version: Version?
    private var problems: [String] = []
    private var generationCounter = 0
    // The run that draws frames only goes forward: a frame before it takes a new one.
    private var run: (any GameRun)?
    private var runFrame = -1
    private var frames = FrameCache(capacity: 400)
    private var marks: (generation: Int, timeline: TraceTimeline, warnings: [String])?
    private var soundtrack: (generation: Int, wav: Data)?
    private let encoder = PNGEncoder(effort: .fast)
    private let scratchFolder: String

    /// The scene at `path` (the built-in scene of `game` when nil), drawn to fit within
    /// `previewLimit` (its own size when nil), opened at once; a file that does not open
    /// leaves its problems to show.
    public init(path: String?, game: String? = nil, catalogue: GameCatalogue, previewLimit: (width: Int, height: Int)?) {
        currentPath = path
        self.game = game
        self.catalogue = catalogue
        self.previewLimit = previewLimit
        scratchFolder = NSTemporaryDirectory() + "aria-studio-\(getpid())-\(UUID().uuidString.prefix(8))"
        _ = reload()
    }

    deinit { try? FileManager.default.removeItem(atPath: scratchFolder) }

    /// What a reload found.
    public enum ReloadOutcome: Equatable, Sendable {
        /// A new version opened, with this generation.
        case opened(generation: Int)
        /// The file has problems, one `file:line:column: message` each; the last good version stays.
        case failed([String])
    }

    /// Reads the scene file again, validates it and makes it the version shown when it opens.
    @discardableResult
    public func reload() -> ReloadOutcome {
        lock.lock(); defer { lock.unlock() }
        do {
            let opened = try currentPath.map { try catalogue.open(path: $0) } ?? catalogue.builtIn(game)
            let recorded = try RecordedClaps(scene: opened.scene, recording: nil)
            var options = RunOptions()
            let header = opened.scene.header
            if let limit = previewLimit {
                let scale = min(1, min(Double(limit.width) / Double(header.canvasWidth), Double(limit.height) / Double(header.canvasHeight)))
                if scale < 1 {
                    // Even sizes, as a video of the preview would need.
                    options.width = max(16, Int((Double(header.canvasWidth) * scale / 2).rounded()) * 2)
                    options.height = max(16, Int((Double(header.canvasHeight) * scale / 2).rounded()) * 2)
                }
            }
            let newRun = try opened.game.makeRun(of: recorded.scene, options: options)
            generationCounter += 1
            version = Version(generation: generationCounter, opened: opened, recorded: recorded, options: options,
                              frameCount: newRun.frameCount, framesPerSecond: newRun.clock.framesPerSecond,
                              width: newRun.outputWidth, height: newRun.outputHeight)
            if let previous = run { newRun.adoptDrawingCaches(of: previous) }
            run = newRun
            runFrame = -1
            frames.removeAll()
            problems = []
            return .opened(generation: generationCounter)
        } catch let errors as SceneErrors {
            problems = errors.diagnostics.map(\.description)
        } catch {
            problems = ["\(currentPath ?? "the built-in scene"): \(error)"]
        }
        return .failed(problems)
    }

    /// Shows the scene file at `path` instead (another scene of the opened folder), as a reload does.
    @discardableResult
    public func open(path: String) -> ReloadOutcome {
        locked { currentPath = path }
        return reload()
    }

    /// Shows the built-in scene of the game `id` instead (a game of the lobby).
    @discardableResult
    public func open(game id: String) -> ReloadOutcome {
        locked {
            currentPath = nil
            game = id
        }
        return reload()
    }

    /// The games of the lobby: id and name, in its order.
    public var lobby: [(id: String, name: String)] { catalogue.games.map { ($0.id, $0.info.displayName) } }

    /// The version shown, nil when none ever opened.
    var versionShown: Version? { locked { version } }

    /// Files the version shown uses outside its folder that are watched too: its recording
    /// and the files its game read with it (moves files).
    public var usedFiles: [String] {
        locked { (version?.opened.scene.header.clapAudio.map { [$0] } ?? []) + (version?.opened.scene.usedFiles ?? []) }
    }

    /// The generation of the version shown (0 when none ever opened).
    public var generation: Int {
        lock.lock(); defer { lock.unlock() }
        return version?.generation ?? 0
    }

    /// The problems of the file as it is now (empty when it opened).
    public var currentProblems: [String] {
        lock.lock(); defer { lock.unlock() }
        return problems
    }

    /// The frame `index` (clamped to the scene) of the version shown, as PNG bytes: from the
    /// cache, or drawn by the scene's run. Throws when no version ever opened or drawing fails.
    public func framePNG(_ index: Int) throws -> (generation: Int, frame: Int, png: [UInt8]) {
        lock.lock(); defer { lock.unlock() }
        guard let version else { throw StudioError.noScene(problems) }
        let frame = max(0, min(version.frameCount - 1, index))
        if let png = frames[frame] { return (version.generation, frame, png) }
        if run == nil || frame < runFrame {
            let fresh = try version.opened.game.makeRun(of: version.recorded.scene, options: version.options)
            if let previous = run { fresh.adoptDrawingCaches(of: previous) }
            run = fresh
            runFrame = -1
        }
        guard let run else { throw StudioError.noScene(problems) }
        run.advance(toFrame: frame)
        _ = run.drainTrace()
        runFrame = frame
        let png = try encoder.encode(try run.drawFrame())
        frames[frame] = png
        return (version.generation, frame, png)
    }

    /// What the page shows beside the player, as JSON: the scene's name, game, file, size,
    /// rate, frame count, generation, the problems of the file now, and the trace marks (one
    /// row per character, peer or game object) with their lines.
    public func summaryJSON() throws -> Data {
        let (shown, problems, file) = locked { (version, self.problems, currentPath) }
        var summary: [String: Any] = ["generation": shown?.generation ?? 0, "problems": problems, "file": file ?? ""]
        if let version = shown {
            summary["name"] = version.opened.scene.name
            summary["game"] = version.opened.game.id
            summary["frames"] = version.frameCount
            summary["fps"] = version.framesPerSecond
            summary["width"] = version.width
            summary["height"] = version.height
            let (timeline, warnings) = try traceTimeline(of: version)
            summary["warnings"] = warnings
            summary["timeline"] = ["rows": timeline.rows,
                                   "marks": timeline.marks.map { ["frame": $0.frame, "row": $0.row, "kind": $0.kind, "line": $0.line] }]
        }
        return try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
    }

    /// The timeline of the version shown as the SVG picture `check`'s report draws,
    /// `width` pixels wide, with its generation. Throws when no version ever opened.
    public func timelineSVG(width: Int) throws -> (generation: Int, svg: String) {
        let (shown, problems) = locked { (version, self.problems) }
        guard let version = shown else { throw StudioError.noScene(problems) }
        let timeline = try traceTimeline(of: version).timeline
        return (version.generation, TraceTimelinePicture.svg(timeline, frameCount: version.frameCount,
                                                              framesPerSecond: version.framesPerSecond, width: width))
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    /// The trace of a whole run of `version` (stepped, not drawn) as rows of marks, and the
    /// warnings `validate` prints for it (entries the run refused or clamped), made once per
    /// version. The run is made without holding the lock, so frames asked meanwhile (the
    /// playhead's, first after a reload) are not kept waiting.
    private func traceTimeline(of version: Version) throws -> (timeline: TraceTimeline, warnings: [String]) {
        if let known = locked({ marks }), known.generation == version.generation { return (known.timeline, known.warnings) }
        let traced = try version.opened.game.makeRun(of: version.recorded.scene, options: version.options)
        let reviewer = version.opened.game.makeReviewer(of: version.recorded.scene)
        var events: [TraceEvent] = []
        for frame in 0..<version.frameCount {
            traced.advance(toFrame: frame)
            let stepped = traced.drainTrace()
            reviewer?.add(stepped)
            events += stepped
        }
        let timeline = TraceTimeline(events: events)
        // Named as the file's problems are, the path the scene was opened by.
        let file = locked { currentPath } ?? version.opened.scene.name
        let warnings = reviewer?.review(file: file).warnings.map(\.description) ?? []
        locked { if self.version?.generation == version.generation { marks = (version.generation, timeline, warnings) } }
        return (timeline, warnings)
    }

    /// The contact sheet of the version shown, the PNG `aria-render render SCENE --contact-sheet
    /// every=N` writes (every `every`th frame as a labelled thumbnail, at the scene's own size),
    /// made by the render's own path. Throws when no version ever opened, or the request is one
    /// the render refuses (too many thumbnails: its sentence says so).
    public func contactSheetPNG(every: Int) throws -> Data {
        let (shown, problems) = locked { (version, self.problems) }
        guard let version = shown else { throw StudioError.noScene(problems) }
        try FileManager.default.createDirectory(atPath: scratchFolder, withIntermediateDirectories: true)
        let file = scratchFolder + "/sheet-\(version.generation)-\(UUID().uuidString.prefix(8)).png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var request = RenderRequest(recorded: version.recorded, game: version.opened.game)
        request.output = file
        request.quiet = true
        request.overwrite = true
        request.contactSheet = try ContactSheetRequest.parse("every=\(max(1, every))").get()
        _ = try RenderJob(request).run()
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// The soundtrack the render of the version shown makes (48 kHz stereo WAV bytes), made
    /// once per version by the render's own path.
    public func soundtrackWAV() throws -> Data {
        // Made without holding the lock, as the marks are.
        let (shown, problems, known) = locked { (version, self.problems, soundtrack) }
        guard let version = shown else { throw StudioError.noScene(problems) }
        if let known, known.generation == version.generation { return known.wav }
        try FileManager.default.createDirectory(atPath: scratchFolder, withIntermediateDirectories: true)
        let file = scratchFolder + "/soundtrack-\(version.generation)-\(UUID().uuidString.prefix(8)).wav"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var request = RenderRequest(recorded: version.recorded, game: version.opened.game, options: version.options)
        request.output = file
        request.quiet = true
        request.overwrite = true
        _ = try RenderJob(request).run()
        let wav = try Data(contentsOf: URL(fileURLWithPath: file))
        locked { if self.version?.generation == version.generation { soundtrack = (version.generation, wav) } }
        return wav
    }
}

/// Frames kept as PNG bytes, the oldest dropped past `capacity` frames or `byteLimit` bytes
/// (a 720p frame is about half a megabyte).
struct FrameCache {
    let capacity: Int
    let byteLimit: Int
    private var pngs: [Int: [UInt8]] = [:]
    private var order: [Int] = []
    private(set) var bytes = 0

    init(capacity: Int, byteLimit: Int = 96 << 20) {
        self.capacity = capacity
        self.byteLimit = byteLimit
    }

    subscript(frame: Int) -> [UInt8]? {
        get { pngs[frame] }
        set {
            if let old = pngs[frame] { bytes -= old.count } else if newValue != nil { order.append(frame) }
            pngs[frame] = newValue
            bytes += newValue?.count ?? 0
            while order.count > 1 && (order.count > capacity || bytes > byteLimit) {
                let oldest = order.removeFirst()
                bytes -= pngs[oldest]?.count ?? 0
                pngs[oldest] = nil
            }
        }
    }

    mutating func removeAll() {
        pngs = [:]
        order = []
        bytes = 0
    }
}

/// Why the studio cannot answer a request.
public enum StudioError: Error, CustomStringConvertible {
    /// No version of the scene ever opened; the file's problems.
    case noScene([String])

    /// One line.
    public var description: String {
        switch self {
        case .noScene(let problems): return "the scene has not opened yet: " + (problems.first ?? "no scene")
        }
    }
}
