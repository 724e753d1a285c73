import TestSupport
import Testing
import Foundation
import Drawing
import ECS
import Princess
@testable import PrincessGame

/// Figures are put together from cached layers, so what moves most (arms, breathing lean)
/// repaints as little as possible, and the lean is baked in small steps.
@Suite struct CharacterFigureCacheTests {
    private func key(_ change: (inout CharacterPose) -> Void = { _ in }) -> CharacterFigureKey {
        var pose = CharacterPose(id: "r", kind: .rosie, position: Vec2(300, 300), baseHeight: 240)
        change(&pose)
        return CharacterFigureKey(pose: pose, unit: 2.4, highContrast: false)
    }

    @Test func movingAnArmPaintsNoLayer() throws {
        let cache = CharacterFigureCache()
        _ = try #require(cache.figure(for: key()))
        // Behind the arms, in front of them, and the face.
        #expect(cache.layersPainted == 3)
        for angle in stride(from: Float(0.3), through: 2.5, by: 0.2) {
            _ = try #require(cache.figure(for: key { $0.waveArmAngle = angle; $0.otherArmAngle = angle / 2 }))
        }
        #expect(cache.layersPainted == 3)
        #expect(cache.figuresComposed == 13)
    }

    @Test func blinkingAndSmilingRepaintOnlyTheFace() throws {
        let cache = CharacterFigureCache()
        _ = cache.figure(for: key())
        _ = cache.figure(for: key { $0.blink = 1 })
        #expect(cache.layersPainted == 4)
        _ = cache.figure(for: key { $0.blink = 1; $0.smile = 0.9 })
        #expect(cache.layersPainted == 5)
        // Twirling flares the skirt: only the back layer changes.
        _ = cache.figure(for: key { $0.blink = 1; $0.smile = 0.9; $0.spin = 0.8 })
        #expect(cache.layersPainted == 6)
        // Seen from behind she has no face layer.
        _ = cache.figure(for: key { $0.blink = 1; $0.spin = 3 })
        #expect(cache.layersPainted == 8)
    }

    @Test func theFaceLayerDrawsWhatTheFrontLayerDrewBefore() throws {
        // The face painted over the front hair and the crown instead of under them: the hair
        // does not reach it, so the figure is the one painted in a single layer, but for the
        // rounding of compositing a translucent layer (a level or two, in few pixels).
        for kind in CharacterKind.allCases {
            let wanted = CharacterFigureKey(pose: CharacterPose(id: "p", kind: kind, position: Vec2(300, 300), baseHeight: 240),
                                            unit: 2.4, highContrast: false)
            let figure = try #require(CharacterFigureCache().figure(for: wanted))
            let frame = CharacterFigureFrame(wanted)
            // The figure as one painting, the face under the front hair as before.
            func painted(face: Bool) throws -> [UInt8] {
                let whole = try #require(frame.makeSurface(in: SurfaceMemoryPool()))
                let dc = CharacterFigureCache.figureContext(whole)
                dc.saved {
                    frame.applyBodyTransform(dc)
                    let painter = CharacterPainter(dc: dc, figure: wanted)
                    painter.paintBackLayer()
                    painter.paintArms()
                    painter.paintSleeves()
                    painter.paintHead()
                    if face { painter.paintFace() }
                    painter.paintFrontHair()
                    painter.paintCrown()
                }
                return frameBytes(whole.pixels)
            }
            let layered = frameBytes(figure.surface.pixels), single = try painted(face: true)
            let differences = zip(layered, single).map { abs(Int($0) - Int($1)) }
            let apart = differences.filter { $0 > 2 }.count, largest = differences.max() ?? 0
            // Where a lock's smoothed edge crosses a cheek, cutting it out of the face is not
            // quite painting it over: a few edge pixels, by a little.
            #expect(apart <= 100 && largest <= 40, "\(kind): \(apart) bytes differ by more than 2 levels, by up to \(largest)")
            // And the face is there: without it, the figure would be another.
            let faceless = try painted(face: false)
            #expect(zip(layered, faceless).filter { abs(Int($0) - Int($1)) > 40 }.count > 100)
        }
    }

    @Test func aFigureIsTheSameWhateverWasCachedBefore() throws {
        let warm = CharacterFigureCache()
        for angle: Float in [0.2, 1.4, 2.9] { _ = warm.figure(for: key { $0.waveArmAngle = angle; $0.blink = 0.5 }) }
        let wanted = key { $0.waveArmAngle = 1.0; $0.blink = 0.5; $0.sway = 0.1 }
        let fromWarm = try #require(warm.figure(for: wanted))
        let fromCold = try #require(CharacterFigureCache().figure(for: wanted))
        #expect(frameBytes(fromWarm.surface.pixels) == frameBytes(fromCold.surface.pixels))
    }

    @Test func aFigureInReusedMemoryIsTheSameAsInFreshMemory() throws {
        // Figures of her size and lean kept three frames, then dropped: their memory goes back
        // to the pool as it is, painted, and the next figure of that size is made in it.
        let cache = CharacterFigureCache(keepFrames: 3, capacity: 4)
        for angle: Float in [0.2, 1.4, 2.9, 0.7] {
            _ = try #require(cache.figure(for: key { $0.waveArmAngle = angle; $0.otherArmAngle = angle / 2 }))
            cache.nextFrame()
        }
        for _ in 0..<10 { cache.nextFrame() }
        let wanted = key { $0.waveArmAngle = 1.0 }
        let reused = try #require(cache.figure(for: wanted))
        let fresh = try #require(CharacterFigureCache().figure(for: wanted))
        let differing = zip(frameBytes(reused.surface.pixels), frameBytes(fresh.surface.pixels)).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ from the figure in fresh memory")
    }

    @Test func theLeanIsBakedInHalfDegreeSteps() {
        for sway in stride(from: -0.3, through: 0.3, by: 0.0137) {
            let lean = key { $0.sway = Float(sway) }.lean
            #expect(abs(lean - Double(Float(sway))) <= CharacterFigureKey.leanResolution / 2 + 1e-9)
        }
        #expect(CharacterFigureKey.leanResolution <= Double.pi / 180 / 2 + 1e-12)
        // Idle breathing (about ±0.025 rad) needs only a handful of distinct figures.
        let leans = Set(stride(from: -0.025, through: 0.025, by: 0.0005).map { sway in key { $0.sway = Float(sway) }.lean })
        #expect(leans.count <= 7)
    }

    @Test(arguments: [-CharacterFigureKey.leanLimit, 0, CharacterFigureKey.leanLimit])
    func nothingIsCutOffAtAnyLean(lean: Double) throws {
        // Arms raised high and the skirt flared: the widest and tallest she gets.
        for kind in CharacterKind.allCases {
            var pose = CharacterPose(id: "x", kind: kind, position: Vec2(0, 0), baseHeight: 200)
            pose.sway = Float(lean)
            pose.waveArmAngle = 2.9
            pose.otherArmAngle = 1.6
            pose.spin = .pi * 0.9
            let figure = try #require(CharacterFigureCache().figure(for: CharacterFigureKey(pose: pose, unit: 2, highContrast: true)))
            let pixels = figure.surface.pixels
            let border = (0..<pixels.width).flatMap { [($0, 0), ($0, pixels.height - 1)] }
                + (0..<pixels.height).flatMap { [(0, $0), (pixels.width - 1, $0)] }
            #expect(border.allSatisfy { pixels.bgra(x: $0.0, y: $0.1).alpha == 0 }, "\(kind) touches the edge")
        }
    }
}
