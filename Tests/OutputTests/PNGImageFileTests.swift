import Foundation
import ImageDiff
import Output
import Testing
import TestSupport

@Suite struct PNGImageFileTests {
    func temporaryPath(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aria-png-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test func writeThenReadGivesTheSamePixels() throws {
        var image = CraftedImage.disc()
        image.setPixel(x: 1, y: 1, red: 10, green: 20, blue: 30, alpha: 128)
        let path = temporaryPath("disc.png")
        try PNGImageFile.write(image, to: path)
        let back = try PNGImageFile.read(path)
        #expect(back.width == image.width && back.height == image.height)
        #expect(back.pixel(x: 32, y: 24) == image.pixel(x: 32, y: 24))
        #expect(back.pixel(x: 1, y: 1).alpha == 128)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["disc.png"], "no temporary file left")
    }

    @Test func aTruncatedPNGIsAnErrorNotACrash() throws {
        let path = temporaryPath("full.png")
        try PNGImageFile.write(CraftedImage.disc(), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let truncated = temporaryPath("truncated.png")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect(throws: ImageFileError.self) { try PNGImageFile.read(truncated) }
    }

    @Test func notAPNGAndMissingFilesAreErrors() throws {
        let text = temporaryPath("notes.png")
        try "not an image".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: ImageFileError.self) { try PNGImageFile.read(text) }
        #expect(throws: ImageFileError.self) { try PNGImageFile.read(temporaryPath("absent.png")) }
    }

    @Test func anUnwritablePathIsAnError() {
        #expect(throws: ImageFileError.self) {
            try PNGImageFile.write(CraftedImage.disc(), to: "/proc/aria-cannot-write-here.png")
        }
    }
}
