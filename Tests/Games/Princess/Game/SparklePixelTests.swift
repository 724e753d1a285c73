import Drawing
import ECS
import Effects
import Foundation
import Princess
import PrincessTestSupport
@testable import PrincessGame
import TestSupport
import Testing
import Vocabulary

/// Sparkles as a viewer sees them: never over a princess's face, and a crowd of them shows
/// separate stars rather than one patch of colour.
@Suite struct SparklePixelTests {
    /// The pixels of her face (eyes, cheeks, mouth: `CharacterPainter.faceBox`) on the frame,
    /// worked out here from her pose alone, with a pixel more around it for smoothed edges.
    private static func facePixels(of pose: CharacterPose) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let unit = Double(pose.baseHeight * pose.scale) / 100
        let lean = Double(pose.sway), c = cos(lean), s = sin(lean)
        let box = CharacterPainter.faceBox
        let corners = [(box.left, box.top), (box.right, box.top), (box.left, box.bottom), (box.right, box.bottom)].map { (bx, by) in
            (Double(pose.position.x) + unit * (bx * c - by * s),
             Double(pose.position.y) - Double(pose.lift * pose.scale) + unit * Double(pose.stretch) * (bx * s + by * c))
        }
        let x0 = Int(corners.map(\.0).min()!.rounded(.down)) - 1, x1 = Int(corners.map(\.0).max()!.rounded(.up)) + 1
        let y0 = Int(corners.map(\.1).min()!.rounded(.down)) - 1, y1 = Int(corners.map(\.1).max()!.rounded(.up)) + 1
        return (x0...x1, y0...y1)
    }

    private static func isStar(_ particle: ParticleView) -> Bool { particle.style == .star || particle.style == .ringStar }

    @Test(arguments: [150, 290])
    func noSparkleIsDrawnOverAFaceInTheDefaultScene(frame: Int) throws {
        let simulation = SceneSimulation(scene: try SceneLoader.parse(DefaultScene.yaml, fileName: "default.yaml"))
        simulation.advance(toFrame: frame)
        let snapshot = simulation.snapshot()
        var withoutSparkles = snapshot
        withoutSparkles.particles.removeAll(where: Self.isStar)
        let sparkles = snapshot.particles.filter(Self.isStar).count
        #expect(sparkles > 20, "the scene has \(sparkles) sparkles at frame \(frame)")
        let with = try FrameRenderer().render(snapshot), without = try FrameRenderer().render(withoutSparkles)
        var elsewhere = 0
        for y in 0..<snapshot.height { for x in 0..<snapshot.width where with.rgba(x: x, y: y) != without.rgba(x: x, y: y) { elsewhere += 1 } }
        #expect(elsewhere > 1000, "sparkles changed \(elsewhere) pixels of frame \(frame)")
        for pose in snapshot.characters {
            // Upright and facing the viewer, as everyone is at these moments.
            #expect(pose.spin == 0 && pose.appear == 1 && pose.vanish == 0, "\(pose.id)")
            let face = Self.facePixels(of: pose)
            var covered = 0
            for y in face.y { for x in face.x where with.rgba(x: x, y: y) != without.rgba(x: x, y: y) { covered += 1 } }
            #expect(covered == 0, "frame \(frame): sparkles changed \(covered) pixels of \(pose.id)'s face \(face)")
        }
    }

    /// The largest patch of touching pixels that a pile of stars, all born within a few
    /// pixels, turns strongly from the wall's colour, and how many such patches there are.
    private static func patches(of particles: [ParticleView]) throws -> (largest: Int, count: Int) {
        var snapshot = SnapshotFixtures.room(.nightlight, width: 320, height: 180)
        let wall = try frameBytes(FrameRenderer().render(snapshot))
        snapshot.particles = particles
        let bytes = try frameBytes(FrameRenderer().render(snapshot))
        let width = 320, height = 180
        var strong = [Bool](repeating: false, count: width * height)
        for i in 0..<width * height {
            var difference = 0
            for channel in 0..<3 { difference += abs(Int(bytes[4 * i + channel]) - Int(wall[4 * i + channel])) }
            strong[i] = difference > 240
        }
        var seen = [Bool](repeating: false, count: width * height)
        var largest = 0, count = 0
        for start in 0..<width * height where strong[start] && !seen[start] {
            var stack = [start], size = 0
            seen[start] = true
            while let i = stack.popLast() {
                size += 1
                let x = i % width, y = i / width
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                    let j = ny * width + nx
                    if strong[j] && !seen[j] { seen[j] = true; stack.append(j) }
                }
            }
            largest = max(largest, size)
            count += 1
        }
        return (largest, count)
    }

    @Test func aPileOfSparklesShowsSeparateStars() throws {
        // Forty stars of radius 9 within 14 px of one spot, as a shower piles on a bodice.
        var random = SplitMix(seed: 11)
        let pile = (0..<40).map { _ in
            let angle: Float = random.unit() * 6.283, distance: Float = 14 * random.unit().squareRoot()
            let position = Vec2(160 + distance * cos(angle), 90 + distance * sin(angle))
            return ParticleView(kind: .sparkles, style: .star, position: position, size: 9,
                                color: CharacterKind.crystal.themeColor.withAlpha(0.9), rotation: random.unit() * 6,
                                lifeFraction: 0.3)
        }
        let lone = try Self.patches(of: [pile[0]])
        let piled = try Self.patches(of: pile)
        // The pile is a few stars, none merged into a blot much bigger than two of them.
        #expect(lone.largest > 20, "\(lone)")
        #expect(piled.largest <= 2 * lone.largest, "pile \(piled), one star \(lone)")
        #expect(piled.count >= 2, "pile \(piled)")
    }
}
