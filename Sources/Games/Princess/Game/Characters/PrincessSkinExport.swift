import Drawing
import Foundation
import Princess
import Skins
import Vocabulary

/// Writes a princess's built-in look as a skin folder: one SVG per part drawn by the built-in
/// painter through Cairo's SVG surface, all in one frame, and the `skin.yaml` that names them
/// with their pivots and attachment points. A designer starts from real layered art.
public enum PrincessSkinExport {
    /// SVG units per body unit in the written files.
    static let scale = 4.0
    /// The frame every part is drawn in: the figure's reach around her feet (body units).
    static let reach = CharacterFigureFrame.reach

    /// Writes `kind`'s skin into `folder` (made if missing), its colours `#rrggbb` unless
    /// `hexColors` is false; returns the files written. Throws `SkinExportError` when a file
    /// cannot be written.
    @discardableResult
    public static func write(_ kind: CharacterKind, to folder: String, hexColors: Bool = true) throws -> [String] {
        var writer = try SkinExportWriter(folder: folder, width: (reach.left + reach.right) * scale,
                                          height: (reach.top + reach.bottom) * scale,
                                          origin: (x: reach.left * scale, y: reach.top * scale), scale: scale,
                                          hexColors: hexColors)

        func part(_ name: String, blink: Float = 0, smile: Float = 0, facingAway: Bool = false,
                  _ draw: (CharacterPainter) -> Void) throws {
            var pose = CharacterPose(id: "export", kind: kind, position: .zero)
            pose.waveArmAngle = 0
            pose.otherArmAngle = 0
            pose.blink = blink
            pose.smile = smile
            if facingAway { pose.spin = .pi }
            try writer.part(name) { dc in
                draw(CharacterPainter(dc: dc, figure: CharacterFigureKey(pose: pose, unit: scale, highContrast: false)))
            }
        }

        try part("hair-back") { $0.paintBackHair() }
        try part("shoes") { $0.paintShoes() }
        try part("skirt") { $0.paintSkirt() }
        try part("bodice") { $0.paintBodice() }
        try part("upper-arm-right") { $0.paintArmPart(side: -1, forearm: false) }
        try part("forearm-right") { $0.paintArmPart(side: -1, forearm: true) }
        try part("upper-arm-left") { $0.paintArmPart(side: 1, forearm: false) }
        try part("forearm-left") { $0.paintArmPart(side: 1, forearm: true) }
        try part("sleeves") { $0.paintSleeves() }
        try part("head") { $0.paintHead() }
        try part("eyes-open") { $0.paintEyes(openness: 1) }
        try part("eyes-half") { $0.paintEyes(openness: 0.5) }
        try part("eyes-closed") { $0.paintEyes(openness: 0) }
        try part("cheeks") { $0.paintCheeks() }
        try part("mouth-neutral") { $0.paintMouth(smile: 0) }
        try part("mouth-smile") { $0.paintMouth(smile: 0.5) }
        try part("mouth-open") { $0.paintMouth(smile: 1) }
        try part("hair-front") { $0.paintFrontHair() }
        // Drawn unmirrored: the figure frame mirrors a back view, skinned or built-in.
        try part("hair-behind", facingAway: true) { $0.paintHairSeenFromBehind() }
        try part("crown") { $0.paintCrown() }

        let point = writer.point
        let x = ArmShape.shoulderX, y = ArmShape.shoulderY, elbowY = y + ArmShape.upper
        let handX = x + sin(ArmShape.restBend) * ArmShape.fore, handY = elbowY + cos(ArmShape.restBend) * ArmShape.fore
        let shoulderR = point(-x, y), shoulderL = point(x, y), elbowR = point(-x, elbowY), elbowL = point(x, elbowY)
        let handR = point(-handX, handY), handL = point(handX, handY)
        let yaml = """
            # The built-in look of \(kind.rawValue), written by aria-render skin export: edit the SVGs in any editor.
            # Every part is drawn in the same frame: her feet at `origin`, `scale` SVG units per body unit.
            skin: \(kind.rawValue)
            origin: \(point(0, 0))
            scale: \(ValueFormat.number(scale))
            parts:
              hair-back: {file: hair-back.svg}
              shoes: {file: shoes.svg}
              skirt: {file: skirt.svg, pivot: \(point(0, -42))}
              bodice: {file: bodice.svg}
              upper-arm-right: {file: upper-arm-right.svg, pivot: \(shoulderR), attach: {elbow: \(elbowR)}}
              forearm-right: {file: forearm-right.svg, pivot: \(elbowR), attach: {hand: \(handR)}}
              upper-arm-left: {file: upper-arm-left.svg, pivot: \(shoulderL), attach: {elbow: \(elbowL)}}
              forearm-left: {file: forearm-left.svg, pivot: \(elbowL), attach: {hand: \(handL)}}
              sleeves: {file: sleeves.svg}
              head: {file: head.svg, pivot: \(point(0, -75)), attach: {crown: \(point(0, -89))}}
              eyes:
                pivot: \(point(0, -73.8))
                states:
                  open: {file: eyes-open.svg}
                  half: {file: eyes-half.svg}
                  closed: {file: eyes-closed.svg}
              cheeks: {file: cheeks.svg}
              mouth:
                pivot: \(point(0, -67.6))
                states:
                  neutral: {file: mouth-neutral.svg}
                  smile: {file: mouth-smile.svg}
                  open: {file: mouth-open.svg}
              hair-front: {file: hair-front.svg}
              hair-behind: {file: hair-behind.svg}
              crown: {file: crown.svg}

            """
        return try writer.finish(yaml: yaml, colourNames: colourNames(of: kind))
    }

    /// The swatch names of the colours a princess is painted in that a designer recolours first:
    /// every tone of her dress (the painter mixes them from her theme colour), her outline, skin,
    /// hair and eyes, and the edge of her skin.
    static func colourNames(of kind: CharacterKind) -> [String: String] {
        let shades = CharacterShades(theme: kind.themeColor, highContrast: false)
        let style = CharacterStyle.of(kind)
        let named: [(RGBColor, String)] = [
            (shades.main, "dress"), (shades.light, "dress-light"), (shades.dark, "dress-dark"), (shades.deep, "dress-deep"),
            (shades.outline, "outline"), (style.skin, "skin"), (style.hairColor, "hair"), (style.eyeColor, "eyes"),
            (shades.edge(of: shades.dark), "dress-edge"), (shades.light.mixed(with: shades.main, 0.3), "dress-petal"),
            (shades.light.mixed(with: .white, 0.5), "dress-pale"), (shades.light.mixed(with: .white, 0.4), "dress-glow"),
            (shades.light.mixed(with: .white, 0.35), "dress-sash"), (shades.edge(of: style.skin), "skin-edge"),
        ]
        var names: [String: String] = [:]
        for (colour, name) in named where names[SVGHexColors.hex(colour)] == nil { names[SVGHexColors.hex(colour)] = name }
        return names
    }
}
