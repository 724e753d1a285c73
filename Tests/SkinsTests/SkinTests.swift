import Drawing
import Foundation
import Scene
@testable import Skins
import Testing

/// A skin folder is read with the scene files' reader: parts drawn by librsvg, face states
/// with the neutral fallback, and every problem at its `file:line:column`.
@Suite struct SkinTests {
    static let slots = SkinSlots(names: ["body", "arm", "eyes"], required: ["body", "arm"],
                                 states: ["eyes": ["open", "closed"]], largestUnit: 10)

    static let art = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <g id="body"><rect x="10" y="10" width="20" height="30" fill="#00ff00"/></g>
          <g id="arm"><rect x="30" y="10" width="4" height="12" fill="#ff0000"/></g>
          <g id="eyes"><rect x="15" y="12" width="10" height="2" fill="#000000"/></g>
        </svg>
        """

    /// A valid skin.yaml over `art`.
    static let validYAML = """
        origin: [20, 40]
        scale: 0.4
        parts:
          body: {file: parts.svg, group: body}
          arm: {file: parts.svg, group: arm, pivot: [32, 10], attach: {hand: [32, 22]}}
          eyes: {states: {open: {file: parts.svg, group: eyes}}}
        """

    static func folder(yaml: String, files: [String: String] = ["parts.svg": art]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(yaml.utf8).write(to: url.appendingPathComponent(Skin.fileName))
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url.path
    }

    static func problems(_ folder: String) -> [SceneDiagnostic] {
        do { _ = try Skin.load(folder: folder, slots: slots); return [] } catch let errors as SceneErrors {
            return errors.diagnostics
        } catch { return [] }
    }

    @Test func aSkinReadsItsPartsPivotsAttachmentsAndFaceStates() throws {
        let folder = try Self.folder(yaml: """
            origin: [20, 40]
            scale: 0.4
            parts:
              body: {file: parts.svg, group: body}
              arm: {file: parts.svg, group: arm, pivot: [32, 10], attach: {hand: [32, 22]}}
              eyes: {states: {open: {file: parts.svg, group: eyes}}}
            """)
        let skin = try Skin.load(folder: folder, slots: Self.slots)
        #expect(skin.origin == SkinPoint(20, 40) && skin.scale == 0.4)
        let arm = try #require(skin.parts["arm"])
        #expect(arm.pivot == SkinPoint(32, 10))
        #expect(arm.attachments["hand"] == SkinPoint(32, 22))
        // One file, parsed once, shared by its parts.
        #expect(arm.art.svg === skin.parts["body"]?.art.svg)
        // The closed eyes are missing: they fall back to the open (neutral) ones.
        let eyes = try #require(skin.parts["eyes"])
        #expect(eyes.art(for: "closed").group == "eyes")

        let surface = try #require(ImageSurface(width: 40, height: 40))
        arm.art.svg.draw(on: surface.makeContext(), id: arm.art.group)
        #expect(surface.pixels.rgba(x: 32, y: 15) == (255, 0, 0, 255))
        #expect(surface.pixels.rgba(x: 20, y: 20).alpha == 0, "only the arm's group is drawn")
    }

    @Test func everyProblemIsOneLineAtItsPosition() throws {
        let folder = try Self.folder(yaml: """
            origin: [20, 40]
            scale: 0.4
            parts:
              body: {file: parts.svg, group: bodyy}
              hed: {file: parts.svg}
              eyes: {file: ../elsewhere.svg}
              arm: {file: parts.svg, group: arm, pivot: [200, 10]}
            """)
        let found = Self.problems(folder)
        let lines = found.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(found.allSatisfy { $0.file.hasSuffix("skin.yaml") })
        #expect(lines.contains { $0.hasPrefix("4:") && $0.contains("'bodyy' is not an id") })
        #expect(lines.contains { $0.hasPrefix("5:3 ") && $0.contains("unknown part 'hed'") })
        #expect(lines.contains { $0.hasPrefix("6:") && $0.contains("outside the skin's folder") })
        #expect(lines.contains { $0.hasPrefix("7:") && $0.contains("pivot [200, 10] is outside the part") })
        #expect(found.count == 4, "\(lines)")
    }

    @Test func aMissingSkinYamlAMissingPartAndABrokenSVGAreReported() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("skin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(Self.problems(empty.path).first?.message.contains("has no skin.yaml") == true)

        let missing = try Self.folder(yaml: "origin: [20, 40]\nscale: 0.4\nparts:\n  body: {file: parts.svg, group: body}\n")
        #expect(Self.problems(missing).map(\.message).contains { $0.contains("no part 'arm'") })

        let broken = try Self.folder(yaml: "origin: [20, 40]\nscale: 0.4\nparts:\n  body: {file: bad.svg}\n  arm: {file: bad.svg}\n",
                                     files: ["bad.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n<rect width=4/>\n</g></svg>\n"])
        let found = Self.problems(broken)
        #expect(found.count == 1, "one file, parsed once, reported once")
        #expect(found.first?.file.hasSuffix("bad.svg") == true && found.first?.line == 3)
    }

    @Test func aPartOverThePixelBudgetIsRefused() throws {
        let huge = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"7000\" height=\"7000\"><rect width=\"7000\" height=\"7000\"/></svg>"
        let folder = try Self.folder(yaml: "origin: [20, 40]\nscale: 1\nparts:\n  body: {file: huge.svg}\n  arm: {file: parts.svg, group: arm}\n",
                                     files: ["huge.svg": huge, "parts.svg": Self.art])
        let found = Self.problems(folder)
        #expect(found.count == 1 && found.first?.line == 4)
        #expect(found.first?.message.contains("over the budget") == true)
    }
}
