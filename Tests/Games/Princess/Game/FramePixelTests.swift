import Drawing
import PrincessTestSupport
import TestSupport
import Testing
import ECS
import Effects
import Princess
@testable import PrincessGame
import Vocabulary

/// What the renderer draws, checked by reading pixels back.
@Suite struct FramePixelTests {
    private func distance(_ p: (red: Int, green: Int, blue: Int, alpha: Int), _ c: RGBColor) -> Int {
        abs(p.red - Int(c.red * 255)) + abs(p.green - Int(c.green * 255)) + abs(p.blue - Int(c.blue * 255))
    }

    @Test func whereNothingIsDrawnTheRoomShows() throws {
        let room = try frameBytes(FrameRenderer().render(SnapshotFixtures.room(width: 640, height: 360)))
        let renderer = FrameRenderer()
        let pixels = try renderer.render(SnapshotFixtures.single(.luna, width: 640, height: 360))
        let bytes = frameBytes(pixels)
        // Far left of the wall, and the floor's far right corner: untouched by her.
        for (x, y) in [(20, 20), (620, 350), (40, 250)] {
            let i = (y * 640 + x) * 4
            #expect(Array(bytes[i..<i + 4]) == Array(room[i..<i + 4]), "pixel \(x),\(y)")
        }
        // The bedroom wall is a soft pink: red above green, fully opaque.
        let wall = pixels.rgba(x: 600, y: 20)
        #expect(wall.alpha == 255)
        #expect(wall.red > wall.green + 10 && wall.red > 200)
    }

    @Test(arguments: Backdrop.allCases, [false, true])
    func aRoomIsOpaqueWhereTheHorizonFallsInsideARow(backdrop: Backdrop, highContrast: Bool) throws {
        // 0.55 × 359 = 197.45: the wall and the floor each cover part of row 197.
        var snapshot = SnapshotFixtures.room(backdrop, width: 641, height: 359, highContrast: highContrast)
        snapshot.horizonY = 197.45
        let pixels = try FrameRenderer().render(snapshot)
        for y in 195..<200 {
            for x in stride(from: 0, to: 641, by: 7) {
                #expect(pixels.rgba(x: x, y: y).alpha == 255, "pixel \(x),\(y)")
            }
        }
    }

    @Test(arguments: CharacterKind.allCases)
    func eachPrincessWearsHerThemeColour(kind: CharacterKind) throws {
        let snapshot = SnapshotFixtures.single(kind, width: 640, height: 360)
        let pose = snapshot.characters[0]
        let pixels = try FrameRenderer().render(snapshot)
        // Her skirt, a little left of the middle, a fifth of her height above her feet.
        let x = Int(pose.position.x - pose.baseHeight * 0.05), y = Int(pose.position.y - pose.baseHeight * 0.2)
        let colour = pixels.rgba(x: x, y: y)
        let nearest = CharacterKind.allCases.min { distance(colour, $0.themeColor) < distance(colour, $1.themeColor) }
        #expect(nearest == kind, "skirt pixel \(colour) is nearest to \(String(describing: nearest))")
        #expect(distance(colour, kind.themeColor) < 120)
    }

    @Test func aParticleShowsWhereItWasEmitted() throws {
        var snapshot = SnapshotFixtures.room(width: 640, height: 360)
        let empty = try FrameRenderer().render(snapshot).rgba(x: 200, y: 100)
        snapshot.particles = [ParticleView(kind: .sparkles, style: .star, position: Vec2(200, 100), size: 10,
                                           color: RGBColor(0.2, 0.8, 1), rotation: 0.3, lifeFraction: 0.5)]
        let renderer = FrameRenderer()
        let pixels = try renderer.render(snapshot)
        let centre = pixels.rgba(x: 200, y: 100)
        #expect(centre != empty)
        // The star's arm is its colour lightened toward white: blue well above red.
        let arm = pixels.rgba(x: 200, y: 95)
        #expect(arm.blue > arm.red + 40, "\(arm)")
        // Thirty pixels away the wall is untouched.
        #expect(pixels.rgba(x: 230, y: 130) == (try FrameRenderer().render(SnapshotFixtures.room(width: 640, height: 360))).rgba(x: 230, y: 130))
    }

    @Test(arguments: EffectDefinition.builtIn.map(\.kind))
    func everyParticleKindIsDrawn(kind: EffectKind) throws {
        var snapshot = SnapshotFixtures.room(.nightlight, width: 320, height: 180)
        let before = try frameBytes(FrameRenderer().render(snapshot))
        snapshot.particles = [ParticleView(kind: kind, style: EffectDefinition.standard(kind)!.style, position: Vec2(160, 60), size: 8, color: .white.withAlpha(0.9),
                                           rotation: 0, lifeFraction: 0.2)]
        let after = try frameBytes(FrameRenderer().render(snapshot))
        let changed = zip(before, after).filter { $0 != $1 }.count
        #expect(changed > 20)
    }

    /// Darkened pixels in the band just under her feet, against the empty room.
    private func shadowPixels(lift: Float) throws -> Int {
        let room = try frameBytes(FrameRenderer().render(SnapshotFixtures.room(width: 640, height: 360)))
        let snapshot = SnapshotFixtures.single(.rosie, width: 640, height: 360) { $0.lift = lift }
        let pose = snapshot.characters[0]
        let bytes = try frameBytes(FrameRenderer().render(snapshot))
        var count = 0
        for y in Int(pose.position.y) + 1...Int(pose.position.y) + 8 {
            for x in 0..<640 {
                let i = (y * 640 + x) * 4
                if Int(bytes[i]) + Int(bytes[i + 1]) + Int(bytes[i + 2]) + 6 < Int(room[i]) + Int(room[i + 1]) + Int(room[i + 2]) {
                    count += 1
                }
            }
        }
        return count
    }

