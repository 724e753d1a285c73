import Drawing
import Foundation
@testable import Output
import Testing
@testable import PrincessGame

/// The frames handed to ffmpeg as yuv420p hold BT.709 limited-range colour (ITU-R BT.709's
/// published values for the primaries), the matrix every video declares.
@Suite struct YUV420PBufferTests {
    /// An opaque frame whose pixel at (x, y) is `colour(x, y)` as (red, green, blue).
    private func frame(width: Int, height: Int, _ colour: (Int, Int) -> (Int, Int, Int)) -> ImageSurface {
        let surface = ImageSurface(width: width, height: height)!
        let pixels = surface.pixels
        let out = UnsafeMutableRawPointer(mutating: pixels.base).assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                let i = y * pixels.stride + 4 * x
                out[i] = UInt8(b); out[i + 1] = UInt8(g); out[i + 2] = UInt8(r); out[i + 3] = 255
            }
        }
        surface.markDirty()
        return surface
    }

    private func converted(_ surface: ImageSurface, kernels: YUV420PBuffer.Kernels = .widest) -> [UInt8] {
        let buffer = YUV420PBuffer(width: surface.width, height: surface.height)
        buffer.fill(from: surface.pixels, kernels: kernels)
        return Array(buffer.bytes)
    }

    /// Random colours, fully opaque, `width`×`height`.
    private func noise(width: Int, height: Int, seed start: UInt32) -> ImageSurface {
        var seed = start
        func next() -> Int { seed = seed &* 1_664_525 &+ 1_013_904_223; return Int(seed >> 24) }
        return frame(width: width, height: height) { _, _ in (next(), next(), next()) }
    }

    /// 30 wide: a run of sixteen, one of eight and three blocks; 1280: sixteens only.
    @Test(arguments: [(8, 2), (22, 6), (64, 10), (1280, 4), (38, 2), (30, 4), (48, 2)])
    func theVectorKernelsComputeWhatTheBlocksDo(width: Int, height: Int) {
        // Every value of every channel, and the extremes (saturation to 235/240) among them.
        let surface = noise(width: width, height: height, seed: UInt32(width * 31 + height))
        let white = frame(width: width, height: height) { _, _ in (255, 255, 255) }
        for image in [surface, white] {
            let blocks = converted(image, kernels: [])
            #expect(converted(image, kernels: .widest) == blocks, "AVX2 (where the processor has it) and SSE2")
            #expect(converted(image, kernels: .eight) == blocks, "SSE2 alone")
            #expect(converted(image, kernels: .sixteen) == blocks, "AVX2 alone")
        }
    }

    #if arch(x86_64)
    @Test func theWideKernelRunsWhereLinuxSaysTheProcessorHasAVX2() throws {
        // Linux's own reading of the processor and of what it enabled: where it lists avx2, the
        // wide kernel must run (a cpuid check that went wrong would quietly fall back to SSE2).
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
        #expect(Processor.hasAVX2 == flags.contains("avx2"))
    }
    #endif

    @Test(arguments: [((255, 255, 255), (235, 128, 128)), ((0, 0, 0), (16, 128, 128)),
                      ((255, 0, 0), (63, 102, 240)), ((0, 255, 0), (173, 42, 26)), ((0, 0, 255), (32, 240, 118))])
    func primariesLandOnTheirBT709Values(rgb: (Int, Int, Int), yuv: (Int, Int, Int)) {
        let bytes = converted(frame(width: 16, height: 2) { _, _ in rgb })
        #expect(bytes[0..<32].allSatisfy { $0 == UInt8(yuv.0) })
        #expect(bytes[32..<40].allSatisfy { $0 == UInt8(yuv.1) })
        #expect(bytes[40..<48].allSatisfy { $0 == UInt8(yuv.2) })
    }

    @Test func everyPixelMatchesTheFormula() {
        // 22 wide: two runs of eight and a tail of pairs.
        let width = 22, height = 6
        var seed: UInt32 = 7
        func next() -> Int { seed = seed &* 1_664_525 &+ 1_013_904_223; return Int(seed >> 24) }
        var colours: [[(Int, Int, Int)]] = []
        for _ in 0..<height { colours.append((0..<width).map { _ in (next(), next(), next()) }) }
        let bytes = converted(frame(width: width, height: height) { x, y in colours[y][x] })
        func near(_ byte: UInt8, _ value: Double) -> Bool { abs(Double(byte) - value) <= 0.51 }
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colours[y][x]
                let luma = 16 + (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) * 219 / 255
                #expect(near(bytes[y * width + x], luma), "Y at \(x),\(y)")
            }
        }
        for cy in 0..<height / 2 {
            for cx in 0..<width / 2 {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { colours[2 * cy + $0.1][2 * cx + $0.0] }
                let r = Double(block.map(\.0).reduce(0, +)) / 4, g = Double(block.map(\.1).reduce(0, +)) / 4
                let b = Double(block.map(\.2).reduce(0, +)) / 4
                let u = 128 + (-0.2126 * r - 0.7152 * g + 0.9278 * b) / 1.8556 * 224 / 255
                let v = 128 + (0.7874 * r - 0.7152 * g - 0.0722 * b) / 1.5748 * 224 / 255
                let i = cy * width / 2 + cx
                #expect(near(bytes[width * height + i], u), "U at \(cx),\(cy)")
                #expect(near(bytes[width * height * 5 / 4 + i], v), "V at \(cx),\(cy)")
            }
        }
    }
}
