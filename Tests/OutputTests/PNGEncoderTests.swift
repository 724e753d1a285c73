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
        var filtered = [UInt8](repeating: 0, count: PNGEncoder.filteredCapacity(width: 97, height: 61))
        #expect(!PNGEncoder.filter(pixels, into: &filtered).opaque)
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

    /// Noise, which no compressor can shrink, is stored rather than refused, by both compressors.
    @Test(arguments: PNGEncoder.Compressor.allCases)
    func noiseThatDoesNotCompressIsStillWritten(compressor: PNGEncoder.Compressor) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let surface = try #require(ImageSurface(width: 640, height: 360))
        let pixels = surface.pixels
        var seed: UInt64 = 99
        for offset in stride(from: 0, to: pixels.stride * pixels.height, by: 4) {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            UnsafeMutableRawPointer(mutating: pixels.base).storeBytes(of: 0xFF00_0000 | UInt32(truncatingIfNeeded: seed >> 40),
                                                                      toByteOffset: offset, as: UInt32.self)
        }
        let file = try PNGEncoder(compressor: compressor).encode(pixels)
        #expect(file.count > 640 * 360 * 3, "noise does not compress")
        try StagedFile.write(file, to: folder + "/noise.png")
        #expect(try decodedBytes(folder + "/noise.png") == frameBytes(pixels))
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

    /// Both compressors (ISA-L, and libdeflate kept as the benchmark's reference) write PNGs that
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
            if compressor == .isal {
                #expect(file != (try PNGEncoder(compressor: .libdeflate).encode(surface.pixels)), "the two compressors really differ")
            }
        }
    }

    /// Pillow, the decoder most of the studio's Python tools read frames with, reads every
    /// frame of a sequence the sink wrote with the default compressor as exactly the pixels drawn.
    @Test func pillowReadsASequencesPixelsBack() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sink = try PNGSequenceSink(folder: folder + "/frames")
        var drawn: [[UInt8]] = []
        for frame in 0..<4 {
            let surface = keep(try FrameRenderer().render(SnapshotFixtures.busy(frame: frame * 9, width: 1280, height: 720, particleCount: 600)))
            drawn.append(straightRGBA(surface.pixels))
            try sink.consume(surface.pixels, index: frame)
        }
        _ = try sink.finish()
        for (frame, bytes) in drawn.enumerated() {
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(frame).rgba"))
        }
        let compare = """
            from sys import argv
            from PIL import Image
            folder = argv[1]
            for frame in range(4):
                image = Image.open(f"{folder}/frames/frame_{frame:05d}.png")
                read = image.convert("RGBA").tobytes()
                drawn = open(f"{folder}/{frame}.rgba", "rb").read()
                differing = sum(1 for a, b in zip(read, drawn) if a != b) if read != drawn else 0
                print(frame, image.mode, image.size[0], image.size[1], len(read) == len(drawn) and differing == 0, differing)
            """
        let result = try Subprocess.run("python3", ["-c", compare, folder], timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == (0..<4).map { "\($0) RGB 1280 720 True 0" }, "\(lines)")
    }

    /// The AVX2 filter (eight pixels at a time) writes the bytes the scalar one writes, over
    /// random pixels, at widths with and without a tail, and finds a translucent pixel as it does.
    @Test(arguments: [1, 7, 8, 9, 16, 23, 64, 1281])
    func theWideUpFilterWritesWhatTheScalarOneWrites(width: Int) throws {
        guard Processor.hasAVX2 else { return }
        let height = 5
        var seed: UInt32 = UInt32(width)
        func next() -> UInt32 { seed = seed &* 1_664_525 &+ 1_013_904_223; return seed }
        for translucentAt in [nil, (width * height) / 2] as [Int?] {
            let surface = try #require(ImageSurface(width: width, height: height))
            let pixels = surface.pixels
            let base = UnsafeMutableRawPointer(mutating: pixels.base)
            for y in 0..<height {
                for x in 0..<width {
                    let alpha: UInt32 = y * width + x == translucentAt ? 0x7F00_0000 : 0xFF00_0000
                    base.storeBytes(of: alpha | next() >> 8, toByteOffset: y * pixels.stride + 4 * x, as: UInt32.self)
                }
            }
            let capacity = PNGEncoder.filteredCapacity(width: width, height: height)
            var wide = [UInt8](repeating: 0xAA, count: capacity), narrow = [UInt8](repeating: 0x55, count: capacity)
            let wideAll = PNGEncoder.filterOpaqueRowsUp(pixels, rows: 0..<height, into: &wide, wide: true)
            let narrowAll = PNGEncoder.filterOpaqueRowsUp(pixels, rows: 0..<height, into: &narrow, wide: false)
            let count = (1 + width * 3) * height
            #expect(Array(wide[0..<count]) == Array(narrow[0..<count]), "width \(width)")
            #expect(wideAll == narrowAll)
            #expect((wideAll >> 24 == 0xFF) == (translucentAt == nil))
        }
    }
}
