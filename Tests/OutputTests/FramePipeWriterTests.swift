import Drawing
import Foundation
@testable import Output
import PrincessGame
import Testing

/// Frames reach the program whole and in order, whether the writer copies them into the pipe
/// or splices the buffers' own pages (then a buffer must not be refilled before it is read).
@Suite struct FramePipeWriterTests {
    /// `count` frames of `width`×`height` BGRA, frame i filled with bytes that depend on i and
    /// on the position, written through `buffers` buffers to a reader that starts late.
    private func roundTrip(width: Int, height: Int, count: Int, buffers: Int) throws -> (sent: [UInt8], received: [UInt8]) {
        let folder = NSTemporaryDirectory() + "pipe-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/received"
        // A slow reader (64 KB at a time, with pauses), so the pipe stays full and the writer
        // runs ahead of it: a buffer refilled too early would show in what it reads.
        // (Perl is part of every Debian system.)
        let slowCat = "$| = 1; binmode STDIN; open(my $out, '>:raw', $ARGV[0]) or die; "
            + "while (read(STDIN, my $chunk, 65536)) { print $out $chunk; select(undef, undef, undef, 0.005) }"
        let process = try ChildProcess(executable: "/usr/bin/perl", arguments: ["-e", slowCat, output])
        let writer = FramePipeWriter(process: process,
                                     buffers: (0..<buffers).map { _ in BGRAFrameBuffer(width: width, height: height) })
        let frameBytes = width * height * 4
        var sent: [UInt8] = []
        var canvas = [UInt8](repeating: 0, count: frameBytes)
        for index in 0..<count {
            for i in 0..<frameBytes { canvas[i] = UInt8(truncatingIfNeeded: i / 4093 &+ index &* 37) }
            sent += canvas
            let buffer = try #require(writer.emptyBuffer())
            canvas.withUnsafeBytes {
                buffer.fill(from: FramePixels(base: $0.baseAddress!, width: width, height: height, stride: width * 4))
            }
            writer.submit(buffer)
        }
        #expect(writer.close())
        #expect(process.finish() == 0)
        return (sent, try [UInt8](Data(contentsOf: URL(fileURLWithPath: output))))
    }

    @Test func largeFramesAreSplicedWhole() throws {
        // 1.15 MB a frame, more than the 1 MB pipe: spliced.
        #expect(ChildProcess.vmsplice != nil)
        let (sent, received) = try roundTrip(width: 720, height: 400, count: 6, buffers: 3)
        #expect(received.count == sent.count)
        #expect(firstDifference(sent, received) == nil)
    }

    @Test func smallFramesAreCopiedWhole() throws {
        let (sent, received) = try roundTrip(width: 64, height: 48, count: 20, buffers: 3)
        #expect(firstDifference(sent, received) == nil)
    }

    /// Where two byte strings first differ (a frame's index and offset), nil if they do not.
    private func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? (a.count == b.count ? nil : a.count)
    }
}
