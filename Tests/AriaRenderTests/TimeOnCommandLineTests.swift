import Foundation
import ImageDiff
import Output
import Testing
import TestSupport

/// Time in seconds on the command line, several stills in one call, and contact sheets: what
/// each writes is the frame the same moment names by number, read back from the files.
@Suite struct TimeOnCommandLineTests {
    private func png(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aTimeRendersTheFrameShowingIt() throws {
        let folder = try makeTemporaryFolder("at-time")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (option, value, name) in [("--at", "5s", "at"), ("--frame", "150", "frame"), ("--frame", "149", "before"), ("--frame", "0:05", "clock")] {
            let result = try AriaRenderTool.run(["render", option, value, "--size", "320x180", "-o", "\(folder)/\(name).png", "--quiet"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try png(folder + "/at.png") == png(folder + "/frame.png"), "5 s at 30 fps is frame 150")
        #expect(try png(folder + "/clock.png") == png(folder + "/frame.png"))
        #expect(try png(folder + "/at.png") != png(folder + "/before.png"), "the scene moves from frame 149 to 150")
    }

    @Test func severalStillsInOneCallAreTheFramesTheyName() throws {
        let folder = try makeTemporaryFolder("stills")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try AriaRenderTool.run(["render", "--frame", "60,150,10s,300", "--size", "320x180", "-o", folder + "/stills/", "--json", "--quiet"])
        // The default scene is 10 s: 10s is frame 300, outside it.
        #expect(result.status == 2 && result.standardError.contains("--frame 10s (frame 300 at 30 fps) is outside the scene's frames 0-299"))
        let leftOver = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/stills")) ?? []
        #expect(leftOver.isEmpty, "refused: nothing written")
        let stills = try AriaRenderTool.run(["render", "--frame", "270,60,5s", "--size", "320x180", "-o", folder + "/stills/", "--json", "--quiet"])
        #expect(stills.status == 0, "\(stills.standardError)")
        #expect(try JSONSummary(stills.standardOutput).int("frames") == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/stills").sorted()
                == ["frame_00060.png", "frame_00150.png", "frame_00270.png"])
        for frame in [60, 150, 270] {
            #expect(try AriaRenderTool.run(["render", "--frame", "\(frame)", "--size", "320x180", "-o", "\(folder)/\(frame).png", "--quiet"]).status == 0)
            #expect(try png(String(format: "%@/stills/frame_%05d.png", folder, frame)) == png("\(folder)/\(frame).png"),
                    "a still among others is the frame rendered alone")
        }
        let onePNG = try AriaRenderTool.run(["render", "--frame", "60,150", "-o", folder + "/two.png"])
        #expect(onePNG.status == 2 && onePNG.standardError.contains("several stills (--frame 60,150) go to a folder"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/two.png"))
    }

    @Test func aSpanOfSecondsIsItsFrames() throws {
        let folder = try makeTemporaryFolder("span-seconds")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try AriaRenderTool.run(["render", "--frames", "9s-10s", "--size", "160x90", "-o", folder + "/span/", "--json", "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        let summary = try JSONSummary(result.standardOutput)
        #expect(summary.int("first_frame") == 270 && summary.int("last_frame") == 299 && summary.int("frames") == 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/span").count == 30)
        let trace = folder + "/t.jsonl"
        #expect(try AriaRenderTool.run(["simulate", "--frames", "2s-3s", "--trace", trace]).status == 0)
        let frames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "\"frame\":") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(!frames.isEmpty && frames.allSatisfy { (60...89).contains($0) }, "\(frames)")
        let backwards = try AriaRenderTool.run(["render", "--frames", "5s-4s"])
        #expect(backwards.status == 2 && backwards.standardError.contains("--frames 5s-4s: the span ends where it starts or before"))
    }

    @Test func aContactSheetShowsEachFrameLabelled() throws {
        let folder = try makeTemporaryFolder("contact-sheet")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheetPath = folder + "/sheet.png"
        let result = try AriaRenderTool.run(["render", "--contact-sheet", "every=2s,columns=3", "--frames", "0-7s", "--size", "640x360",
                                             "-o", sheetPath, "--json", "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try JSONSummary(result.standardOutput).int("frames") == 4, "0, 2, 4 and 6 s")
        let sheet = try PNGImageFile.read(sheetPath)
        // 240×135 thumbnails, 3 columns, 2 rows, 8 px apart, a 34 px title and a 22 px label each.
        #expect(sheet.width == 8 + 3 * 248 && sheet.height == 34 + 2 * (135 + 22 + 8) + 8, "\(sheet.width)x\(sheet.height)")
        // Each thumbnail is its frame as ImageMagick shrinks it, and not another frame.
        var distances: [[Double]] = []
        for (index, frame) in [0, 60, 120, 180].enumerated() {
            let full = "\(folder)/\(frame).png", small = "\(folder)/\(frame)-small.png"
            #expect(try AriaRenderTool.run(["render", "--frame", "\(frame)", "--size", "640x360", "-o", full, "--quiet"]).status == 0)
            #expect(try Subprocess.run("convert", [full, "-filter", "Box", "-resize", "240x135!", small], timeout: 60).status == 0)
            let reference = try PNGImageFile.read(small)
            distances.append((0..<4).map { cell in
                meanDifference(reference, sheet, x: 8 + (cell % 3) * 248, y: 34 + (cell / 3) * 165)
            })
            #expect(distances[index][index] < 2.5, "thumbnail \(index) is frame \(frame): \(distances[index])")
        }
        #expect(distances[0][0] < distances[0][3] && distances[3][3] < distances[3][0], "\(distances)")
        let read = try TextRecognition.read(png: sheetPath, language: "eng", pageSegmentation: 11)  // sparse text: labels in a grid
        for label in ["frame 60", "2.00 s", "frame 180", "6.00 s", "default"] {
            #expect(TextRecognition.accuracy(of: label, in: read) >= 0.9, "\(label) in \(read)")
        }
    }

    @Test func aContactSheetTooLargeOrMisplacedIsRefused() throws {
        let folder = try makeTemporaryFolder("contact-sheet-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = try AriaRenderTool.run(["render", "--contact-sheet", "every=30", "-o", folder + "/sheet.mp4"])
        #expect(video.status == 2 && video.standardError.contains("a contact sheet is one PNG"))
        let still = try AriaRenderTool.run(["render", "--contact-sheet", "every=30", "--frame", "5", "-o", folder + "/s.png"])
        #expect(still.status == 2 && still.standardError.contains("--contact-sheet takes --frames A-B"))
        let huge = try AriaRenderTool.run(["render", "--contact-sheet", "every=1,columns=1,width=1920", "--frames", "0-20", "-o", folder + "/s.png"])
        #expect(huge.status == 2 && huge.standardError.contains("over 16384 pixels"), "\(huge.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written")
    }

    /// The mean difference per channel between `reference` and the same-sized region of `image` at (x, y).
    private func meanDifference(_ reference: RGBAImage, _ image: RGBAImage, x: Int, y: Int) -> Double {
        var total = 0
        for row in 0..<reference.height {
            for column in 0..<reference.width {
                let a = (row * reference.width + column) * 4, b = ((y + row) * image.width + x + column) * 4
                for channel in 0..<3 { total += abs(Int(reference.bytes[a + channel]) - Int(image.bytes[b + channel])) }
            }
        }
        return Double(total) / Double(reference.width * reference.height * 3)
    }
}
