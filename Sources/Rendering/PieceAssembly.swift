import Foundation
import Output
import Shards

/// `assemble`: the pieces `render --shard` wrote into a folder, checked to belong together and
/// to cover every frame, then joined without re-encoding, the sound muxed once. PNG pieces
/// are checked only: their frames are already the final ones.
public struct PieceAssembly {
    /// The plan the pieces make: the reference piece, every piece, the sound.
    public let plan: AssemblyPlan
    /// The folder the pieces are in (without a trailing slash).
    public let folder: String
    /// The video written, if the pieces are video segments.
    public let outputs: [String]
    /// Seconds the check and the join took.
    public let seconds: Double

    /// Pieces that cannot be assembled as asked: one missing or foreign, or an output that does
    /// not fit them. Says which, in a line a person can act on.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks the pieces in `folder` and joins them into `output` (default
    /// `out/<scene>.<format>`). Throws `Refusal` for pieces or an output that do not fit, and
    /// `OutputError` when ffmpeg fails.
    public init(folder: String, output: String?) throws {
        let started = ContinuousClock.now
        let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let plan: AssemblyPlan
        do {
            plan = try PieceFolder.plan(folder)
        } catch let failure as AssemblyPlan.Failure {
            throw Refusal(description: failure.description)
        } catch let error as OutputError {
            throw Refusal(description: error.description)
        }
        let reference = plan.reference
        var outputs: [String] = []
        if let format = VideoFormat(rawValue: reference.format) {
            let path = output ?? "out/\(reference.scene).\(format.rawValue)"
            guard VideoFormat(path: path) == format else {
                throw Refusal(description: "the pieces are \(format.rawValue) segments: the output must end in .\(format.rawValue), not \(path)")
            }
            try SegmentJoiner.join(segments: plan.pieces.map { (folder + "/" + $0.file!, Double($0.frames.range.count) / Double($0.frameRate)) },
                                   sound: plan.sound.map { folder + "/" + $0 }, format: format, to: path)
            outputs.append(path)
        } else if let output {
            throw Refusal(description: "the pieces in \(folder) are PNG frames, already final: there is nothing to join into \(output)")
        }
        let elapsed = started.duration(to: .now)
        self.plan = plan
        self.folder = folder
        self.outputs = outputs
        seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The line `assemble` prints on standard error: the pieces, what they hold and where they went.
    public var summaryLine: String {
        let reference = plan.reference
        let what = outputs.isEmpty ? "are complete (PNG frames in \(folder))" : "joined into \(outputs[0])"
        return "\(plan.pieces.count) piece\(plan.pieces.count == 1 ? "" : "s") of \"\(reference.scene)\" (frames \(reference.whole), "
            + "\(reference.width)x\(reference.height), \(reference.frameRate) fps\(plan.sound == nil ? "" : ", with sound")) \(what)"
            + String(format: " in %.2f s", seconds)
    }

    /// The summary `assemble --json` prints, as `render --json` does for one render.
    public var summary: RenderSummary {
        let reference = plan.reference
        return RenderSummary(scene: reference.scene, outcome: RenderOutcome(
            frames: reference.whole.range, width: reference.width, height: reference.height,
            framesPerSecond: reference.frameRate, seconds: seconds, outputs: outputs))
    }
}
