import ECS
import Drawing
import Effects
import Princess
import PrincessTestSupport
@testable import PrincessGame
import Testing
import Vocabulary

/// Every built-in effect can be seen on every built-in room: rendered over the room and
/// compared with the room alone at the same frame, its particles stand out in brightness
/// (which is what the eye separates first) and read as separate shapes, not a haze.
@Suite struct EffectContrastPixelTests {
    private static let width = 640, height = 360

    /// One effect as a scene starts it: its kind, where, in what colour, and the moment looked at.
    struct Case: CustomStringConvertible, Sendable {
        let kind: EffectKind
        let anchor: EmitterAnchor
        /// The colour it is started in: white at a point or across the canvas, a princess's at her.
        let tint: RGBColor
        let tintName: String
        /// Seconds after the start: the kind in full flow (the burst lives half a second).
        let seconds: Double

        var description: String {
            let place: String
            switch anchor {
            case .canvas: place = "across the canvas"
            case .point: place = "at a point"
            default: place = "\(anchor)"
            }
            return "\(kind) \(place) in \(tintName)"
        }
    }

    private static let centre = EmitterAnchor.point(Vec2(Float(width) / 2, Float(height) * 0.45))

    /// Each kind white at a point (as `at:` starts it), snow also across the canvas, and each
    /// kind in every princess's colour (as `target:` starts it).
    static let cases: [Case] = {
        let moments: [EffectKind: Double] = [.sparkles: 0.5, .snow: 1.5, .bubbles: 1.5, .burst: 0.25]
        let tints = [("white", RGBColor.white)] + CharacterKind.allCases.map { ($0.rawValue, $0.themeColor) }
        var cases: [Case] = []
        for definition in EffectDefinition.builtIn {
            let kind = definition.kind, seconds = moments[kind] ?? 1
            for (name, tint) in tints {
                cases.append(Case(kind: kind, anchor: centre, tint: tint, tintName: name, seconds: seconds))
            }
            if kind == .snow {
                cases.append(Case(kind: kind, anchor: .canvas, tint: .white, tintName: "white", seconds: 6))
            }
        }
        return cases
    }()

    /// The particles of `effect` alone on a 640×360 canvas after its seconds, from seed 7.
    private static func particles(_ effect: Case) -> [ParticleView] {
        let world = World(), schedule = Schedule(stepsPerSecond: 60)
        let configuration = EffectsConfiguration(seed: 7, canvasWidth: Float(width), canvasHeight: Float(height),
                                                 floorY: Float(height) * 0.55)
        EffectsSystems.install(in: schedule, world: world, configuration: configuration) { _, _ in nil }
        world.startEffect(EffectRequest(kind: effect.kind, anchor: effect.anchor, tint: effect.tint))
        schedule.step(world, count: Int((effect.seconds * 60).rounded()))
        return particleViews(in: world)
    }

