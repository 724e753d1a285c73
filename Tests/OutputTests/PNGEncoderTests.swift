import Drawing
import Foundation
@testable import Output
import PrincessTestSupport
import TestSupport
import Testing
import ECS
import Effects
import Princess
@testable import PrincessGame
import Vocabulary

/// The fast PNG encoder gives the pixels Cairo's own writer gives.
@Suite struct PNGEncoderTests {
    private func decodedBytes(_ path: String) throws -> [UInt8] {
        let surface = try #require(ImageSurface.readWithCairo(from: path))
        return frameBytes(surface.pixels)
    }

    @Test func anOpaqueFrameDecodesLikeCairosOwnPNG() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pixels = try FrameRenderer().render(SnapshotFixtures.busy(frame: 3, width: 640, height: 360, particleCount: 300))
        let ours = folder + "/ours.png", cairos = folder + "/cairo.png"
        try StagedFile.write(try PNGEncoder().encode(pixels), to: ours)
        #expect(keep(pixels).writeWithCairo(to: cairos))
        let decoded = try decodedBytes(ours)
        #expect(decoded == (try decodedBytes(cairos)))
        #expect(decoded == frameBytes(pixels))
        // It is a real PNG that another decoder (ImageMagick) also reads at its size.
        let identify = try Subprocess.run("identify", ["-format", "%w %h", ours])
        #expect(identify.status == 0 && identify.standardOutput == "640 360")
    }

    @Test func translucentPixelsAreUnpremultipliedLikeCairo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Translucent particles of every kind on a transparent canvas.
        let surface = try #require(ImageSurface(width: 97, height: 61))
        let particles = EffectDefinition.builtIn.map(\.kind).enumerated().map { index, kind in
            ParticleView(kind: kind, style: EffectDefinition.standard(kind)!.style, position: Vec2(Float(12 + index * 24), 30), size: 9,
                         color: RGBColor(0.9, 0.3, 0.6, alpha: 0.7), rotation: 0.4, lifeFraction: 0.5,
                         pop: index == 2 ? 0.5 : 0)
        }
        ParticlePainter(dc: surface.makeContext(), atlas: ParticleSpriteAtlas(), width: 97, height: 61,
                        highContrast: false).paint(particles)
        let pixels = surface.pixels
        #expect(!PNGEncoder.isOpaque(pixels))
        let ours = folder + "/ours.png", cairos = folder + "/cairo.png"
        try StagedFile.write(try PNGEncoder().encode(pixels), to: ours)
        #expect(surface.writeWithCairo(to: cairos))
        #expect(try decodedBytes(ours) == (try decodedBytes(cairos)))
    }

    @Test func smallEffortGivesTheSamePixels() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pixels = try FrameRenderer().render(SnapshotFixtures.lineUp(width: 320, height: 180))
        let fast = try PNGEncoder(effort: .fast).encode(pixels), small = try PNGEncoder(effort: .small).encode(pixels)
        try StagedFile.write(fast, to: folder + "/fast.png")
        try StagedFile.write(small, to: folder + "/small.png")
        #expect(small.count < fast.count)
        #expect(try decodedBytes(folder + "/fast.png") == (try decodedBytes(folder + "/small.png")))
    }

    /// Straight RGBA bytes of `pixels`, row by row, as a decoder outside this project gives them.
    private func straightRGBA(_ pixels: FramePixels) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pixels.width * pixels.height * 4)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let (r, g, b, a) = pixels.rgba(x: x, y: y)
                bytes += [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
            }
        }
        return bytes
    }

    /// Both compressors (libdeflate, and zlib kept as the benchmark's reference) write PNGs that
    /// ImageMagick decodes to exactly the frame's pixels, at 720p, opaque and translucent.
    @Test(arguments: PNGEncoder.Compressor.allCases)
    func imageMagickReadsTheFramesPixelsBack(compressor: PNGEncoder.Compressor) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opaque = keep(try FrameRenderer().render(SnapshotFixtures.busy(frame: 7, width: 1280, height: 720, particleCount: 600)))
        let translucent = try #require(ImageSurface(width: 131, height: 77))
        let dc = translucent.makeContext()
        dc.setRadialGradient(center: (60, 38), radius: 70, stops: [(0, RGBColor(0.9, 0.2, 0.5, alpha: 0.9)), (1, RGBColor(0.1, 0.6, 0.9, alpha: 0.05))])
        dc.paint()
        for (name, surface) in [("opaque", opaque), ("translucent", translucent)] {
            let path = "\(folder)/\(name).png"
            let file = try PNGEncoder(compressor: compressor).encode(surface.pixels)
            try StagedFile.write(file, to: path)
            let raw = try Subprocess.run("convert", [path, "-depth", "8", "rgba:-"], timeout: 60)
            #expect(raw.status == 0, "\(raw.standardError)")
            // Compared as a Bool: a failing comparison of two 3.6 MB arrays would be diffed element by element.
            let read = [UInt8](raw.standardOutputData), drawn = straightRGBA(surface.pixels)
            let same = read == drawn
            #expect(same, "\(compressor) \(name): ImageMagick reads \(read.count) bytes, \(zip(read, drawn).filter { $0 != $1 }.count) of them other than the frame's \(drawn.count)")
            if compressor == .libdeflate {
                #expect(file != (try PNGEncoder(compressor: .zlib).encode(surface.pixels)), "the two compressors really differ")
            }
        }
    }
}
