import CCairo
import CRsvg
import Drawing
import Foundation
import Scene

/// One SVG file parsed once by librsvg and drawn many times onto the Cairo canvas, whole or one
/// group (by id) at a time, in the document's own units at the canvas's current transform.
/// Files that are too large or too deeply nested are refused before librsvg sees them; what
/// librsvg refuses, or draws differently from what the designer sees in their editor (text in
/// `flowRoot`, files outside the skin's folder), is a diagnostic at its line and column.
public final class SVGArt {
    /// The largest SVG file read: 10 MB.
    public static let maxBytes = 10 * 1024 * 1024
    /// The deepest element nesting read; editors' files nest a dozen levels at most.
    public static let maxDepth = 64

    /// The file's path, as diagnostics name it.
    public let file: String
    /// The document's size in its own units (its viewport when drawn whole).
    public let width: Double
    public let height: Double
    /// The ids of the document's gradients; a skin's palette colour names one (a swatch).
    public let gradientIDs: Set<String>
    /// The colour (`#rrggbb`, lower case) of each gradient of one stop, by its id.
    public let swatchColors: [String: String]
    private let handle: UnsafeMutablePointer<RsvgHandle>

    private init(file: String, handle: UnsafeMutablePointer<RsvgHandle>, width: Double, height: Double, text: String) {
        self.file = file
        self.handle = handle
        self.width = width
        self.height = height
        self.gradientIDs = Self.gradients(in: text)
        self.swatchColors = Self.swatches(in: text)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Reads and parses the SVG at `path`; `folder`, when given, is the only folder it may
    /// refer to files in (a skin's folder). Throws `SceneErrors`, one line per problem.
    public static func load(path: String, folder: String? = nil) throws -> SVGArt {
        func failure(_ line: Int, _ column: Int, _ message: String) -> SceneErrors {
            SceneErrors(diagnostics: [SceneDiagnostic(file: path, line: line, column: column, message: message)])
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue else {
            throw failure(1, 1, "the SVG file does not exist or cannot be read")
        }
        guard size <= maxBytes else {
            throw failure(1, 1, "the SVG file is too large (\(size) bytes); an SVG may be at most \(maxBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw failure(1, 1, "the SVG file cannot be read")
        }
        return try parse([UInt8](data), path: path, folder: folder)
    }

    /// Parses SVG `bytes` named `path` (relative references resolve beside it). Throws `SceneErrors`.
    public static func parse(_ bytes: [UInt8], path: String, folder: String? = nil) throws -> SVGArt {
        var problems: [SceneDiagnostic] = []
        func report(_ line: Int, _ column: Int, _ message: String) {
            problems.append(SceneDiagnostic(file: path, line: line, column: column, message: message))
        }
        guard bytes.count <= maxBytes else {
            report(1, 1, "the SVG file is too large (\(bytes.count) bytes); an SVG may be at most \(maxBytes) bytes")
            throw SceneErrors(diagnostics: problems)
        }
        let scan = SVGPrescan(bytes, depthLimit: maxDepth)
        if scan.depth > maxDepth {
            report(scan.deepest.line, scan.deepest.column,
                   "the SVG nests elements more than \(maxDepth) deep; flatten its groups (refused before parsing)")
            throw SceneErrors(diagnostics: problems)
        }
        if let at = scan.flowRoot {
            report(at.line, at.column, "text in a flowRoot is not drawn by librsvg; convert it to plain text or to paths "
                   + "(Inkscape: Text > Convert to Text, or Path > Object to Path)")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        let allowed = URL(fileURLWithPath: folder ?? base.path).standardizedFileURL.path
        for (target, at) in scan.references {
            let url = target.hasPrefix("file://") ? URL(string: target)?.standardizedFileURL
                : (target.contains("://") ? nil : URL(fileURLWithPath: target, relativeTo: base).standardizedFileURL)
            let inside = url.map { $0.path == allowed || $0.path.hasPrefix(allowed.hasSuffix("/") ? allowed : allowed + "/") } ?? false
            if !inside {
                report(at.line, at.column, "the SVG refers to '\(target)', outside the skin's folder \(allowed); "
                       + "librsvg refuses files outside it: copy the file into the folder or embed it")
            }
        }
        if !problems.isEmpty { throw SceneErrors(diagnostics: problems) }

        guard let handle = rsvg_handle_new_with_flags(RSVG_HANDLE_FLAGS_NONE) else {
            report(1, 1, "librsvg could not make a handle")
            throw SceneErrors(diagnostics: problems)
        }
        let baseFile = g_file_new_for_path(path)
        rsvg_handle_set_base_gfile(handle, baseFile)
        g_object_unref(UnsafeMutableRawPointer(baseFile))
        var error: UnsafeMutablePointer<GError>?
        let parsed: gboolean = bytes.withUnsafeBytes { raw in
            // The stream does not copy: it reads `bytes` while librsvg parses, inside this closure.
            let stream = g_memory_input_stream_new_from_data(raw.baseAddress, gssize(raw.count), nil)
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            return rsvg_handle_read_stream_sync(handle, stream, nil, &error)
        }
        if parsed == 0 {
            let message = (error.map { String(cString: $0.pointee.message) } ?? "unknown error")
                .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ")
            if let error { g_error_free(error) }
            g_object_unref(UnsafeMutableRawPointer(handle))
            let (line, column) = Self.position(in: message)
            report(line, column, "librsvg cannot parse the SVG: \(message)")
            throw SceneErrors(diagnostics: problems)
        }
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || width <= 0 || height <= 0 {
            // No width and height: librsvg would draw it at the viewport's size; ask for its extent.
            var ink = RsvgRectangle(), logical = RsvgRectangle()
            var viewport = RsvgRectangle(x: 0, y: 0, width: 100, height: 100)
            if rsvg_handle_get_geometry_for_layer(handle, nil, &viewport, &ink, &logical, nil) != 0 {
                width = logical.x + logical.width
                height = logical.y + logical.height
            }
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            report(1, 1, "the SVG has no size: give its <svg> element a width and height, or a viewBox")
            throw SceneErrors(diagnostics: problems)
        }
        return SVGArt(file: path, handle: handle, width: width, height: height, text: String(decoding: bytes, as: UTF8.self))
    }

    /// The ids of the linear and radial gradients in an SVG's text.
    static func gradients(in text: String) -> Set<String> {
        let gradient = #/<(?:[\w-]+:)?(?:linearGradient|radialGradient)\b[^>]*?\sid\s*=\s*["'](?<id>[^"']+)["']/#
        return Set(text.matches(of: gradient).map { String($0.id) })
    }

    /// The colour of each gradient of one stop written `#rrggbb` (a swatch), by the gradient's id;
    /// a gradient closed in its own tag (`<linearGradient … />`, borrowing another's stops) is none.
    /// One pass over the tags, so a hostile file of unclosed gradients costs no more than its length.
    static func swatches(in text: String) -> [String: String] {
        let tag = #/<(?<closing>/?)(?:[\w-]+:)?(?<name>linearGradient|radialGradient|stop)\b(?<attributes>[^>]*)>/#
        let id = #/\sid\s*=\s*["'](?<id>[^"']+)["']/#
        let color = #/stop-color\s*(?:=\s*["']|:)\s*(?<hex>#[0-9a-fA-F]{6})(?![0-9a-fA-F])/#
        var found: [String: String] = [:]
        var open: (id: String, stops: Int, hex: String?)?
        for match in text.matches(of: tag) {
            if match.name == "stop" {
                guard match.closing.isEmpty, let gradient = open else { continue }
                open = (gradient.id, gradient.stops + 1, gradient.hex ?? match.attributes.firstMatch(of: color).map { String($0.hex) })
            } else if !match.closing.isEmpty {
                if let gradient = open, gradient.stops == 1, let hex = gradient.hex { found[gradient.id] = hex.lowercased() }
                open = nil
            } else {
                open = match.attributes.hasSuffix("/") ? nil : match.attributes.firstMatch(of: id).map { (String($0.id), 0, nil) }
            }
        }
        return found
    }

    /// Draws the stops of each gradient named in `colors` (its id to a colour `#rrggbb`) in that
    /// colour, and every stop written in a colour `stops` maps (`#rrggbb` to `#rrggbb`, lower
    /// case) in its new colour, whatever the file says: a user stylesheet whose `!important`
    /// wins over the file's styles in librsvg's cascade. The ids must be CSS names and the
    /// colours hex (the caller checks). False when librsvg refused the stylesheet.
    package func recolorGradients(_ colors: [String: String], stops: [String: String] = [:]) -> Bool {
        guard !colors.isEmpty || !stops.isEmpty else { return true }
        // A stop of a swatch's colour in a gradient of several (a shading drawn from it) follows it.
        let byColor = stops.sorted { $0.key < $1.key }.map { old, new in
            "stop[style*=\"stop-color:\(old)\"], stop[stop-color=\"\(old)\"] { stop-color: \(new) !important; }"
        }
        let css = (byColor + colors.sorted { $0.key < $1.key }.map { "#\($0.key) stop { stop-color: \($0.value) !important; }" })
            .joined(separator: "\n")
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(css.utf8)
        let ok = rsvg_handle_set_stylesheet(handle, bytes, gsize(bytes.count), &error)
        if let error { g_error_free(error) }
        return ok != 0
    }

    /// librsvg's line and column in an XML error ("… on line 5 column 3 of data: …"), or 1:1.
    static func position(in message: String) -> (Int, Int) {
        guard let range = message.range(of: #"line (\d+) column (\d+)"#, options: .regularExpression) else { return (1, 1) }
        let numbers = message[range].split(separator: " ").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (1, 1)
    }

    /// Whether the document has an element with id `id`.
    public func has(id: String) -> Bool {
        rsvg_handle_has_sub(handle, "#" + id) != 0
    }

    /// The box (in document units) that the element `id` (or the whole document) paints,
    /// strokes included; nil when it paints nothing or has no such element.
    public func inkBox(of id: String? = nil) -> (x: Double, y: Double, width: Double, height: Double)? {
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        let ok = rsvg_handle_get_geometry_for_layer(handle, id.map { "#" + $0 }, &viewport, &ink, &logical, nil)
        guard ok != 0, ink.width > 0, ink.height > 0 else { return nil }
        return (ink.x, ink.y, ink.width, ink.height)
    }

    /// Draws the element `id` (or the whole document) onto `dc` at its current transform, one
    /// document unit to one unit of the canvas; false when librsvg could not draw it.
    @discardableResult
    package func draw(on dc: DrawingContext, id: String? = nil) -> Bool {
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        cairo_save(dc.cr)
        defer { cairo_restore(dc.cr) }
        var error: UnsafeMutablePointer<GError>?
        let ok = rsvg_handle_render_layer(handle, dc.cr, id.map { "#" + $0 }, &viewport, &error)
        if let error { g_error_free(error) }
        return ok != 0
    }

    /// librsvg's version, for the goldens' fingerprint.
    public static var libraryVersion: String {
        "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)"
    }
}
