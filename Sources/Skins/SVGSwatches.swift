import Foundation
import Vocabulary

/// Flat colours of an exported skin made into named swatches: each `#rrggbb` a fill or stroke
/// is painted with becomes `url(#name)`, a gradient of one stop in the file's `<defs>` (what
/// Inkscape calls a swatch), so that the skin's `palette:` can recolour it by name. A gradient
/// of one stop is drawn as its stop's flat colour, so the pixels do not change.
package enum SVGSwatches {
    /// A flat fill or stroke colour, as an attribute (`fill="#ff3366"`) or a style property
    /// (`stroke:#ff3366`); what comes before the name keeps `marker-fill` and the like out.
    private static let paint = #/(?<property>[\s;"'](?:fill|stroke)(?:\s*=\s*["']\s*|\s*:\s*))#(?<hex>[0-9a-f]{6})(?![0-9a-fA-F])/#

    /// A gradient stop's colour, as an attribute or a style property.
    private static let stop = #/[\s;"']stop-color(?:\s*=\s*["']\s*|\s*:\s*)#(?<hex>[0-9a-f]{6})(?![0-9a-fA-F])/#

    /// The colours `svg` fills or strokes with, flat or as a gradient's stops, `#rrggbb`, in the
    /// order they first appear.
    package static func colours(in svg: String) -> [String] {
        let matches = svg.matches(of: paint).map { ($0.range.lowerBound, "#" + $0.hex) }
            + svg.matches(of: stop).map { ($0.range.lowerBound, "#" + $0.hex) }
        var found: [String] = []
        for (_, hex) in matches.sorted(by: { $0.0 < $1.0 }) where !found.contains(hex) { found.append(hex) }
        return found
    }

    /// The ids `svg` already gives its elements, which a swatch's name must not take.
    package static func ids(in svg: String) -> Set<String> {
        Set(svg.matches(of: #/\sid\s*=\s*["'](?<id>[^"']+)["']/#).map { String($0.id) })
    }

    /// `svg` with every flat fill and stroke colour that `names` names painted with its swatch,
    /// the swatches of all its colours (those only a shading's stops use too, so that the palette
    /// can name them) added after the root element's opening tag.
    package static func rewrite(_ svg: String, names: [String: String]) -> String {
        let used = colours(in: svg).filter { names[$0] != nil }
        let painted = svg.replacing(paint) { match in
            guard let name = names["#" + match.hex] else { return String(match.0) }
            return String(match.property) + "url(#\(name))"
        }
        guard !used.isEmpty, let root = painted.firstMatch(of: #/<svg\b[^>]*>/#) else { return painted }
        var opening = String(root.0)
        if !opening.contains("xmlns:inkscape") {
            opening.insert(contentsOf: " xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\"",
                           at: opening.index(opening.startIndex, offsetBy: 4))
        }
        // User-space units: a swatch on a line with no width or height is still drawn.
        let swatches = used.map { hex in
            "<linearGradient id=\"\(names[hex]!)\" inkscape:swatch=\"solid\" gradientUnits=\"userSpaceOnUse\">"
                + "<stop offset=\"0\" style=\"stop-color:\(hex);stop-opacity:1\"/></linearGradient>"
        }
        return painted.replacingCharacters(in: root.range, with: opening + "\n<defs>\n" + swatches.joined(separator: "\n") + "\n</defs>")
    }

    /// Names for every colour of `files` (each file's text and a name for the part it draws):
    /// `known` names first (`#rrggbb` → name), then the part that first paints a colour and a
    /// number (`crown-1`), never an id a file already has.
    package static func names(for files: [(part: String, svg: String)], known: [String: String]) -> [String: String] {
        var taken = files.reduce(into: Set<String>()) { $0.formUnion(ids(in: $1.svg)) }
        var names: [String: String] = [:]
        func claim(_ wanted: String) -> String {
            var name = wanted, suffix = 2
            while taken.contains(name) { name = "\(wanted)-\(suffix)"; suffix += 1 }
            taken.insert(name)
            return name
        }
        for (hex, name) in known.sorted(by: { $0.value < $1.value }) where files.contains(where: { colours(in: $0.svg).contains(hex) }) {
            names[hex] = claim(name)
        }
        for file in files {
            var number = 0
            for hex in colours(in: file.svg) where names[hex] == nil {
                number += 1
                names[hex] = claim("\(file.part)-\(number)")
            }
        }
        return names
    }
}

extension SVGHexColors {
    /// `color` as `#rrggbb`, the text an exported skin writes it in (through Cairo's percentages).
    package static func hex(_ color: RGBColor) -> String {
        let bytes = [color.red, color.green, color.blue].map { byte(Substring(String(Double($0) * 100))) ?? 0 }
        return "#" + bytes.map(hex).joined()
    }
}
