import Princess
@testable import PrincessGame
import TestSupport
import Testing

/// An effect with an end, seen in rendered frames: snow from 3 to 8 s with a 1 s fade is
/// gone at 8 s and thins out over the second before; `duration` alone behaves as before.
@Suite struct EffectEndPixelTests {
    private static func scene(_ effect: String?) throws -> SceneDescription {
        let timeline = effect.map { "timeline:\n  - {time: 3, effect: \($0)}\n" } ?? ""
        return try SceneLoader.parse("""
        version: 1
        canvas: {width: 360, height: 640, frame_rate: 30}
        duration: 12
        seed: 7
        background: nightlight
        \(timeline)
        """, fileName: "snow.yaml")
    }

    /// The bytes of `frames` of `scene`, rendered in order.
    private static func render(_ scene: SceneDescription, frames: [Int]) throws -> [Int: [UInt8]] {
        let simulation = SceneSimulation(scene: scene)
        let renderer = FrameRenderer()
        var result: [Int: [UInt8]] = [:]
        for frame in frames {
            simulation.advance(toFrame: frame)
            result[frame] = try frameBytes(renderer.render(simulation.snapshot()))
        }
        return result
    }

    /// How much snow a frame shows: pixels that differ from the same room without the
    /// effect, and the summed colour difference ("ink", which falls as the flakes fade).
    private static func snow(_ frame: [UInt8], against empty: [UInt8]) -> (pixels: Int, ink: Int) {
        var pixels = 0, ink = 0
        for pixel in stride(from: 0, to: frame.count, by: 4) {
            var difference = 0
            for channel in 0..<3 { difference += abs(Int(frame[pixel + channel]) - Int(empty[pixel + channel])) }
            if difference > 0 { pixels += 1; ink += difference }
        }
        return (pixels, ink)
    }

    @Test func afterUntilNoFlakeIsDrawnAndDuringTheFadeTheyThinOut() throws {
        let frames = [200, 210, 218, 226, 234, 239, 240, 255, 300]
        let empty = try Self.render(Self.scene(nil), frames: frames)
        let ending = try Self.render(Self.scene("{kind: snow, until: 8, fade: 1}"), frames: frames)
        let snow = Dictionary(uniqueKeysWithValues: frames.map { ($0, Self.snow(ending[$0]!, against: empty[$0]!)) })
        // Before the fade (6.7 s) the snow is there in full.
        #expect(snow[200]!.pixels > 500, "\(snow[200]!)")
        // From 7 s to 8 s it fades: less ink at every frame, little left just before the end.
        let fading = [210, 218, 226, 234, 239].map { snow[$0]!.ink }
        #expect(zip(fading, fading.dropFirst()).allSatisfy { $0 > $1 }, "\(fading)")
        #expect(fading.last! * 10 < fading.first!, "\(fading)")
        // At 8 s and after, not one pixel of snow.
        for frame in [240, 255, 300] { #expect(snow[frame]!.pixels == 0, "frame \(frame): \(snow[frame]!)") }
    }

    @Test func anEndChangesNothingBeforeItsFadeAndDurationAloneKeepsTheOldTail() throws {
        let frames = [150, 200, 209, 300]
        let empty = try Self.render(Self.scene(nil), frames: frames)
        let ending = try Self.render(Self.scene("{kind: snow, until: 8, fade: 1}"), frames: frames)
        let old = try Self.render(Self.scene("{kind: snow, duration: 5}"), frames: frames)
        // Up to the fade the scene that asks for an end is the old one, byte for byte.
        for frame in [150, 200, 209] { #expect(ending[frame] == old[frame], "frame \(frame)") }
        // `duration` alone stops new flakes only: at 10 s its last flakes still fall.
        #expect(Self.snow(old[300]!, against: empty[300]!).pixels > 100)
        #expect(Self.snow(ending[300]!, against: empty[300]!).pixels == 0)
    }
}
