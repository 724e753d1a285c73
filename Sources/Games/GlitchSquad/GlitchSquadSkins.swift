import Drawing
import Foundation
import Scene
import Skins

/// The skins a Glitch Squad scene gives Pixel and the fruit (`skins: {pixel: art/pixel-neon/,
/// apple: …}`), each folder read and parsed once before the first frame; what has none keeps
/// the built-in look. Drawn exactly where and as large as the built-in drawing.
struct GlitchSquadSkins {
    /// The characters and props that take skins.
    static let kinds = ["pixel", "apple", "banana", "orange"]
    /// Pixel's parts, back to front: every one required but the light of his antenna.
    static let pixelSlots = SkinSlots(
        names: GlitchSquadArt.PixelPart.allCases.map(\.rawValue),
        required: ["sphere", "head", "face", "eye-left", "eye-right", "mouth"],
        states: ["antenna-light": ["sad", "happy"], "eye-right": ["steady", "glitch"], "mouth": ["sad", "happy"]],
        largestUnit: 1280 / frameReach)
    /// A fruit is one part.
    static let fruitSlots = SkinSlots(names: ["fruit"], required: ["fruit"], largestUnit: 1280 / frameReach)
    /// Body units from the centre to the frame's edge: the sphere (or fruit) is 100 across.
    static let frameReach = 60.0
    /// SVG units per body unit in the exported files.
    static let exportScale = 4.0

    /// The skin of each kind that has one.
    let skins: [String: Skin]

    /// No skins: the built-in look.
    init() { skins = [:] }

    /// Reads the folders `folders` names (kind → folder); throws `SceneErrors` with every problem of every skin.
    init(folders: [String: String]) throws {
        var skins: [String: Skin] = [:]
        var problems: [SceneDiagnostic] = []
        for (kind, folder) in folders.sorted(by: { $0.key < $1.key }) {
            do {
                skins[kind] = try Skin.load(folder: folder, slots: kind == "pixel" ? Self.pixelSlots : Self.fruitSlots)
            } catch let errors as SceneErrors {
                problems += errors.diagnostics
            }
        }
        if !problems.isEmpty { throw SceneErrors(diagnostics: problems) }
        self.skins = skins
    }

    /// Pixel centred at (x, y), `size` across his sphere: his skin's parts in the built-in
    /// layers and states (the antenna's light and mouth sad or happy, the right eye steady or
    /// glitching), or the built-in drawing. A skin is drawn as designed, high contrast or not.
    func pixel(on dc: DrawingContext, x: Double, y: Double, size: Double, happy: Bool, glitchSeed: UInt64,
               glitching: Bool, highContrast: Bool) {
        guard let skin = skins["pixel"] else {
            GlitchSquadArt.pixel(on: dc, x: x, y: y, size: size, happy: happy, glitchSeed: glitchSeed, glitching: glitching,
                                 highContrast: highContrast)
            return
        }
        dc.saved {
            dc.translate(x, y)
            dc.scale(size / 100, size / 100)
            for part in GlitchSquadArt.PixelPart.allCases {
                switch part {
                case .antennaLight, .mouth: skin.draw(part.rawValue, state: happy ? "happy" : "sad", on: dc)
                case .eyeRight: skin.draw(part.rawValue, state: glitching ? "glitch" : "steady", on: dc)
                default: skin.draw(part.rawValue, on: dc)
                }
            }
        }
    }

    /// A fruit centred at (x, y), `size` across, darkened toward a silhouette by `silhouette`.
    func fruit(_ label: String, on dc: DrawingContext, x: Double, y: Double, size: Double, silhouette: Double = 0) {
        guard let skin = skins[label] else {
            GlitchSquadArt.fruit(label, on: dc, x: x, y: y, size: size, silhouette: silhouette)
            return
        }
        dc.saved {
            dc.translate(x, y)
            dc.scale(size / 100, size / 100)
            skin.draw("fruit", on: dc, darkened: silhouette, toward: GlitchSquadArt.silhouetteDark)
        }
    }

    /// Writes `kind`'s built-in look as a skin folder, its colours `#rrggbb` unless `hexColors`
    /// is false; returns the files written.
    static func export(_ kind: String, to folder: String, hexColors: Bool = true) throws -> [String] {
        let side = 2 * frameReach * exportScale
        var writer = try SkinExportWriter(folder: folder, width: side, height: side,
                                          origin: (x: frameReach * exportScale, y: frameReach * exportScale), scale: exportScale,
                                          hexColors: hexColors)
        let header = """
            # The built-in look of \(kind), written by aria-render skin export: edit the SVGs in any editor.
            # Every part is drawn in the same frame: the centre at `origin`, `scale` SVG units per body unit,
            # \(kind == "pixel" ? "the glass sphere" : "the fruit") 100 body units across.
            skin: \(kind)
            origin: \(writer.point(0, 0))
            scale: \(ValueFormat.number(exportScale))
            parts:

            """
        guard kind == "pixel" else {
            try writer.part("fruit") { GlitchSquadArt.fruit(kind, on: $0, x: 0, y: 0, size: 100) }
            return try writer.finish(yaml: header + "  fruit: {file: fruit.svg}\n")
        }
        var lines: [String] = []
        for part in GlitchSquadArt.PixelPart.allCases {
            let states: [(String, happy: Bool, glitching: Bool)] = switch part {
            case .antennaLight, .mouth: [("sad", false, true), ("happy", true, false)]
            case .eyeRight: [("steady", false, false), ("glitch", false, true)]
            default: []
            }
            if states.isEmpty {
                try writer.part(part.rawValue) {
                    GlitchSquadArt.pixelPart(part, on: $0, x: 0, y: 0, size: 100, happy: false, glitchSeed: 1, glitching: true,
                                             highContrast: false)
                }
                lines.append("  \(part.rawValue): {file: \(part.rawValue).svg}")
                continue
            }
            var entries: [String] = []
            for state in states {
                try writer.part("\(part.rawValue)-\(state.0)") {
                    GlitchSquadArt.pixelPart(part, on: $0, x: 0, y: 0, size: 100, happy: state.happy, glitchSeed: 1,
                                             glitching: state.glitching, highContrast: false)
                }
                entries.append("\(state.0): {file: \(part.rawValue)-\(state.0).svg}")
            }
            lines.append("  \(part.rawValue):\n    states: {\(entries.joined(separator: ", "))}")
        }
        return try writer.finish(yaml: header + lines.joined(separator: "\n") + "\n")
    }
}
