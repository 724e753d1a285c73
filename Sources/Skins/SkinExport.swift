import CCairo
import Drawing
import Foundation
import Vocabulary

/// Writes a character's built-in look as a skin folder: each part drawn by the game's own
/// painter through Cairo's SVG surface, all in one frame (`origin` where the character stands,
/// `scale` SVG units per body unit), then the `skin.yaml` that names them. Shared by every game
/// that exports skins, so a designer starts from real layered art.
package struct SkinExportWriter {
    /// The skin folder written into.
    package let folder: String
    /// Each file's size in SVG units.
    package let width: Double, height: Double
    /// Where the character's origin is, in SVG units.
    package let origin: (x: Double, y: Double)
    /// SVG units per body unit.
    package let scale: Double
    /// Whether colours are written `#rrggbb` (`SVGHexColors`); false keeps Cairo's text.
    package let hexColors: Bool
    /// The files written so far.
    package private(set) var written: [String] = []
    /// Each part written: its name and its SVG file.
    private var parts: [(name: String, path: String)] = []

    /// A writer into `folder` (made if missing) of files `width` × `height` SVG units.
    package init(folder: String, width: Double, height: Double, origin: (x: Double, y: Double), scale: Double,
                 hexColors: Bool = true) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.folder = folder
        self.width = width
        self.height = height
        self.origin = origin
        self.scale = scale
        self.hexColors = hexColors
    }

    /// Writes `name`.svg: `draw` paints on a context already moved to the origin and scaled to body units.
    package mutating func part(_ name: String, _ draw: (DrawingContext) -> Void) throws {
        let path = (folder as NSString).appendingPathComponent(name + ".svg")
        guard let canvas = SVGFileCanvas(path: path, width: width, height: height) else {
            throw SkinExportError("cannot create \(path)")
        }
        canvas.dc.translate(origin.x, origin.y)
        canvas.dc.scale(scale, scale)
        draw(canvas.dc)
        guard canvas.finish() else { throw SkinExportError("cannot write \(path)") }
        if hexColors {
            do {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                try SVGHexColors.rewrite(text).write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw SkinExportError("cannot write \(path): \(error.localizedDescription)")
            }
        }
        written.append(path)
        parts.append((name, path))
    }

    /// A point in body units as skin.yaml writes it in SVG units: `[x · scale + origin.x, …]`.
    package func point(_ x: Double, _ y: Double) -> String {
        "[\(ValueFormat.number(x * scale + origin.x)), \(ValueFormat.number(y * scale + origin.y))]"
    }

    /// Gives every colour of the parts, flat or a shading's stop, a swatch (when colours are written
    /// `#rrggbb`), named by `colourNames` (`#rrggbb` → name) or else by the first part painted in it, then writes
    /// `skin.yaml` with `text` and the palette the swatches make, commented out so that an
    /// editor's change of a swatch shows until a designer takes a line of it; returns every file written.
    package mutating func finish(yaml text: String, colourNames: [String: String] = [:]) throws -> [String] {
        var text = text
        if hexColors {
            do {
                let files = try parts.map { (part: $0.name, svg: try String(contentsOfFile: $0.path, encoding: .utf8)) }
                let names = SVGSwatches.names(for: files, known: colourNames)
                for (part, file) in zip(parts, files) {
                    try SVGSwatches.rewrite(file.svg, names: names).write(toFile: part.path, atomically: true, encoding: .utf8)
                }
                text += Self.palette(names)
            } catch {
                throw SkinExportError("cannot write the swatches into \(folder): \(error.localizedDescription)")
            }
        }
        let yamlPath = (folder as NSString).appendingPathComponent(Skin.fileName)
        do { try text.write(toFile: yamlPath, atomically: true, encoding: .utf8) } catch {
            throw SkinExportError("cannot write \(yamlPath): \(error.localizedDescription)")
        }
        written.append(yamlPath)
        return written
    }
}

extension SkinExportWriter {
    /// The palette of the swatches `names` names, each line commented out, by name.
    static func palette(_ names: [String: String]) -> String {
        guard !names.isEmpty else { return "" }
        let lines = names.sorted { $0.value < $1.value }.map { "#  \($0.value): \"\($0.key)\"" }
        return """
            # Every colour of the parts is a swatch, named below. To recolour, remove the '#' before
            # 'palette:' and before a swatch's line, and change its colour: every part painted in that
            # swatch is drawn in the new one (docs/skins.md, Palette).
            #palette:
            \(lines.joined(separator: "\n"))

            """
    }
}

/// A skin that could not be written, in words.
public struct SkinExportError: Error, CustomStringConvertible {
    public let description: String
    /// The error, in words.
    public init(_ description: String) { self.description = description }
}

/// Numbers as skin.yaml writes them: no trailing ".0", at most four decimals.
package enum ValueFormat {
    /// `value` rounded to four decimals, without a trailing ".0".
    package static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension Skin {
    /// Draws part `name` (in `state`, falling back to its neutral look) on `dc`, whose current
    /// units are body units about the character's origin: the skin's frame is put on them
    /// (its origin there, `scale` SVG units per body unit), then `pose` in SVG units.
    /// `darkened` (0…1) tints the part toward `dark` within its own shape, as a silhouette.
    package func draw(_ name: String, state: String? = nil, on dc: DrawingContext, darkened: Double = 0,
                      toward dark: RGBColor = RGBColor(0, 0, 0), pose: () -> Void = {}) {
        guard let part = parts[name] else { return }
        let art = part.art(for: state)
        dc.saved {
            dc.scale(1 / scale, 1 / scale)
            dc.translate(-origin.x, -origin.y)
            pose()
            guard darkened > 0 else {
                art.svg.draw(on: dc, id: art.group)
                return
            }
            // The part in a group, the dark drawn over it only where it is (ATOP), then the group.
            cairo_push_group(dc.cr)
            art.svg.draw(on: dc, id: art.group)
            cairo_set_operator(dc.cr, CAIRO_OPERATOR_ATOP)
            dc.setColor(dark, alpha: min(1, darkened))
            dc.paint()
            cairo_pop_group_to_source(dc.cr)
            cairo_set_operator(dc.cr, CAIRO_OPERATOR_OVER)
            dc.paint()
        }
    }
}