    @Test func theShadowShrinksDuringAJump() throws {
        let standing = try shadowPixels(lift: 0)
        let low = try shadowPixels(lift: 40)
        let high = try shadowPixels(lift: 120)
        #expect(standing > 200)
        #expect(low < standing)
        #expect(high < low)
    }

    @Test func aJumpLiftsHerOffTheFloor() throws {
        let standing = SnapshotFixtures.single(.sparkle, width: 640, height: 360)
        let jumping = SnapshotFixtures.single(.sparkle, width: 640, height: 360) { $0.lift = 60 }
        let pose = standing.characters[0]
        // Her skirt's hem, just above her feet, is in the air after the jump: the floor shows.
        let x = Int(pose.position.x), y = Int(pose.position.y - pose.baseHeight * 0.08)
        let hem = try FrameRenderer().render(standing).rgba(x: x, y: y)
        let air = try FrameRenderer().render(jumping).rgba(x: x, y: y)
        #expect(distance(hem, pose.kind.themeColor) < distance(air, pose.kind.themeColor))
    }

    @Test func poseParametersChangeThePicture() throws {
        let still = try frameBytes(FrameRenderer().render(SnapshotFixtures.single(.crystal)))
        let variations: [(String, (inout CharacterPose) -> Void)] = [
            ("wave", { $0.waveArmAngle = 2.6 }), ("sway", { $0.sway = 0.2 }), ("spin", { $0.spin = 2.5 }),
            ("stretch", { $0.stretch = 0.7 }), ("glow", { $0.glow = 1 }), ("appear", { $0.appear = 0.4 }),
            ("vanish", { $0.vanish = 0.5 }), ("blink", { $0.blink = 1 }), ("smile", { $0.smile = 1 }),
            ("highlight", { $0.highlighted = true }), ("scale", { $0.scale = 1.5 }),
        ]
        for (name, change) in variations {
            let changed = try frameBytes(FrameRenderer().render(SnapshotFixtures.single(.crystal, pose: change)))
            #expect(changed != still, "\(name) changed nothing")
        }
        // Gone means gone: a fully vanished princess leaves the empty room.
        let gone = try frameBytes(FrameRenderer().render(SnapshotFixtures.single(.crystal) { $0.vanish = 1 }))
        #expect(gone == (try frameBytes(FrameRenderer().render(SnapshotFixtures.room()))))
    }

    @Test func charactersLowerOnTheCanvasAreInFront() throws {
        var snapshot = SnapshotFixtures.room()
        var back = CharacterPose(id: "b", kind: .willow, position: Vec2(320, 300), baseHeight: 200)
        back.scale = 1
        let front = CharacterPose(id: "f", kind: .luna, position: Vec2(330, 330), baseHeight: 200)
        snapshot.characters = [back, front]
        let pixels = try FrameRenderer().render(snapshot)
        let skirt = pixels.rgba(x: 325, y: 300)
        #expect(distance(skirt, CharacterKind.luna.themeColor) < distance(skirt, CharacterKind.willow.themeColor))
        back.position = Vec2(320, 300)
    }

    @Test func everyBackdropIsItsOwnOpaqueRoom() throws {
        var seen: [[UInt8]] = []
        for backdrop in Backdrop.allCases {
            for highContrast in [false, true] {
                let pixels = try FrameRenderer().render(SnapshotFixtures.room(backdrop, width: 320, height: 180, highContrast: highContrast))
                let bytes = frameBytes(pixels)
                // Every alpha byte (the fourth of each BGRA pixel) is 255.
                #expect(stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 })
                #expect(!seen.contains(bytes), "\(backdrop) high contrast \(highContrast) repeats another room")
                seen.append(bytes)
            }
        }
    }

    @Test func highContrastOutlinesAreDark() throws {
        let snapshot = SnapshotFixtures.single(.crystal, width: 640, height: 360, highContrast: true)
        let pose = snapshot.characters[0]
        let pixels = try FrameRenderer().render(snapshot)
        // Walk left from her middle along the skirt: the edge of the dress is a near-black line.
        let y = Int(pose.position.y - pose.baseHeight * 0.15)
        var darkest = 255 * 3
        for x in stride(from: Int(pose.position.x), to: Int(pose.position.x - pose.baseHeight * 0.4), by: -1) {
            let p = pixels.rgba(x: x, y: y)
            darkest = min(darkest, p.red + p.green + p.blue)
        }
        #expect(darkest < 100)
    }

    @Test func tinyAndHugeCanvasesRender() throws {
        for (w, h) in [(320, 180), (3840, 2160)] {
            let pixels = try FrameRenderer().render(SnapshotFixtures.lineUp(width: w, height: h))
            #expect(pixels.width == w && pixels.height == h)
            // Every princess still shows her colour at her skirt (at 320x180 a fold's shading
            // may cover the very pixel: the nearest of it and its neighbours).
            let pose = SnapshotFixtures.lineUp(width: w, height: h).characters[2]
            let x = Int(pose.position.x - pose.baseHeight * 0.05), y = Int(pose.position.y - pose.baseHeight * 0.2)
            let nearest = (-1...1).flatMap { dy in (-1...1).map { dx in distance(pixels.rgba(x: x + dx, y: y + dy), pose.kind.themeColor) } }.min()!
            #expect(nearest < 120, "\(w)x\(h): \(pixels.rgba(x: x, y: y))")
        }
    }

    @Test func anImpossibleCanvasIsAnError() {
        #expect(throws: RenderError.badCanvas(width: 0, height: 100)) {
            try FrameRenderer().render(SnapshotFixtures.room(width: 0, height: 100))
        }
    }
}
