import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Effects

@Suite struct SineApproximationTests {
    @Test func matchesTheLibraryWithinFiveMillionths() {
        var x: Float = -40
        while x < 40 {
            #expect(abs(SineApproximation.sine(x) - sinf(x)) < 5e-6)
            #expect(abs(SineApproximation.cosine(x) - cosf(x)) < 5e-6)
            x += 0.0137
        }
    }
}
