import Foundation

/// The timeline of a trace as one SVG picture, the same in the studio's page and in `check`'s
/// HTML report: seconds on a ruler, a row per character, a tick per trace line coloured by its
/// kind, its line as the tick's `<title>` (a browser shows it on hover). With a golden, a line
/// only in the golden is a hollow red box, a line only now a solid green one, and a legend
/// says so. Self-contained (no script, no links), so it can be inlined in the report.
public enum TraceTimelinePicture {
    /// Where the marks start: the row labels' column, in pixels.
    public static let labelWidth = 120
    /// A row's height, in pixels.
    public static let rowHeight = 16
    /// The ruler's height above the rows, in pixels.
    public static let rulerHeight = 18
    /// Room right of the last frame, in pixels.
    public static let rightMargin = 6
    /// The legend's height below the rows, when there is one.
    static let legendHeight = 22

    /// Colours of the marks by the trace's event names; other kinds are grey.
    public static let kindColours: [String: String] = [
        "spawn": "#7fe3a0", "remove": "#e37f7f", "gesture": "#f0c674", "gesture_end": "#b59a5c", "pinch": "#f0c674",
        "tap": "#f0c674", "action_start": "#81a2be", "action_end": "#5f7a94", "effect_start": "#c792ea",
        "expression": "#f0a6d8", "clap": "#ffffff", "detection": "#8be9fd", "haptic": "#ffb86c", "sound": "#6fd3c4",
        "settings": "#999999", "refused": "#ff5555",
    ]
    /// The outline of a mark only in the golden.
    public static let goldenOnlyColour = "#ff3b5c"
    /// The fill of a mark only now.
    public static let actualOnlyColour = "#2ee66b"

    /// The picture of `timeline` over a scene of `frameCount` frames at `framesPerSecond`,
    /// `width` pixels wide. The root carries its geometry as `data-` attributes (label width,
    /// plot width, frames, row and ruler heights) for a page that draws a playhead over it.
    public static func svg(_ timeline: TraceTimeline, frameCount: Int, framesPerSecond: Int, width: Int = 960) -> String {
        let width = max(labelWidth + rightMargin + 40, width)
        let frames = max(1, frameCount, timeline.lastFrame + 1)
        let plotWidth = width - labelWidth - rightMargin
        let differs = timeline.marks.contains { $0.side != .both }
        let rowsHeight = rulerHeight + max(1, timeline.rows.count) * rowHeight + 4
        let height = rowsHeight + (differs ? legendHeight : 0)
        func x(_ frame: Int) -> Double { Double(labelWidth) + Double(plotWidth) * Double(frame) / Double(max(1, frames - 1)) }
        var svg: [String] = []
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trace-timeline\" width=\"\(width)\" height=\"\(height)\" "
                   + "viewBox=\"0 0 \(width) \(height)\" font-family=\"system-ui, sans-serif\" font-size=\"11\" "
                   + "data-label-width=\"\(labelWidth)\" data-plot-width=\"\(plotWidth)\" data-frames=\"\(frames)\" "
                   + "data-row-height=\"\(rowHeight)\" data-ruler-height=\"\(rulerHeight)\">")
        svg.append("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#221f29\"/>")
        // Seconds on the ruler.
        let fps = max(1, framesPerSecond)
        let seconds = Double(frames) / Double(fps)
        let step = seconds > 120 ? 10 : seconds > 30 ? 5 : 1
        var second = 0
        while Double(second) <= seconds {
            let at = x(second * fps)
            svg.append("<rect x=\"\(number(at))\" width=\"1\" height=\"5\" fill=\"#9a93a8\"/>"
                       + "<text x=\"\(number(at + 2))\" y=\"12\" fill=\"#9a93a8\">\(second)s</text>")
            second += step
        }
        // The rows, striped, with their names.
        for (index, row) in timeline.rows.enumerated() {
            let y = rulerHeight + index * rowHeight
            let name = row.count > 18 ? String(row.prefix(17)) + "…" : row
            svg.append("<rect class=\"row\" y=\"\(y)\" width=\"\(width)\" height=\"\(rowHeight)\" fill=\"\(index % 2 == 1 ? "#26222e" : "#2b2734")\"/>"
                       + "<text x=\"4\" y=\"\(y + 12)\" fill=\"#ece8f4\">\(escape(name))</text>")
        }
        // A tick per line, the differences over the rest.
        let rowIndex = Dictionary(uniqueKeysWithValues: timeline.rows.enumerated().map { ($1, $0) })
        let ordered = timeline.marks.filter { $0.side == .both } + timeline.marks.filter { $0.side != .both }
        for mark in ordered {
            let top = rulerHeight + (rowIndex[mark.row] ?? 0) * rowHeight
            let at = x(mark.frame)
            let title = "<title>\(escape(mark.line))</title>"
            switch mark.side {
            case .both:
                svg.append("<rect class=\"mark\" data-kind=\"\(escape(mark.kind))\" x=\"\(number(at - 1.5))\" y=\"\(top + 3)\" width=\"3\" "
                           + "height=\"\(rowHeight - 6)\" fill=\"\(kindColours[mark.kind] ?? "#cccccc")\">\(title)</rect>")
            case .goldenOnly:
                svg.append("<rect class=\"mark golden-only\" data-kind=\"\(escape(mark.kind))\" x=\"\(number(at - 3))\" y=\"\(top + 2)\" "
                           + "width=\"6\" height=\"\(rowHeight - 4)\" fill=\"none\" stroke=\"\(goldenOnlyColour)\" stroke-width=\"2\" "
                           + "pointer-events=\"visible\">\(title)</rect>")
            case .actualOnly:
                svg.append("<rect class=\"mark actual-only\" data-kind=\"\(escape(mark.kind))\" x=\"\(number(at - 2))\" y=\"\(top + 3)\" "
                           + "width=\"4\" height=\"\(rowHeight - 6)\" fill=\"\(actualOnlyColour)\">\(title)</rect>")
            }
        }
        if differs {
            let y = rowsHeight + 4
            svg.append("<g class=\"legend\">"
                       + "<rect x=\"\(labelWidth)\" y=\"\(y + 1)\" width=\"6\" height=\"12\" fill=\"none\" stroke=\"\(goldenOnlyColour)\" stroke-width=\"2\"/>"
                       + "<text x=\"\(labelWidth + 12)\" y=\"\(y + 11)\" fill=\"#ece8f4\">only in the golden (gone or changed now)</text>"
                       + "<rect x=\"\(labelWidth + 300)\" y=\"\(y + 2)\" width=\"4\" height=\"10\" fill=\"\(actualOnlyColour)\"/>"
                       + "<text x=\"\(labelWidth + 310)\" y=\"\(y + 11)\" fill=\"#ece8f4\">only now (new or changed)</text>"
                       + "<text x=\"\(labelWidth + 520)\" y=\"\(y + 11)\" fill=\"#9a93a8\">other ticks: the same in both</text></g>")
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    /// A coordinate with at most one decimal.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    private static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
