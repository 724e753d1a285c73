import Foundation
import Testing
@testable import Audio

/// The FFT the echo comparison runs every millisecond, against a plain DFT.
@Suite struct RealFFTTests {
    static func signal(_ count: Int) -> [Float] {
        var noise = NoiseSource(seed: 3)
        return (0..<count).map { _ in noise.next() }
    }

    @Test(arguments: [8, 64, 512])
    func matchesAPlainDFT(count: Int) {
        let x = Self.signal(count)
        var fft = RealFFT(count: count)
        var re = [Float](repeating: 0, count: fft.binCount), im = re
        x.withUnsafeBufferPointer { s in re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { i in fft.forward(s, re: r, im: i) } } }
        var worst: Double = 0
        for k in 0..<fft.binCount {
            var sr = 0.0, si = 0.0
            for n in 0..<count {
                let angle = -2 * Double.pi * Double(k * n) / Double(count)
                sr += Double(x[n]) * cos(angle)
                si += Double(x[n]) * sin(angle)
            }
            worst = max(worst, abs(sr - Double(re[k])), abs(si - Double(im[k])))
        }
        #expect(worst < 1e-3 * Double(count).squareRoot(), "worst bin error \(worst)")
    }

    @Test func theInverseGivesTheSignalBack() {
        let x = Self.signal(512)
        var fft = RealFFT(count: 512)
        var re = [Float](repeating: 0, count: fft.binCount), im = re
        var back = [Float](repeating: 0, count: 512)
        x.withUnsafeBufferPointer { s in re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { i in fft.forward(s, re: r, im: i) } } }
        re.withUnsafeBufferPointer { r in im.withUnsafeBufferPointer { i in back.withUnsafeMutableBufferPointer { fft.inverse(re: r, im: i, into: $0) } } }
        let worst = zip(x, back).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-5, "\(worst)")
    }
}
