import GameKit
import Scene
import Trace

/// The bubbles of Bubble Pop, by colour: what a tap names.
public enum BubbleColour: String, CaseIterable, Sendable {
    case red, yellow, blue
}

/// A Bubble Pop scene: the engine's header, the haptics switch and the scripted taps.
public struct BubblePopScene: HeaderedScene {
    public var header: SceneHeader
    public var rules: [SceneRule]
    /// Whether a pop is felt as well as heard.
    public var haptics: Bool
    /// The taps, in time order: which bubble, when.
    public var taps: [(time: Double, bubble: BubbleColour)]

    public var startSettings: [String: String] { ["haptics": String(haptics)] }
    public var outline: String { "\(taps.count) tap\(taps.count == 1 ? "" : "s")" }

    /// The top-level keys: the header's, then the game's own.
    static let keys = SceneHeader.keys + ["haptics", "taps"]

    /// The built-in scene, the same text as Scenes/bubble-pop/pop.yaml.
    static let builtIn = """
    version: 1
    game: bubble-pop
    canvas: {width: 640, height: 360, frame_rate: 30}
    duration: 4
    taps:
      - {time: 0.5, pop: red}
      - {time: 1.2, pop: yellow}
      - {time: 2.0, pop: blue}

    """

    /// The scene, or `SceneErrors` with every problem at its `file:line:column`.
    static func decode(_ document: SceneDocument) throws -> BubblePopScene {
        let reader = ValueReader(file: document.file)
        guard let top = reader.fields(document.root, "the scene", allowed: keys) else { throw SceneErrors(diagnostics: reader.diagnostics) }
        let (header, _) = SceneHeaderDecoder(reader: reader).decode(top, name: document.name, defaultCanvas: document.defaultCanvas)
        let haptics = top["haptics"].flatMap { reader.bool($0, "haptics") } ?? true
        let taps = top["taps"].map {
            reader.timelineTaps($0, "taps", nameKey: "pop", among: BubbleColour.allCases, what: "bubble", duration: header.duration,
                                expected: "taps like '{time: 1, pop: red}'", nameExample: "'pop: red'", order: .sortedByTime)
        } ?? []
        let rules = top["rules"].map { RuleDecoder(reader: reader, vocabulary: BubblePopEvent.vocabulary).rules($0, "rules") } ?? []
        if !reader.diagnostics.isEmpty { throw SceneErrors(diagnostics: reader.diagnostics) }
        return BubblePopScene(header: header, rules: rules, haptics: haptics, taps: taps.map { ($0.time, $0.name) })
    }
}
