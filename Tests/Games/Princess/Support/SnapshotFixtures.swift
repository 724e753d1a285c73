import Foundation
import ECS
import Effects
import Princess
import Vocabulary

/// Hand-built snapshots for render tests: the renderer is tested on scenes whose every
/// number is known, independently of the simulation.
public enum SnapshotFixtures {
    /// An empty room of the given look.
    public static func room(_ backdrop: Backdrop = .bedroom, width: Int = 640, height: Int = 360,
                     highContrast: Bool = false) -> SceneSnapshot {
        SceneSnapshot(width: width, height: height, frame: 0, time: 0, backdrop: backdrop,
                      highContrast: highContrast, reduceMotion: false, horizonY: Float(height) * 0.55,
                      characters: [], particles: [])
    }

    /// The five princesses standing in a row across the floor.
    public static func lineUp(width: Int = 640, height: Int = 360, backdrop: Backdrop = .bedroom,
                       highContrast: Bool = false) -> SceneSnapshot {
        var snapshot = room(backdrop, width: width, height: height, highContrast: highContrast)
        let kinds = CharacterKind.allCases
        snapshot.characters = kinds.enumerated().map { index, kind in
            let x = Float(width) * (Float(index) + 0.5) / Float(kinds.count)
            return CharacterPose(id: kind.rawValue, kind: kind, position: Vec2(x, Float(height) * 0.9),
                                 baseHeight: Float(height) * 0.55)
        }
        return snapshot
    }

    /// One princess in the middle of the floor.
    public static func single(_ kind: CharacterKind, width: Int = 640, height: Int = 360,
                       highContrast: Bool = false, pose: (inout CharacterPose) -> Void = { _ in }) -> SceneSnapshot {
        var snapshot = room(width: width, height: height, highContrast: highContrast)
        var character = CharacterPose(id: kind.rawValue, kind: kind, position: Vec2(Float(width) / 2, Float(height) * 0.9),
                                      baseHeight: Float(height) * 0.55)
        pose(&character)
        snapshot.characters = [character]
        return snapshot
    }

    /// A deterministic busy frame: five princesses in varied poses and `particleCount` particles
    /// of every kind, moving with `frame`.
    public static func busy(frame: Int, width: Int = 1280, height: Int = 720, particleCount: Int = 1000) -> SceneSnapshot {
        var snapshot = lineUp(width: width, height: height)
        snapshot.frame = frame
        let t = Float(frame) / 30
        for index in snapshot.characters.indices {
            let phase = t * 3 + Float(index)
            snapshot.characters[index].sway = 0.08 * sin(phase)
            snapshot.characters[index].waveArmAngle = 1.6 + 0.6 * sin(phase * 2)
            snapshot.characters[index].blink = (frame + index * 7) % 40 < 3 ? 1 : 0
            snapshot.characters[index].lift = index == 2 ? 40 * abs(sin(t * 2)) : 0
            snapshot.characters[index].spin = index == 4 ? (t * 4).truncatingRemainder(dividingBy: 2 * .pi) : 0
        }
        var random = SplitMix(seed: 42)
        let unit = Float(min(width, height)) / 1000
        let kinds: [EffectKind] = [.sparkles, .snow, .bubbles, .burst]
        snapshot.particles = (0..<particleCount).map { i in
            let kind = kinds[i % kinds.count]
            let x = random.unit() * Float(width), y0 = random.unit() * Float(height)
            let y = (y0 + Float(frame) * (kind == .bubbles ? -2 : 2)).truncatingRemainder(dividingBy: Float(height))
            let size: Float = kind == .snow ? 4 + random.unit() * 5 : kind == .bubbles ? 14 + random.unit() * 12 : 10 + random.unit() * 12
            let color = kind == .snow ? RGBColor.white : CharacterKind.allCases[i % 5].themeColor
            return ParticleView(kind: kind, style: EffectDefinition.standard(kind)!.style, position: Vec2(x, y < 0 ? y + Float(height) : y), size: size * unit,
                                color: color.withAlpha(kind == .bubbles ? 0.45 : 0.9),
                                rotation: random.unit() * 6 + t, lifeFraction: random.unit(),
                                pop: kind == .bubbles && i % 16 == 2 ? random.unit() : 0)
        }
        return snapshot
    }
}

/// A tiny deterministic generator for fixtures.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
