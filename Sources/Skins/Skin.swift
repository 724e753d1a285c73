import Foundation
import Scene

/// The parts a game lets a skin draw: their names in drawing order, and for the face parts the
/// expression states they may give (the first is the neutral state a missing one falls back to).
public struct SkinSlots: Sendable {
    /// Every part's name.
    public let names: [String]
    /// The parts a skin must give.
    public let required: Set<String>
    /// A part's states by its name; parts not listed have one look.
    public let states: [String: [String]]
    /// The largest device pixels per body unit a part is drawn at (for the pixel budget).
    public let largestUnit: Double

    /// Slots named `names`, of which `required` must be given, with `states` per face part.
    public init(names: [String], required: Set<String>, states: [String: [String]] = [:], largestUnit: Double) {
        self.names = names
        self.required = required
        self.states = states
        self.largestUnit = largestUnit
    }
}

/// A point in a part's SVG document, in its units.
public struct SkinPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    /// The point (x, y).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// What one part draws: a whole SVG file or one group of it.
public struct SkinArt {
    /// The parsed file (shared by the parts drawn from groups of one file).
    public let svg: SVGArt
    /// The group's id, or nil for the whole file.
    public let group: String?
}

/// One part of a skin: its art (per state for a face part), the point it turns about and the
/// named points where other parts or effects attach (a crown on the head, an effect at a hand).
public struct SkinPart {
    /// The neutral look.
    public let art: SkinArt
    /// The looks per expression state, the neutral one included.
    public let states: [String: SkinArt]
    /// The point the part turns about, in the skin's SVG units.
    public let pivot: SkinPoint
    /// Named points on the part, in the skin's SVG units.
    public let attachments: [String: SkinPoint]

    /// The look for `state`, the neutral one when the skin gives none for it.
    public func art(for state: String?) -> SkinArt {
        state.flatMap { states[$0] } ?? art
    }
}

/// A skin: a folder with `skin.yaml` and the SVG art of its parts, every part in one frame
/// (as an editor's layers are): `origin` is where the character's feet are and `scale` how many
/// SVG units make one body unit.
public final class Skin {
    /// The folder the skin was read from.
    public let folder: String
    /// Where the feet are, in SVG units.
    public let origin: SkinPoint
    /// SVG units per body unit.
    public let scale: Double
    /// The parts by slot name.
    public let parts: [String: SkinPart]

    init(folder: String, origin: SkinPoint, scale: Double, parts: [String: SkinPart]) {
        self.folder = folder
        self.origin = origin
        self.scale = scale
        self.parts = parts
    }

    /// The file every skin folder has.
    public static let fileName = "skin.yaml"
    /// The most device pixels one part may cover at the largest size it is drawn: a 4096 × 8192
    /// raster, room for a whole character at the largest size the compositor draws one.
    public static let pixelBudget = 33_554_432.0

    /// Reads the skin in `folder` for a game's `slots`; throws `SceneErrors`, every problem
    /// with its `file:line:column`.
    public static func load(folder: String, slots: SkinSlots) throws -> Skin {
        let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
        let yamlPath = folderURL.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: yamlPath) else {
            throw SceneErrors(diagnostics: [SceneDiagnostic(
                file: yamlPath, line: 1, column: 1,
                message: "the skin folder \(folder) has no \(fileName); every skin is a folder with a \(fileName) naming its parts")])
        }
        let document = try SceneDocument.load(path: yamlPath)
        return try SkinDecoder(folder: folderURL, file: yamlPath, slots: slots).decode(document)
    }
}

/// Reads `skin.yaml` with the scene files' value reader, and the SVG files it names.
struct SkinDecoder {
    let folder: URL
    let file: String
    let slots: SkinSlots
    let reader: ValueReader

    init(folder: URL, file: String, slots: SkinSlots) {
        self.folder = folder
        self.file = file
        self.slots = slots
        reader = ValueReader(file: file)
    }

