import Foundation
import Scene

/// A moment given on the command line: a frame number (`150`) or a time in the scene
/// (`5s`, `2.5s`, `1:05`, `1:05.5`), which becomes a frame once the frame rate is known.
public enum FrameTime: Equatable, Sendable, CustomStringConvertible {
    /// A frame number, from 0.
    case frame(Int)
    /// Seconds from the scene's start.
    case seconds(Double)

    /// The moment `text` names, or nil when it names none. A bare number is a frame number,
    /// or seconds when `bareNumbersAreSeconds` (`--at 5` is the moment 5 s, as it reads).
    public init?(text: String, bareNumbersAreSeconds: Bool = false) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if bareNumbersAreSeconds, let seconds = Self.number(Substring(text)) {
            self = .seconds(seconds)
        } else if !bareNumbersAreSeconds, let frame = Int(text), frame >= 0 {
            self = .frame(frame)
        } else if text.hasSuffix("s"), let seconds = Self.number(text.dropLast()) {
            self = .seconds(seconds)
        } else if let colon = text.firstIndex(of: ":"), let minutes = Int(text[..<colon]), minutes >= 0,
                  let seconds = Self.number(text[text.index(after: colon)...]), seconds < 60,
                  text[text.index(after: colon)...].first != "-" {
            self = .seconds(Double(minutes) * 60 + seconds)
        } else {
            return nil
        }
    }

    private static func number(_ text: Substring) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400,
              text.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return value
    }

    /// The frame at this moment at `framesPerSecond` (a time falls on the frame showing it).
    public func frame(framesPerSecond: Int) -> Int {
        switch self {
        case .frame(let frame): return frame
        case .seconds(let seconds): return Int((seconds * Double(framesPerSecond)).rounded(.toNearestOrAwayFromZero))
        }
    }

    /// As the user wrote it, normalised: `150`, `5s`, `2.5s`.
    public var description: String {
        switch self {
        case .frame(let frame): return "\(frame)"
        case .seconds(let seconds): return FrameTime.format(seconds) + "s"
        }
    }

    /// Seconds with as few decimals as they need (5, 2.5, 7.25).
    static func format(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// How a moment is written, for help and error messages.
    public static let forms = "a frame number (150) or a time (5s, 2.5s, 1:05)"
}

/// The frames `--frames A-B` or `--frames A-` names: A through B inclusive, or A to the end.
/// A and B are frame numbers or times; a time as the end is where the span stops, so
/// `9s-12s` is three seconds of frames (270–359 at 30 fps).
public struct RequestedFrames: Equatable, Sendable {
    /// The first moment.
    public let first: FrameTime
    /// The last frame, or the time where the span stops; nil: to the end.
    public let last: FrameTime?

    /// The span `text` names (`A-B`, `A-`, `9s-12s`), or nil when it names none.
    public init?(text: String) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = FrameTime(text: String(parts[0])) else { return nil }
        if parts[1].isEmpty {
            last = nil
        } else {
            // A span given backwards is read, and refused in its own words by `problem`.
            guard let last = FrameTime(text: String(parts[1])) else { return nil }
            self.last = last
        }
        self.first = first
    }

    /// A span of frame numbers.
    public init(first: Int, last: Int?) {
        self.first = .frame(first)
        self.last = last.map { .frame($0) }
    }

    /// As the user wrote it.
    public var text: String { "\(first)-\(last.map(\.description) ?? "")" }

    /// What is wrong with it (a span given backwards, "100-50", an empty one, "5s-5s", or one
    /// that mixes a frame number and a time, "2-4s", past frame 0), or nil.
    public var problem: String? {
        guard let last else { return nil }
        switch (first, last) {
        case (.frame, .frame):
            return isForward(framesPerSecond: 1) ? nil : "--frames \(text): the last frame comes before the first; give A-B with A ≤ B"
        case (.seconds, .seconds):
            return isForward(framesPerSecond: 1_000) ? nil : "--frames \(text): the span ends where it starts or before; give A-B with A before B"
        case (.frame(0), _):
            return nil  // frame 0 is also 0 s: `0-7s` is plain
        default:
            // `2-4s` reads as two to four seconds but would be frame 2 to 4 s: say so rather than guess.
            return "--frames \(text) mixes a frame number and a time: give both ends as frames (60-119) or both as times (2s-4s)"
        }
    }

    private func isForward(framesPerSecond: Int) -> Bool {
        guard let last else { return true }
        let end = last.frame(framesPerSecond: framesPerSecond)
        if case .seconds = last { return end > first.frame(framesPerSecond: framesPerSecond) }
        return end >= first.frame(framesPerSecond: framesPerSecond)
    }

    /// The first and last frame at `framesPerSecond` (last nil: to the end); throws when the
    /// span is empty or backwards there.
    public func frames(framesPerSecond: Int) throws -> (first: Int, last: Int?) {
        let start = first.frame(framesPerSecond: framesPerSecond)
        guard let last else { return (start, nil) }
        guard isForward(framesPerSecond: framesPerSecond) else {
            throw RenderRequestError("--frames \(text) holds no frame at \(framesPerSecond) fps: the end comes before the start")
        }
        if case .seconds = last { return (start, last.frame(framesPerSecond: framesPerSecond) - 1) }
        return (start, last.frame(framesPerSecond: framesPerSecond))
    }
}

