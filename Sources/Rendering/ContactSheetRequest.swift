import Drawing

/// What `--contact-sheet every=15[,columns=6][,width=240]` asks for: every Nth frame (or one
/// every so many seconds: `every=0.5s`) as a labelled thumbnail on one PNG.
public struct ContactSheetRequest: Equatable, Sendable {
    /// The step from one thumbnail to the next.
    public var every: FrameTime
    /// Thumbnails per row.
    public var columns: Int = 6
    /// Each thumbnail's width in pixels; nil: the frame fitted into 240×240.
    public var width: Int?
    /// The most thumbnails on one sheet.
    public static let most = 400

    /// The request `text` names, or a sentence saying what is wrong with it.
    public static func parse(_ text: String) -> Result<ContactSheetRequest, RenderRequestError> {
        var every: FrameTime?
        var request = ContactSheetRequest(every: .frame(1))
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return .failure(problem(text, "'\(part)' is not key=value")) }
            switch pair[0] {
            case "every":
                guard let step = FrameTime(text: pair[1]), step.frame(framesPerSecond: 1_000) > 0 else {
                    return .failure(problem(text, "every=\(pair[1]) is not a step: give frames (every=15) or a time (every=0.5s)"))
                }
                every = step
            case "columns":
                guard let columns = Int(pair[1]), (1...50).contains(columns) else {
                    return .failure(problem(text, "columns=\(pair[1]) is out of range: it must be 1…50"))
                }
                request.columns = columns
            case "width":
                guard let width = Int(pair[1]), (16...1920).contains(width) else {
                    return .failure(problem(text, "width=\(pair[1]) is out of range: it must be 16…1920 pixels"))
                }
                request.width = width
            default:
                return .failure(problem(text, "unknown key '\(pair[0])': the keys are every, columns and width"))
            }
        }
        guard let every else { return .failure(problem(text, "give every=N (frames) or every=Ts (seconds)")) }
        request.every = every
        return .success(request)
    }

    private static func problem(_ text: String, _ what: String) -> RenderRequestError {
        RenderRequestError("--contact-sheet \(text): \(what)")
    }

    /// The frames on the sheet: from the span's first frame, one every step, at `framesPerSecond`.
    public func frames(of span: Range<Int>, framesPerSecond: Int) throws -> [Int] {
        let step = every.frame(framesPerSecond: framesPerSecond)
        guard step > 0 else {
            throw RenderRequestError("--contact-sheet every=\(every) is less than a frame at \(framesPerSecond) fps")
        }
        let frames = Array(stride(from: span.lowerBound, to: span.upperBound, by: step))
        guard frames.count <= Self.most else {
            throw RenderRequestError("--contact-sheet every=\(every) makes \(frames.count) thumbnails of frames \(span.lowerBound)-\(span.upperBound - 1); "
                + "a sheet holds at most \(Self.most): give a larger step or fewer --frames")
        }
        return frames
    }

    /// The thumbnail size for frames of `width`×`height`.
    public func thumbnailSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = self.width.map { Double($0) / Double(width) } ?? min(240 / Double(width), 240 / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The step as the title says it: "15 frames", "0.5s".
    public var stepText: String {
        if case .frame(let frames) = every { return frames == 1 ? "frame" : "\(frames) frames" }
        return "\(every)"
    }

    /// The label under frame `frame`: its number and its time.
    public static func label(frame: Int, framesPerSecond: Int) -> String {
        "frame \(frame) · \(String(format: "%.2f", Double(frame) / Double(framesPerSecond))) s"
    }
}
