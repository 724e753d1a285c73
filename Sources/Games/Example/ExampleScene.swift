import CVBus
import GameKit
import Scene
import Trace
import Vocabulary

/// The kinds of shape a toy can become.
public enum ShapeKind: String, Sendable, CaseIterable {
    case circle, square, triangle
}

/// How a toy of one label is shown: its shape and its colour.
public struct ShapeStyle: Sendable, Equatable {
    /// Its shape.
    public var kind: ShapeKind
    /// Its colour.
    public var color: RGBColor

    /// A style from its parts.
    public init(kind: ShapeKind, color: RGBColor) {
        self.kind = kind
        self.color = color
    }
}

/// A validated scene of the example game: the engine's header, the backdrop, how each label
/// is drawn, and the camera's script (`cv:`).
public struct ExampleScene: HeaderedScene {
    public var header: SceneHeader
    public var rules: [SceneRule]
    /// The backdrop's colour.
    public var background: RGBColor
    /// How each label is drawn, in file order; other labels get `ExampleScene.fallback`.
    public var styles: [(label: String, style: ShapeStyle)]
    /// The camera's settings, script and mock mode.
    public var cv: CVSceneSetup

    /// The style of a label the scene does not name: a white circle.
    public static let fallback = ShapeStyle(kind: .circle, color: RGBColor(1, 1, 1))

    /// How a toy labelled `label` is drawn.
    public func style(of label: String) -> ShapeStyle {
        styles.first { $0.label == label }?.style ?? Self.fallback
    }

    public var outline: String {
        "\(styles.count) shape style\(styles.count == 1 ? "" : "s"), \(cv.entries) camera script entr\(cv.entries == 1 ? "y" : "ies")"
    }
}

extension ExampleScene: Equatable {
    public static func == (lhs: ExampleScene, rhs: ExampleScene) -> Bool {
        lhs.header == rhs.header && lhs.background == rhs.background && lhs.cv == rhs.cv
            && lhs.styles.elementsEqual(rhs.styles) { $0.label == $1.label && $0.style == $1.style }
    }
}

/// Reads an example scene from a parsed document, every problem with its `file:line:column`.
enum ExampleSceneDecoder {
    /// The top-level keys: the header's, then the game's own.
    static let keys = SceneHeader.keys + ["background", "shapes", "cv"]

    /// The scene, or `SceneErrors` with every problem.
    static func decode(_ document: SceneDocument) throws -> ExampleScene {
        let reader = ValueReader(file: document.file)
        guard let top = reader.fields(document.root, "the scene", allowed: keys) else {
            throw SceneErrors(diagnostics: reader.diagnostics)
        }
        let (header, _) = SceneHeaderDecoder(reader: reader).decode(top, name: document.name)
        let background = top["background"].flatMap { color($0, "background", reader: reader) } ?? RGBColor(0.10, 0.12, 0.22)
        var styles: [(String, ShapeStyle)] = []
        if let node = top["shapes"], case .mapping(let pairs) = node.value {
            for pair in pairs {
                if let problem = SceneFileLimits.idProblem(pair.key, at: "shapes label") {
                    reader.report(pair.keyPosition, problem)
                    continue
                }
                if styles.contains(where: { $0.0 == pair.key }) {
                    reader.report(pair.keyPosition, "shapes has the label \(SceneFileLimits.quoted(pair.key)) twice")
                    continue
                }
                let path = "shapes.\(pair.key)"
                guard let fields = reader.fields(pair.value, path, allowed: ["shape", "color"]) else { continue }
                let kind = reader.requireKey(fields, "shape", path, example: "'shape: circle'")
                    .flatMap { reader.choice($0, "\(path).shape", among: ShapeKind.allCases, what: "shape") }
                let shade = reader.requireKey(fields, "color", path, example: "'color: \"#ff3355\"'")
                    .flatMap { color($0, "\(path).color", reader: reader) }
                if let kind, let shade { styles.append((pair.key, ShapeStyle(kind: kind, color: shade))) }
            }
        } else if let node = top["shapes"] {
            reader.report(node.position, "shapes must be a mapping from a label to its shape and color, e.g. 'apple: {shape: circle, color: \"#ff3355\"}'; found \(node.kindDescription)")
        }
        let cv = top[CVSceneSetup.key].map { CVSceneDecoder(reader: reader, duration: header.duration).decode($0) } ?? CVSceneSetup()
        let rules = top["rules"].map { RuleDecoder(reader: reader, vocabulary: ExampleGameModule.words).rules($0, "rules") } ?? []
        if !reader.diagnostics.isEmpty { throw SceneErrors(diagnostics: reader.diagnostics) }
        return ExampleScene(header: header, rules: rules, background: background, styles: styles, cv: cv)
    }

    /// `"#rrggbb"`.
    static func color(_ node: DocumentNode, _ path: String, reader: ValueReader) -> RGBColor? {
        guard let colour = reader.colour(node, path) else { return nil }
        return RGBColor(Float(colour.red) / 255, Float(colour.green) / 255, Float(colour.blue) / 255)
    }
}
