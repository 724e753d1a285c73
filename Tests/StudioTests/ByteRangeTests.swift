@testable import Studio
import Testing

/// The `Range` headers a browser's audio element sends to seek, read as HTTP says.
@Suite struct ByteRangeTests {
    @Test func oneRangeIsThoseBytesWithinTheBody() {
        #expect(ByteRange.requested("bytes=100-199", length: 1_000) == .part(ByteRange(bytes: 100...199)))
        #expect(ByteRange.requested("bytes=900-", length: 1_000) == .part(ByteRange(bytes: 900...999)))
        #expect(ByteRange.requested("bytes=-10", length: 1_000) == .part(ByteRange(bytes: 990...999)))
        #expect(ByteRange.requested("bytes=-5000", length: 1_000) == .part(ByteRange(bytes: 0...999)))
        // An end past the body is cut to it; the first byte alone is one byte.
        #expect(ByteRange.requested("bytes=990-5000", length: 1_000) == .part(ByteRange(bytes: 990...999)))
        #expect(ByteRange.requested("bytes=0-0", length: 1_000) == .part(ByteRange(bytes: 0...0)))
    }

    @Test func aRangeOutsideTheBodyIsUnsatisfiable() {
        #expect(ByteRange.requested("bytes=1000-", length: 1_000) == .unsatisfiable)
        #expect(ByteRange.requested("bytes=-0", length: 1_000) == .unsatisfiable)
    }

    @Test func anythingElseIsAnsweredWhole() {
        for header in [nil, "", "bytes=", "bytes=5-2", "bytes=a-b", "items=0-1", "bytes=0-1,5-6", "bytes=-", "bytes=-1-2"] {
            #expect(ByteRange.requested(header, length: 1_000) == nil, "\(header ?? "nil")")
        }
    }
}
