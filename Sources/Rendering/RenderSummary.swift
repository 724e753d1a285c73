import Foundation

/// The machine-readable summary `render --json` and `assemble --json` print: the frames, size,
/// rate, time, speed and files of a render, and the recording whose claps it heard.
public struct RenderSummary: Encodable {
    /// The scene's name.
    public let scene: String
    /// What the render made.
    public let outcome: RenderOutcome
    /// The recording whose claps the scene heard, or nil.
    public var clapAudio: String?
    /// How many claps were heard in it.
    public var clapsHeard: Int

    /// The summary of `outcome`, a render of `scene` that heard `clapsHeard` claps of `clapAudio`.
    public init(scene: String, outcome: RenderOutcome, clapAudio: String? = nil, clapsHeard: Int = 0) {
        self.scene = scene
        self.outcome = outcome
        self.clapAudio = clapAudio
        self.clapsHeard = clapsHeard
    }

    enum CodingKeys: String, CodingKey {
        case scene, frames, firstFrame = "first_frame", lastFrame = "last_frame", width, height, frameRate = "frame_rate"
        case seconds, fps, clapAudio = "clap_audio", clapsHeard = "claps_heard", outputs
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scene, forKey: .scene)
        try container.encode(outcome.drawn, forKey: .frames)
        try container.encode(outcome.frames.lowerBound, forKey: .firstFrame)
        try container.encode(outcome.frames.upperBound - 1, forKey: .lastFrame)
        try container.encode(outcome.width, forKey: .width)
        try container.encode(outcome.height, forKey: .height)
        try container.encode(outcome.framesPerSecond, forKey: .frameRate)
        try container.encode((outcome.seconds * 1000).rounded() / 1000, forKey: .seconds)
        try container.encode((Double(outcome.drawn) / max(outcome.seconds, 1e-9) * 10).rounded() / 10, forKey: .fps)
        try container.encode(clapAudio, forKey: .clapAudio)
        try container.encode(clapsHeard, forKey: .clapsHeard)
        try container.encode(outcome.outputs, forKey: .outputs)
    }

    /// The summary as one line of JSON.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