/// The stills `--frame 60,150,300` (or `--at 2,5.5`, in seconds) names: one or more moments.
public struct RequestedStills: Equatable, Sendable {
    /// The moments, in the order given.
    public let moments: [FrameTime]
    /// The option that named them, for messages: `--frame` or `--at`.
    public let option: String

    /// The moments `text` names (comma-separated), or nil when any names none; `--at` reads a
    /// bare number as seconds, `--frame` as a frame number.
    public init?(text: String, option: String = "--frame") {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let moments = parts.compactMap { FrameTime(text: String($0), bareNumbersAreSeconds: option == "--at") }
        guard !moments.isEmpty, moments.count == parts.count else { return nil }
        self.moments = moments
        self.option = option
    }

    /// One frame.
    public init(frame: Int) {
        moments = [.frame(frame)]
        option = "--frame"
    }

    /// As the user wrote it.
    public var text: String { moments.map(\.description).joined(separator: ",") }
}

/// A canvas size given as `WxH` on the command line (the scene file's `CanvasSize`).
extension CanvasSize {
    /// The sizes a canvas may have: the scene file's limits.
    public static let widths = SceneFileLimits.canvasWidths
    /// The sizes a canvas may have: the scene file's limits.
    public static let heights = SceneFileLimits.canvasHeights

    /// The sizes known by name, as video tools and players name them (16:9); `-portrait` turns one on its side.
    public static let named: KeyValuePairs<String, CanvasSize> = [
        "480p": CanvasSize(width: 854, height: 480), "720p": CanvasSize(width: 1280, height: 720),
        "1080p": CanvasSize(width: 1920, height: 1080), "1440p": CanvasSize(width: 2560, height: 1440),
        "2160p": CanvasSize(width: 3840, height: 2160), "4k": CanvasSize(width: 3840, height: 2160),
    ]

    /// How a size is written, for help and refusals.
    public static let forms = "WxH (1280x720) or a name: 720p, 1080p, 4K (2160p), 1080p-portrait"

    /// The size `text` names (`1280x720`, `1080p`, `4K`, `720p-portrait`), or nil when it names none.
    public init?(text: String) {
        var name = text.lowercased()
        let portrait = name.hasSuffix("-portrait")
        if portrait { name.removeLast("-portrait".count) }
        if let size = Self.named.first(where: { $0.key == name })?.value {
            self = portrait ? CanvasSize(width: size.height, height: size.width) : size
            return
        }
        let parts = name.split(separator: "x", omittingEmptySubsequences: false)
        guard !portrait, parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    /// What is wrong with it given with `option`: a size outside the limits, saying them; or nil.
    public func problem(_ option: String) -> String? {
        guard !Self.widths.contains(width) || !Self.heights.contains(height) else { return nil }
        return "\(option) \(width)x\(height) is out of range: the width must be \(Self.widths.lowerBound)…\(Self.widths.upperBound) "
            + "and the height \(Self.heights.lowerBound)…\(Self.heights.upperBound), as for a scene's canvas"
    }
}

extension FrameChoice {
    /// The frames `--frame` (stills by number), `--at` (stills by time) or `--frames` (a span)
    /// name, at most one of them given; all frames when none is. Throws `RenderRequestError`
    /// for a value that names none.
    public static func parse(stills: String?, at moments: String? = nil, span: String?) throws -> FrameChoice {
        if [stills, moments, span].compactMap({ $0 }).count > 1 { throw RenderRequestError("give one of --frame, --at or --frames, not several") }
        if let stills {
            guard let parsed = RequestedStills(text: stills) else {
                throw RenderRequestError("--frame \(stills): give frame numbers from 0 or times (5s, 2.5s, 1:05), comma-separated")
            }
            return .stills(parsed)
        }
        if let moments {
            guard let parsed = RequestedStills(text: moments, option: "--at") else {
                throw RenderRequestError("--at \(moments): give times in seconds (5, 2.5, 1:05), comma-separated; --frame N names a frame")
            }
            return .stills(parsed)
        }
        guard let span else { return .all }
        guard let parsed = RequestedFrames(text: span) else {
            throw RenderRequestError("--frames \(span): give A-B or A- with frame numbers from 0 or times (9s-12s)")
        }
        if let problem = parsed.problem { throw RenderRequestError(problem) }
        return .span(parsed)
    }
}
