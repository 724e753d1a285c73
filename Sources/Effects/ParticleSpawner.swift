import ECS
import Vocabulary

/// Makes newborn particles of one emitter for one step: where they start, how they move,
/// how long they live and what colour they are, all drawn from the emitter's own stream.
struct ParticleSpawner {
    let style: ParticleStyle
    let profile: EmitterProfile
    let configuration: EffectsConfiguration
    let tint: RGBColor
    /// Where the anchor is now; nil for the whole canvas.
    let origin: Vec2?

    private var unit: Float { configuration.unit }
    private static let fullTurn: Float = 6.283_185_307

    /// Particle number `index` of `count` born this step (a burst ring spaces them evenly).
    func make(index: Int, of count: Int, random: inout SeededRandom) -> Particle {
        switch style {
        case .star: return sparkle(random: &random)
        case .ringStar: return ringSparkle(index: index, of: count, random: &random)
        case .flake: return flake(random: &random)
        case .bubble: return bubble(random: &random)
        }
    }

    private func center(random: inout SeededRandom) -> Vec2 {
        if let origin { return origin }
        return Vec2(random.next(in: 0...configuration.canvasWidth),
                    random.next(in: 0...configuration.canvasHeight))
    }

    private func direction(_ angle: Float) -> Vec2 {
        Vec2(SineApproximation.cosine(angle), SineApproximation.sine(angle))
    }

    /// A star that shoots outward from anywhere in a disc around the anchor.
    private func sparkle(random: inout SeededRandom) -> Particle {
        let angle = random.next(in: 0...Self.fullTurn)
        let outward = direction(angle)
        let radius = profile.spread * unit * random.nextUnitFloat().squareRoot()
        let start = center(random: &random) + outward * radius
        return star(at: start, heading: outward, random: &random)
    }

    /// A star of the appear/vanish ring: evenly spaced angles, barely jittered.
    private func ringSparkle(index: Int, of count: Int, random: inout SeededRandom) -> Particle {
        let jitter = random.next(in: Float(-0.08)...0.08)
        let outward = direction(Self.fullTurn * Float(index) / Float(max(count, 1)) + jitter)
        let start = center(random: &random) + outward * (profile.spread * unit)
        return star(at: start, heading: outward, random: &random)
    }

    /// A star leaving `start` along `outward`; its speed, life, size, spin and colour drawn
    /// from the profile (in this order, which fixes the particles a seed gives).
    private func star(at start: Vec2, heading outward: Vec2, random: inout SeededRandom) -> Particle {
        let speed = random.next(in: profile.speed) * unit
        return Particle(
            position: start, velocity: outward * speed,
            lifetime: random.next(in: profile.particleLifetime),
            size: random.next(in: profile.size) * unit,
            rotation: random.next(in: 0...Self.fullTurn),
            spin: random.next(in: -profile.spin...profile.spin),
            phase: random.next(in: 0...Self.fullTurn),
            color: starColor(random: &random))
    }

    /// Mostly the tint, lightened a little; about a third pure white.
    private func starColor(random: inout SeededRandom) -> RGBColor {
        let lightening = random.next(in: Float(0)...0.3)
        return random.chance(0.35) ? .white : tint.mixed(with: .white, lightening)
    }

    /// A flake that falls from above until it reaches the ground: across the canvas it
    /// starts above the top edge and settles somewhere on the floor; around a character it
    /// starts above her head and settles about at her feet.
    private func flake(random: inout SeededRandom) -> Particle {
        let size = random.next(in: profile.size) * unit
        let start: Vec2, ground: Float
        if let origin {
            let spread = profile.spread * unit
            start = Vec2(origin.x + random.next(in: -spread...spread),
                         origin.y - random.next(in: 250...350) * unit)
            ground = origin.y + random.next(in: -10...10) * unit
        } else {
            start = Vec2(random.next(in: 0...configuration.canvasWidth), -size)
            let floor = min(configuration.floorY, configuration.canvasHeight)
            ground = random.next(in: floor...configuration.canvasHeight)
        }
        let fall = random.next(in: profile.speed) * unit
        let drift = random.next(in: -8...8) * unit * (profile.speed.upperBound / 90)
        let reach = (ground - start.y) / fall
        let lifetime = min(max(reach, profile.particleLifetime.lowerBound), profile.particleLifetime.upperBound)
        let whiteness = random.next(in: Float(0)...0.15)
        return Particle(
            position: start, velocity: Vec2(drift, fall), lifetime: lifetime, size: size,
            rotation: random.next(in: 0...Self.fullTurn),
            spin: random.next(in: -profile.spin...profile.spin),
            phase: random.next(in: 0...Self.fullTurn),
            color: RGBColor.white.mixed(with: tint, whiteness).withAlpha(0.9))
    }

    /// A translucent bubble that rises from around the anchor, drifting a little sideways.
    private func bubble(random: inout SeededRandom) -> Particle {
        let spread = profile.spread * unit
        let base = center(random: &random)
        let start = Vec2(base.x + random.next(in: -spread...spread),
                         base.y + random.next(in: -spread...spread) * 0.5)
        let rise = random.next(in: profile.speed) * unit
        let drift = random.next(in: -15...15) * unit * (profile.speed.upperBound / 110)
        return Particle(
            position: start, velocity: Vec2(drift, -rise),
            lifetime: random.next(in: profile.particleLifetime),
            size: random.next(in: profile.size) * unit,
            rotation: 0, spin: 0,
            phase: random.next(in: 0...Self.fullTurn),
            color: tint.mixed(with: .white, random.next(in: 0.3...0.6)).withAlpha(0.45))
    }
}