    func decode(_ document: SceneDocument) throws -> Skin {
        var svgErrors: [SceneDiagnostic] = []
        var files: [String: SVGArt] = [:]
        guard let top = reader.fields(document.root, "the skin", allowed: ["skin", "origin", "scale", "palette", "parts"]) else {
            throw SceneErrors(diagnostics: reader.diagnostics)
        }
        if let name = top["skin"] { _ = reader.text(name, "skin", expected: "the skin's name") }
        let origin = reader.requireKey(top, "origin", "the skin", example: "'origin: [152, 416]' (where the feet are)")
            .flatMap { point($0, "origin") }
        let scale = reader.requireKey(top, "scale", "the skin", example: "'scale: 4' (SVG units per body unit)")
            .flatMap { reader.number($0, "scale", in: 0.01...1000) }
        var parts: [String: SkinPart] = [:]
        let palette = top["palette"].map(self.palette) ?? []

        // One SVG file is parsed once, however many parts draw groups of it.
        func art(_ fields: ValueReader.Fields, _ path: String) -> SkinArt? {
            guard let fileNode = reader.requireKey(fields, "file", path, example: "'file: head.svg'"),
                  let name = reader.text(fileNode, "\(path).file", expected: "an SVG file in the skin's folder") else { return nil }
            let url = URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL
            guard url.path.hasPrefix(folder.path + "/") else {
                reader.report(fileNode.position, "\(path).file '\(name)' is outside the skin's folder; a skin's files stay in its folder")
                return nil
            }
            let svg: SVGArt
            if let parsed = files[url.path] {
                svg = parsed
            } else {
                do {
                    svg = try SVGArt.load(path: url.path, folder: folder.path)
                    files[url.path] = svg
                } catch let errors as SceneErrors {
                    if !svgErrors.contains(where: { $0.file == url.path }) { svgErrors += errors.diagnostics }
                    return nil
                } catch {
                    reader.report(fileNode.position, "\(path).file '\(name)' cannot be read: \(error)")
                    return nil
                }
            }
            let group = fields["group"].flatMap { reader.text($0, "\(path).group", expected: "the id of a group in \(name)") }
            if let group, !svg.has(id: group) {
                reader.report(fields["group"]!.position, "\(path).group '\(group)' is not an id in \(name)")
                return nil
            }
            guard let box = svg.inkBox(of: group) else {
                reader.report(fileNode.position, "\(path) draws nothing (\(name)\(group.map { "#\($0)" } ?? ""))")
                return nil
            }
            if let scale {
                let pixels = box.width * box.height / (scale * scale) * slots.largestUnit * slots.largestUnit
                if pixels > Skin.pixelBudget {
                    reader.report(fileNode.position, "\(path) is too large: \(Int(pixels)) pixels at the largest size it is drawn, "
                                  + "over the budget of \(Int(Skin.pixelBudget)); crop the part to what it draws")
                    return nil
                }
            }
            return SkinArt(svg: svg, group: group)
        }

        if let node = top["parts"], case .mapping(let pairs) = node.value {
            for pair in pairs {
                let path = "parts.\(pair.key)"
                guard slots.names.contains(pair.key) else {
                    let suggestion = SpellingSuggestion.closest(to: pair.key, among: slots.names).map { "; did you mean '\($0)'?" } ?? ""
                    reader.report(pair.keyPosition, "unknown part '\(pair.key)' (parts: \(slots.names.joined(separator: ", ")))\(suggestion)")
                    continue
                }
                let states = slots.states[pair.key] ?? []
                let allowed = ["file", "group", "pivot", "attach"] + (states.isEmpty ? [] : ["states"])
                guard let fields = reader.fields(pair.value, path, allowed: allowed) else { continue }
                var looks: [String: SkinArt] = [:]
                var neutral: SkinArt?
                if let statesNode = fields["states"] {
                    if let stateFields = reader.fields(statesNode, "\(path).states", allowed: states) {
                        for state in states {
                            guard let node = stateFields[state] else { continue }
                            if let lookFields = reader.fields(node, "\(path).states.\(state)", allowed: ["file", "group"]),
                               let look = art(lookFields, "\(path).states.\(state)") {
                                looks[state] = look
                            }
                        }
                        neutral = looks[states[0]]
                        if neutral == nil, stateFields[states[0]] == nil {
                            reader.report(statesNode.position, "\(path).states must give the neutral state '\(states[0])' (a missing state falls back to it)")
                        }
                    }
                } else {
                    neutral = art(fields, path)
                    if let neutral, let first = states.first { looks[first] = neutral }
                }
                let pivot = fields["pivot"].flatMap { point($0, "\(path).pivot") } ?? origin ?? SkinPoint(0, 0)
                var attachments: [String: SkinPoint] = [:]
                if let attach = fields["attach"] {
                    if case .mapping(let points) = attach.value {
                        for p in points { if let value = point(p.value, "\(path).attach.\(p.key)") { attachments[p.key] = value } }
                    } else {
                        reader.report(attach.position, "\(path).attach must map names to points, e.g. 'attach: {crown: [152, 60]}'")
                    }
                }
                guard let neutral else { continue }
                if let pivotNode = fields["pivot"], let box = neutral.svg.inkBox(of: neutral.group), let scale {
                    // A pivot a little off the drawn shape is fine (a shoulder at the edge of a sleeve).
                    let margin = 5 * scale
                    if pivot.x < box.x - margin || pivot.x > box.x + box.width + margin
                        || pivot.y < box.y - margin || pivot.y > box.y + box.height + margin {
                        reader.report(pivotNode.position, "\(path).pivot [\(ValueReader.format(pivot.x)), \(ValueReader.format(pivot.y))] "
                                      + "is outside the part (it draws \(ValueReader.format(box.x))…\(ValueReader.format(box.x + box.width)) × "
                                      + "\(ValueReader.format(box.y))…\(ValueReader.format(box.y + box.height)))")
                    }
                }
                parts[pair.key] = SkinPart(art: neutral, states: looks, pivot: pivot, attachments: attachments)
            }
            for name in slots.names where slots.required.contains(name) && !pairs.contains(where: { $0.key == name }) {
                reader.report(node.position, "the skin has no part '\(name)'; give it (parts: \(slots.names.joined(separator: ", ")))")
            }
        } else if let node = top["parts"] {
            reader.report(node.position, "parts must map a part's name to its art, e.g. 'head: {file: head.svg}'; found \(node.kindDescription)")
        } else {
            reader.report(document.root.position, "the skin has no 'parts'; name its parts, e.g. 'parts: {head: {file: head.svg}}'")
        }
        // A file that did not parse has its own line; its swatches are not looked for.
        if let node = top["palette"] { recolor(files, palette, at: node.position, lookForSwatches: svgErrors.isEmpty) }
        let all = reader.diagnostics + svgErrors
        if !all.isEmpty { throw SceneErrors(diagnostics: all) }
        return Skin(folder: folder.path, origin: origin ?? SkinPoint(0, 0), scale: scale ?? 1, parts: parts)
    }

    /// A palette colour: the id of a swatch (a gradient of one stop) in the skin's files, the
    /// colour it is drawn in, and where skin.yaml names it.
    struct PaletteColor {
        let name: String
        let color: String
        let position: SourcePosition
    }

    /// `palette: {dress: '#ff3366'}`: each name a CSS name (it becomes a selector), each colour hex.
    private func palette(_ node: DocumentNode) -> [PaletteColor] {
        guard case .mapping(let pairs) = node.value else {
            reader.report(node.position, "palette must map a swatch's id to a colour, e.g. 'palette: {dress: \"#ff3366\"}'; found \(node.kindDescription)")
            return []
        }
        var colors: [PaletteColor] = []
        for pair in pairs {
            let path = "palette.\(pair.key)"
            guard pair.key.wholeMatch(of: #/[A-Za-z_][A-Za-z0-9_-]*/#) != nil else {
                reader.report(pair.keyPosition, "\(path): a palette colour is named by the id of a swatch in the skin's SVGs: "
                              + "letters, digits, '-' and '_', not starting with a digit")
                continue
            }
            guard let text = reader.text(pair.value, path, expected: "a colour \"#rrggbb\" (quoted: in YAML an unquoted # starts a comment)") else { continue }
            guard text.wholeMatch(of: #/#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})/#) != nil else {
                reader.report(pair.value.position, "\(path) must be a colour \"#rrggbb\"; found '\(text)'")
                continue
            }
            colors.append(PaletteColor(name: pair.key, color: text.lowercased(), position: pair.keyPosition))
        }
        return colors
    }

    /// Draws every file's swatches in the palette's colours, and every gradient stop written in
    /// a recoloured swatch's own colour in its new one; a name no file has is reported when
    /// `lookForSwatches`.
    private func recolor(_ files: [String: SVGArt], _ palette: [PaletteColor], at position: SourcePosition, lookForSwatches: Bool) {
        let gradients = files.values.reduce(into: Set<String>()) { $0.formUnion($1.gradientIDs) }.sorted()
        // The listing names the swatches (gradients of one stop), unless the files have none.
        let oneStop = files.values.reduce(into: Set<String>()) { $0.formUnion($1.swatchColors.keys) }.sorted()
        for entry in palette where lookForSwatches && !gradients.contains(entry.name) {
            let listing = gradients.isEmpty ? "the skin's files have no gradients"
                : oneStop.isEmpty ? "its gradients: " + gradients.joined(separator: ", ") : "its swatches: " + oneStop.joined(separator: ", ")
            let suggestion = SpellingSuggestion.hint(for: entry.name, among: oneStop.isEmpty ? gradients : oneStop)
            reader.report(entry.position, "palette.\(entry.name) is no swatch in the skin's files\(suggestion) (\(listing)); a palette "
                          + "colour is a gradient of one stop with that id, which the parts fill or stroke with")
        }
        // Each swatch's own colour, wherever a gradient of several stops uses it, takes the new one.
        var stops: [String: String] = [:]
        for entry in palette {
            for svg in files.values.sorted(by: { $0.file < $1.file }) {
                if let own = svg.swatchColors[entry.name], stops[own] == nil { stops[own] = entry.color }
            }
        }
        for (path, svg) in files.sorted(by: { $0.key < $1.key }) {
            let colors = palette.filter { svg.gradientIDs.contains($0.name) }
                .reduce(into: [String: String]()) { $0[$1.name] = $1.color }
            if !svg.recolorGradients(colors, stops: stops) {
                reader.report(position, "librsvg refused the palette for \((path as NSString).lastPathComponent)")
            }
        }
    }

    /// `[x, y]` in SVG units.
    private func point(_ node: DocumentNode, _ path: String) -> SkinPoint? {
        guard let items = reader.list(node, path, expected: "a point [x, y] in SVG units") else { return nil }
        guard items.count == 2 else {
            reader.report(node.position, "\(path) must be a point [x, y] in SVG units; found \(items.count) numbers")
            return nil
        }
        guard let x = reader.number(items[0], "\(path) x", in: -1e6...1e6),
              let y = reader.number(items[1], "\(path) y", in: -1e6...1e6) else { return nil }
        return SkinPoint(x, y)
    }
}