    /// Rec. 601 luma of each pixel, 0…255 (the bytes are BGRA).
    private static func luma(_ pixels: FramePixels) -> [Double] {
        var luma = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (blue, green, red, _) = pixels.bgra(x: x, y: y)
                luma[y * width + x] = 0.114 * Double(blue) + 0.587 * Double(green) + 0.299 * Double(red)
            }
        }
        return luma
    }

    /// How an effect reads over a room.
    struct Contrast: CustomStringConvertible {
        /// Particles in the first half of their lives (none fading or popping yet) on the canvas.
        var particles = 0
        /// Of those, how many have enough of their own pixels visibly brighter or darker than the room.
        var seen = 0
        /// Pixels whose luma differs from the room's by the visible step.
        var visiblePixels = 0
        /// Separate patches of such pixels.
        var shapes = 0

        var seenShare: Double { particles == 0 ? 1 : Double(seen) / Double(particles) }

        var description: String {
            "\(seen) of \(particles) particles seen (\(Int((seenShare * 100).rounded())) %), "
                + "\(visiblePixels) visible pixels in \(shapes) shapes"
        }
    }

    /// A luma step of 20 in 255 (about 8 %) is an edge a viewer sees at a glance on a phone,
    /// well above the 1–2 % a trained eye can just make out.
    static let visibleStep = 20.0
    /// A particle is seen when as many of its pixels stand out as would trace half the outline
    /// of its disc: a bubble's ring, a star's body, a flake's arms, not an anti-aliased speck.
    static let seenOutline = 0.5
    /// Nine in ten particles seen: the rest may sit on a patch of their own colour for a moment.
    static let seenShareNeeded = 0.9
    /// At least one separate patch per three particles seen: particles born together overlap
    /// near the emitter, but a haze over the room would be one patch.
    static let particlesPerShape = 3

    /// The room alone, as luma, drawn once per room.
    private static func roomLuma(_ backdrop: Backdrop) throws -> [Double] {
        luma(try FrameRenderer().render(SnapshotFixtures.room(backdrop, width: width, height: height)))
    }

    static func contrast(of effect: Case, over room: [Double], on backdrop: Backdrop) throws -> Contrast {
        var snapshot = SnapshotFixtures.room(backdrop, width: width, height: height)
        let views = particles(effect)
        snapshot.particles = views
        let drawn = luma(try FrameRenderer().render(snapshot))
        var visible = [Bool](repeating: false, count: drawn.count)
        for i in drawn.indices { visible[i] = abs(drawn[i] - room[i]) >= visibleStep }
        var result = Contrast()
        result.visiblePixels = visible.lazy.filter { $0 }.count
        result.shapes = patches(visible)
        for view in views where view.lifeFraction < 0.5 && view.pop == 0 {
            let x = Double(view.position.x), y = Double(view.position.y), radius = max(Double(view.size), 2)
            guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { continue }
            result.particles += 1
            var standing = 0
            for py in max(0, Int(y - radius))...min(height - 1, Int(y + radius)) {
                for px in max(0, Int(x - radius))...min(width - 1, Int(x + radius)) {
                    let dx = Double(px) + 0.5 - x, dy = Double(py) + 0.5 - y
                    if dx * dx + dy * dy <= radius * radius, visible[py * width + px] { standing += 1 }
                }
            }
            if Double(standing) >= seenOutline * 2 * Double.pi * radius { result.seen += 1 }
        }
        return result
    }

    /// The number of 4-connected patches of true pixels.
    private static func patches(_ mask: [Bool]) -> Int {
        var seen = [Bool](repeating: false, count: mask.count), count = 0, stack: [Int] = []
        for start in mask.indices where mask[start] && !seen[start] {
            count += 1
            stack.append(start)
            seen[start] = true
            while let i = stack.popLast() {
                let x = i % width
                if x + 1 < width, mask[i + 1], !seen[i + 1] { seen[i + 1] = true; stack.append(i + 1) }
                if x > 0, mask[i - 1], !seen[i - 1] { seen[i - 1] = true; stack.append(i - 1) }
                if i + width < mask.count, mask[i + width], !seen[i + width] { seen[i + width] = true; stack.append(i + width) }
                if i >= width, mask[i - width], !seen[i - width] { seen[i - width] = true; stack.append(i - width) }
            }
        }
        return count
    }

    @Test func everyEffectIsSeenOnEveryRoom() throws {
        var faint: [String] = []
        for backdrop in Backdrop.allCases {
            let room = try Self.roomLuma(backdrop)
            for effect in Self.cases {
                let measured = try Self.contrast(of: effect, over: room, on: backdrop)
                #expect(measured.particles >= 3, "\(effect) on \(backdrop): too few particles to judge (\(measured))")
                if measured.seenShare < Self.seenShareNeeded || measured.shapes * Self.particlesPerShape < measured.seen {
                    faint.append("\(effect) on \(backdrop): \(measured)")
                }
            }
        }
        #expect(faint.isEmpty, "faint on their room (\(faint.count) of \(Self.cases.count * Backdrop.allCases.count)):\n\(faint.joined(separator: "\n"))")
    }

    /// The rim is chosen against the ground: none for a light particle over the night room's
    /// wall (it stands out, and its pixels stay as they were), deep over a day room's wall but
    /// soft (at most three quarters of the particle's opacity, so white still reads as white), pale for a
    /// dark particle over the night wall.
    @Test func aRimOnlyWhereTheParticleDoesNotStandOut() throws {
        let nightWall = ParticleGround.luma(RGBColor(0.16, 0.17, 0.36)), bedroomWall = ParticleGround.luma(RGBColor(1, 0.93, 0.95))
        #expect(ParticleGround.rim(of: .flake, color: .white, onGround: nightWall) == nil)
        let deep = try #require(ParticleGround.rim(of: .flake, color: .white, onGround: bedroomWall))
        #expect(deep.strength == 0.75 && ParticleGround.luma(deep.color) < 0.4, "\(deep)")
        #expect(ParticleGround.rim(of: .star, color: .white, onGround: bedroomWall)?.strength == 0.45)
        #expect(ParticleGround.rim(of: .bubble, color: .white, onGround: bedroomWall)?.strength == 0.55)
        let pale = try #require(ParticleGround.rim(of: .bubble, color: RGBColor(0.2, 0.1, 0.4), onGround: nightWall))
        #expect(pale.strength > 0.9 && ParticleGround.luma(pale.color) > 0.7, "\(pale)")
    }
}
