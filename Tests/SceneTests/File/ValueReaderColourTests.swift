import Scene
import Testing

/// A colour written `"#rrggbb"`, read the same way by every game.
@Suite struct ValueReaderColourTests {
    static func read(_ value: String) throws -> (colour: WrittenColour?, problems: [String]) {
        let document = try SceneDocument.parse("tint: \(value)\n", fileName: "scene.yaml")
        let reader = ValueReader(file: "scene.yaml")
        let colour = reader.colour(document.topLevel("tint")!, "tint")
        return (colour, reader.diagnostics.map(\.description))
    }

    @Test func aColourIsItsBytesAndTheTextAsWritten() throws {
        let (colour, problems) = try Self.read("\"#FF8000\"")
        #expect(problems.isEmpty)
        #expect(colour?.text == "#FF8000")
        #expect(colour.map { [$0.red, $0.green, $0.blue] } == [255, 128, 0])
    }

    @Test(arguments: ["red", "\"#ff80\"", "\"#ff80001\"", "\"ff8000x\"", "\"#gg0000\""])
    func anythingElseIsOneProblemAtItsPlace(_ value: String) throws {
        let (colour, problems) = try Self.read(value)
        #expect(colour == nil)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("scene.yaml:1:7: tint must be a colour \"#rrggbb\" (quoted in YAML); found ") == true, "\(problems)")
    }
}
