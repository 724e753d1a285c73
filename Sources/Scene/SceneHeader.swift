import ECS
import Foundation

/// What the engine reads of every scene file, whatever its game: which game, the canvas, the
/// rates, the seed and the length. A game's own keys come after it.
public struct SceneHeader: Sendable, Equatable {
    /// The game the scene belongs to (`game:`; the princess game when absent).
    public var game: String
    /// The scene's name: its file name without extension.
    public var name: String
    /// Canvas width in pixels.
    public var canvasWidth: Int
    /// Canvas height in pixels.
    public var canvasHeight: Int
    /// Output frames per second.
    public var framesPerSecond: Int
    /// Simulation steps per second.
    public var simulationRate: Int
    /// The seed of every random choice.
    public var seed: UInt64
    /// Seconds the scene lasts.
    public var duration: Double
    /// A recording whose claps the scene hears (`clap_audio`), as an absolute path; nil without one.
    public var clapAudio: String?

    /// A header from its parts.
    public init(game: String, name: String, canvasWidth: Int = 1280, canvasHeight: Int = 720, framesPerSecond: Int = 30,
                simulationRate: Int = 60, seed: UInt64 = 1, duration: Double, clapAudio: String? = nil) {
        self.game = game
        self.name = name
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.framesPerSecond = framesPerSecond
        self.simulationRate = simulationRate
        self.seed = seed
        self.duration = duration
        self.clapAudio = clapAudio
    }

    /// The top-level keys every scene file may have, in documentation order.
    public static let keys = ["version", "game", "canvas", "simulation_rate", "seed", "duration", "clap_audio", "rules"]
    /// The schema version this tool reads.
    public static let supportedVersion = 1
    /// The longest scene: a day.
    public static let maxDuration = 86_400.0
    /// The game of a scene file without `game:`, so every file written before games keeps working.
    public static let defaultGame = "princess"
    /// The canvas of a scene file without `canvas:`, unless its game has its own (`SceneDocument.defaultCanvas`).
    public static let defaultCanvas = CanvasSize(width: 1280, height: 720)
}

/// A canvas's size in pixels.
public struct CanvasSize: Sendable, Equatable {
    /// Across, in pixels.
    public var width: Int
    /// Down, in pixels.
    public var height: Int

    /// A size from its parts.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Reads the header's keys of a scene file, reporting every problem through `reader`.
package struct SceneHeaderDecoder {
    /// Where problems go.
    package let reader: ValueReader

    /// A decoder reporting through `reader`.
    package init(reader: ValueReader) { self.reader = reader }

    /// The header's values from the top-level mapping; `duration` is nil when it is missing or
    /// bad (reported); the canvas is `defaultCanvas` where `canvas:` does not say. Sets the
    /// reader's canvas size, which percentages refer to.
    package func decode(_ top: ValueReader.Fields, name: String,
                        defaultCanvas: CanvasSize = SceneHeader.defaultCanvas) -> (header: SceneHeader, durationValid: Bool) {
        if let node = reader.requireKey(top, "version", "the scene", example: "'version: 1' as the first line") {
            if case .scalar(let text, false) = node.value, text == String(SceneHeader.supportedVersion) {
                // The one version there is.
            } else if case .scalar(let text, true) = node.value, text == String(SceneHeader.supportedVersion) {
                reader.report(node.position, "version is the number \(text), not the text \"\(text)\": write 'version: \(text)' without quotes")
            } else {
                reader.report(node.position, "unknown version \(node.kindDescription); this tool reads scene files of version 1")
            }
        }
        let game = top["game"].flatMap { reader.text($0, "game", expected: "a game's id, such as princess") } ?? SceneHeader.defaultGame

        var width = defaultCanvas.width, height = defaultCanvas.height, framesPerSecond = 30
        if let node = top["canvas"], let canvas = reader.fields(node, "canvas", allowed: ["width", "height", "frame_rate"]) {
            width = canvas["width"].flatMap { reader.integer($0, "canvas.width", in: SceneFileLimits.canvasWidths) } ?? width
            height = canvas["height"].flatMap { reader.integer($0, "canvas.height", in: SceneFileLimits.canvasHeights) } ?? height
            framesPerSecond = canvas["frame_rate"].flatMap { reader.integer($0, "canvas.frame_rate", in: 1...240) } ?? framesPerSecond
        }
        reader.canvasSize = Vec2(Float(width), Float(height))

        let simulationRate = top["simulation_rate"].flatMap { reader.integer($0, "simulation_rate", in: 1...1000) } ?? 60
        let seed = top["seed"].flatMap { reader.seed($0, "seed") } ?? 1
        let duration = reader.requireKey(top, "duration", "the scene", example: "'duration: 10' for ten seconds")
            .flatMap { reader.number($0, "duration", in: 0...SceneHeader.maxDuration, unit: "seconds") }
        if let duration, duration <= 0, let node = top["duration"] {
            reader.report(node.position, "duration must be more than 0 seconds")
        }
        let header = SceneHeader(game: game, name: name, canvasWidth: width, canvasHeight: height,
                                 framesPerSecond: framesPerSecond, simulationRate: simulationRate, seed: seed,
                                 duration: duration ?? SceneHeader.maxDuration)
        return (header, duration.map { $0 > 0 } ?? false)
    }

    /// `clap_audio`: a path (text) to a WAV file, relative to the scene file's folder unless
    /// absolute, made absolute. Whether the file exists is not the reader's business.
    package func clapAudio(_ node: DocumentNode) -> String? {
        let expected = "a path to a WAV recording, relative to the scene file (e.g. 'clap_audio: claps.wav')"
        if case .scalar(let text, false) = node.value,
           ["true", "false"].contains(text) || Double(text) != nil {
            reader.report(node.position, "clap_audio must be \(expected); found \(node.kindDescription)")
            return nil
        }
        guard let path = reader.text(node, "clap_audio", expected: expected) else { return nil }
        return resolve(path)
    }

    /// A skin folder written at `node` in the scene file, made absolute; reported there (and
    /// nil) when it holds no `skin.yaml`, so the problem is the scene file's, at its place.
    package func skinFolder(_ folder: String, at node: DocumentNode, _ path: String) -> String? {
        let resolved = resolve(folder)
        guard FileManager.default.fileExists(atPath: resolved + "/skin.yaml") else {
            reader.report(node.position, "\(path): the skin folder '\(folder)' has no skin.yaml (every skin is a folder with a "
                          + "skin.yaml naming its parts; 'built-in' for the built-in look)")
            return nil
        }
        return resolved
    }

    /// A path written in the scene file, made absolute from the scene file's folder.
    package func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL.path }
        let folder = URL(fileURLWithPath: reader.file).deletingLastPathComponent()
        return folder.appendingPathComponent(path).standardizedFileURL.path
    }
}

extension ValueReader {
    /// A time in the scene (a step's, a scripted detection's): seconds from 0 to the scene's
    /// `duration`, reported at `node` naming that duration otherwise; one reading for every
    /// game, so a step past the end is bad input rather than silently never played.
    package func sceneTime(_ node: DocumentNode, _ path: String, duration: Double) -> Double? {
        number(node, path, in: 0...duration, unit: "seconds (within the scene's duration)")
    }
}
