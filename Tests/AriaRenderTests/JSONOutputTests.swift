import Foundation
import Testing
import TestSupport

/// What the tool prints as JSON is written by JSONEncoder: Python's json module reads it back
/// with the fields the docs name, and keys come out sorted, so two runs print the same bytes.
@Suite struct JSONOutputTests {
    /// Each line of `text` as Python's json module reads it: its keys sorted, then the value of
    /// `field` (empty when absent), or the error Python gave.
    private func pythonReads(_ text: String, field: String) throws -> [String] {
        let script = """
        import json, sys
        for line in sys.argv[1].splitlines():
            value = json.loads(line)
            print(",".join(sorted(value)) + " " + str(value.get(sys.argv[2], "")))
        """
        let result = try Subprocess.run("python3", ["-c", script, text, field])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func diffJSONIsReadByPython() throws {
        let folder = try makeTemporaryFolder()
        let a = folder + "/a.png", b = folder + "/b.png", diff = folder + "/d.png"
        // Two 4x2 PNGs made by Python's zlib, one pixel apart: the tool's reader is not the writer.
        let script = """
        import struct, sys, zlib
        def png(path, pixels):
            rows = b"".join(b"\\x00" + bytes(row) for row in pixels)
            def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            open(path, "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 2, 8, 6, 0, 0, 0))
                                   + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
        white = [255, 255, 255, 255] * 4
        png(sys.argv[1], [white, white])
        png(sys.argv[2], [white, [0, 0, 0, 255] + [255, 255, 255, 255] * 3])
        """
        #expect(try Subprocess.run("python3", ["-c", script, a, b]).status == 0)
        let first = try AriaRenderTool.run(["diff", a, b, "-o", diff, "--json"])
        #expect(first.status == 1, "\(first.standardError)")
        let read = try pythonReads(first.standardOutput, field: "diff")
        #expect(read == ["antialiased_pixels,diff,different_pixels,identical,matches,regions,size_mismatch,total_pixels " + diff])
        let regions = try pythonReads(first.standardOutput, field: "regions")
        #expect(regions.first?.hasSuffix("[{'height': 1, 'pixels': 1, 'width': 1, 'x': 0, 'y': 1}]") == true, "\(regions)")
        let second = try AriaRenderTool.run(["diff", a, b, "-o", diff, "--json"])
        #expect(second.standardOutput == first.standardOutput)
        // Without a diff image there is no `diff` key.
        let same = try AriaRenderTool.run(["diff", a, a, "--json"])
        #expect(try pythonReads(same.standardOutput, field: "identical")
                == ["antialiased_pixels,different_pixels,identical,matches,regions,size_mismatch,total_pixels True"])
    }

    @Test func listenJSONLinesAreReadByPython() throws {
        let recording = RepositoryRoot.path + "/Scenes/recordings/clapping-crowd.wav"
        let claps = try AriaRenderTool.run(["listen", "--file", recording, "--json"])
        #expect(claps.status == 0, "\(claps.standardError)")
        let read = try pythonReads(claps.standardOutput, field: "time")
        #expect(read.count == 16, "the recording's 16 claps")
        #expect(read.allSatisfy { $0.hasPrefix("strength,time ") })
        #expect(read.first == "strength,time 0.391")
        #expect(try AriaRenderTool.run(["listen", "--file", recording, "--json"]).standardOutput == claps.standardOutput)

        // A hum and a hiss: loud onsets that are not claps, each a line with --explain.
        let folder = try makeTemporaryFolder()
        let noises = folder + "/noises.wav"
        let script = """
        import math, random, struct, sys, wave
        rate = 48000
        samples = [0.0] * rate + [0.5 * math.sin(2 * math.pi * 300 * i / rate) for i in range(int(0.6 * rate))] + [0.0] * rate
        random.seed(1)
        samples += [random.uniform(-0.3, 0.3) for _ in range(int(0.4 * rate))] + [0.0] * rate
        out = wave.open(sys.argv[1], "wb")
        out.setnchannels(1); out.setsampwidth(2); out.setframerate(rate)
        out.writeframes(b"".join(struct.pack("<h", int(x * 32767)) for x in samples))
        out.close()
        """
        #expect(try Subprocess.run("python3", ["-c", script, noises]).status == 0)
        let refused = try AriaRenderTool.run(["listen", "--file", noises, "--json", "--explain"])
        #expect(refused.status == 0, "\(refused.standardError)")
        #expect(try pythonReads(refused.standardOutput, field: "test")
                == ["level,limit,measured,refused,test low_at_peak", "level,limit,measured,refused,test too_long"])
    }
}
