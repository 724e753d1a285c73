import Drawing
import Foundation
import Scene
@testable import Skins
import Testing

/// SVG art is drawn by the real librsvg: whole or one group by id, at the canvas's transform;
/// bad files are refused with their position, the hostile ones before librsvg parses them.
@Suite struct SVGArtTests {
    static let twoGroups = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
          <g id="red"><rect x="0" y="0" width="20" height="20" fill="#ff0000"/></g>
          <g id="blue"><rect x="20" y="0" width="20" height="20" fill="#0000ff"/></g>
        </svg>
        """

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("svgart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func problems(_ body: () throws -> Void) -> [SceneDiagnostic] {
        do { try body(); return [] } catch let errors as SceneErrors { return errors.diagnostics } catch { return [] }
    }

    @Test func drawsTheWholeDocumentOrOneGroupAtTheCanvasTransform() throws {
        let art = try SVGArt.parse(Array(Self.twoGroups.utf8), path: "/tmp/two.svg")
        #expect(art.width == 40 && art.height == 20)
        #expect(art.has(id: "red") && art.has(id: "blue") && !art.has(id: "green"))

        let whole = try #require(ImageSurface(width: 80, height: 40))
        let dc = whole.makeContext()
        dc.scale(2, 2)
        #expect(art.draw(on: dc))
        let pixels = whole.pixels
        #expect(pixels.rgba(x: 10, y: 20) == (255, 0, 0, 255))
        #expect(pixels.rgba(x: 70, y: 20) == (0, 0, 255, 255))

        let one = try #require(ImageSurface(width: 40, height: 20))
        art.draw(on: one.makeContext(), id: "blue")
        let blueOnly = one.pixels
        #expect(blueOnly.rgba(x: 5, y: 10).alpha == 0, "the red group is not drawn")
        #expect(blueOnly.rgba(x: 30, y: 10) == (0, 0, 255, 255))
        let box = try #require(art.inkBox(of: "blue"))
        #expect(box.x == 20 && box.width == 20)
    }

    @Test func aParseErrorCarriesLibrsvgsLineAndColumn() {
        let broken = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\">\n  <g>\n    <rect width=\"4\" height=4/>\n  </g>\n</svg>\n"
        let found = Self.problems { _ = try SVGArt.parse(Array(broken.utf8), path: "broken.svg") }
        #expect(found.count == 1)
        // librsvg (libxml2) finds the unquoted attribute at the end of the tag: line 3, column 28.
        #expect(found.first?.line == 3 && found.first?.column == 28)
        #expect(found.first?.message.contains("\n") == false, "one line")
        #expect(found.first?.message.contains("librsvg cannot parse the SVG") == true)
    }

    @Test func tooLargeOrTooDeepFilesAreRefusedBeforeParsing() throws {
        let deep = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\">\n"
            + String(repeating: "<g>", count: 100) + String(repeating: "</g>", count: 100) + "</svg>"
        let tooDeep = Self.problems { _ = try SVGArt.parse(Array(deep.utf8), path: "deep.svg") }
        #expect(tooDeep.count == 1)
        #expect(tooDeep.first?.message.contains("more than 64 deep") == true)
        #expect(tooDeep.first?.line == 2)

        let folder = try Self.folder()
        let big = folder.appendingPathComponent("big.svg").path
        #expect(FileManager.default.createFile(atPath: big, contents: Data(count: SVGArt.maxBytes + 1)))
        let tooLarge = Self.problems { _ = try SVGArt.load(path: big) }
        #expect(tooLarge.first?.message.contains("too large") == true)
    }

    @Test func flowRootTextAndFilesOutsideTheFolderAreReportedAtTheirPositions() throws {
        let folder = try Self.folder()
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="4">
              <flowRoot><flowPara>hi</flowPara></flowRoot>
              <image xlink:href="../outside.png" width="4" height="4"/>
              <image href="inside.png" width="4" height="4"/>
            </svg>
            """
        let path = try Self.write(text, "part.svg", in: folder)
        let found = Self.problems { _ = try SVGArt.load(path: path, folder: folder.path) }
        #expect(found.map(\.line) == [2, 3])
        #expect(found.first?.column == 3)
        #expect(found.first?.message.contains("flowRoot") == true)
        #expect(found.last?.message.contains("outside the skin's folder") == true)
        #expect(found.last?.message.contains("librsvg refuses") == true)
    }
}
