import Foundation

/// A radix-2 FFT of real signals of one power-of-two length, with its tables and scratch made
/// once: `powerSpectrum` and `inverse` allocate nothing, so it can run every millisecond.
///
/// A real signal of length n is transformed as a complex one of length n/2 (even samples the
/// real parts, odd ones the imaginary), then split into the n/2 + 1 bins of the real spectrum.
public struct RealFFT {
    /// The signal's length.
    public let count: Int
    /// Bins of the real spectrum: `count / 2 + 1`, from 0 Hz to Nyquist.
    public var binCount: Int { half + 1 }

    private let half: Int
    private let bitReversed: [Int32]
    private let cosines: [Float]  // the half-length transform's twiddles, e^{-2πik/half}
    private let sines: [Float]
    private let splitCosines: [Float]  // the split's twiddles, e^{-2πik/count}
    private let splitSines: [Float]
    private var real: [Float]
    private var imaginary: [Float]

    /// A transform of `count` samples (a power of two, at least 4).
    public init(count: Int) {
        precondition(count >= 4 && count & (count - 1) == 0, "RealFFT needs a power of two")
        self.count = count
        half = count / 2
        var bits = 0
        while 1 << bits < half { bits += 1 }
        bitReversed = (0..<half).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return Int32(r)
        }
        let h = half
        cosines = (0..<h / 2).map { Float(cos(-2 * Double.pi * Double($0) / Double(h))) }
        sines = (0..<h / 2).map { Float(sin(-2 * Double.pi * Double($0) / Double(h))) }
        splitCosines = (0...h).map { Float(cos(-2 * Double.pi * Double($0) / Double(count))) }
        splitSines = (0...h).map { Float(sin(-2 * Double.pi * Double($0) / Double(count))) }
        real = [Float](repeating: 0, count: h)
        imaginary = [Float](repeating: 0, count: h)
    }

    /// The forward transform of `signal` (`count` samples) into `re` and `im` (`binCount` each).
    public mutating func forward(_ signal: UnsafeBufferPointer<Float>, re: UnsafeMutableBufferPointer<Float>,
                                 im: UnsafeMutableBufferPointer<Float>) {
        let h = half
        withScratch { fft, zr, zi in
            for i in 0..<h {
                let j = Int(fft.bitReversed[i])
                zr[j] = signal[2 * i]
                zi[j] = signal[2 * i + 1]
            }
            fft.butterflies(zr, zi, inverse: false)
            // Split Z into the spectra of the even and odd samples, then join them.
            re[0] = zr[0] + zi[0]
            im[0] = 0
            re[h] = zr[0] - zi[0]
            im[h] = 0
            for k in 1..<h {
                let ar = zr[k], ai = zi[k], br = zr[h - k], bi = -zi[h - k]
                let evenR = 0.5 * (ar + br), evenI = 0.5 * (ai + bi)
                let oddR = 0.5 * (ai - bi), oddI = -0.5 * (ar - br)
                let c = fft.splitCosines[k], s = fft.splitSines[k]
                re[k] = evenR + c * oddR - s * oddI
                im[k] = evenI + c * oddI + s * oddR
            }
        }
    }

    /// The inverse of `forward`: `count` samples into `signal` from `binCount` bins.
    public mutating func inverse(re: UnsafeBufferPointer<Float>, im: UnsafeBufferPointer<Float>,
                                 into signal: UnsafeMutableBufferPointer<Float>) {
        let h = half
        withScratch { fft, zr, zi in
            // Rebuild Z = E + i·O from the real spectrum, in bit-reversed order.
            for k in 0..<h {
                let ar = re[k], ai = im[k], br = re[h - k], bi = -im[h - k]
                let evenR = 0.5 * (ar + br), evenI = 0.5 * (ai + bi)
                let dr = 0.5 * (ar - br), di = 0.5 * (ai - bi)
                // O = (X[k] - conj(X[h-k])) / 2 · e^{+2πik/count}
                let c = fft.splitCosines[k], s = -fft.splitSines[k]
                let oddR = dr * c - di * s, oddI = dr * s + di * c
                let j = Int(fft.bitReversed[k])
                zr[j] = evenR - oddI
                zi[j] = evenI + oddR
            }
            fft.butterflies(zr, zi, inverse: true)
            let scale = 1 / Float(h)
            for i in 0..<h {
                signal[2 * i] = zr[i] * scale
                signal[2 * i + 1] = zi[i] * scale
            }
        }
    }

    /// The power of each bin of `signal` (`count` samples) into `power` (`binCount` values),
    /// using `re` and `im` (`binCount` each) as scratch.
    public mutating func powerSpectrum(_ signal: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>,
                                       re: UnsafeMutableBufferPointer<Float>, im: UnsafeMutableBufferPointer<Float>) {
        forward(signal, re: re, im: im)
        for k in 0...half { power[k] = re[k] * re[k] + im[k] * im[k] }
    }

    /// Runs `body` with the tables (a copy of the transform: its arrays are shared, not copied)
    /// and the scratch, which is swapped out meanwhile so no copy of it is made.
    private mutating func withScratch(_ body: (RealFFT, UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) -> Void) {
        var realScratch = real, imaginaryScratch = imaginary
        real = []
        imaginary = []
        let tables = self
        realScratch.withUnsafeMutableBufferPointer { zr in imaginaryScratch.withUnsafeMutableBufferPointer { zi in body(tables, zr, zi) } }
        real = realScratch
        imaginary = imaginaryScratch
    }

    /// In-place iterative radix-2 butterflies on bit-reversed input.
    private func butterflies(_ zr: UnsafeMutableBufferPointer<Float>, _ zi: UnsafeMutableBufferPointer<Float>, inverse: Bool) {
        let h = half
        let sign: Float = inverse ? -1 : 1
        cosines.withUnsafeBufferPointer { cs in
            sines.withUnsafeBufferPointer { sn in
                var size = 2
                while size <= h {
                    let halfSize = size / 2
                    let step = h / size
                    var start = 0
                    while start < h {
                        var t = 0
                        for k in start..<start + halfSize {
                            let c = cs[t], s = sign * sn[t]
                            let l = k + halfSize
                            let tr = zr[l] * c - zi[l] * s
                            let ti = zr[l] * s + zi[l] * c
                            zr[l] = zr[k] - tr
                            zi[l] = zi[k] - ti
                            zr[k] += tr
                            zi[k] += ti
                            t += step
                        }
                        start += size
                    }
                    size <<= 1
                }
            }
        }
    }
}
