import Foundation
import GameKit
import Princess
@testable import PrincessGame
import Scene
import TestSupport
import Testing

/// `skins:` keys that are character ids: read from the scene file beside the kinds, any id the
/// scene gives a character (from the start or by a tap) accepted, a character's own skin winning
/// over her kind's from the time it is given.
@Suite struct CharacterSkinTests {
    /// A real skin folder: the scene decoder checks each has a skin.yaml.
    static let art = RepositoryRoot.url.appendingPathComponent("Scenes/princess/art/luna-winter").path

    static func decode(_ text: String) throws -> SceneDescription {
        try #require(try PrincessGameModule().decodeScene(try SceneDocument.parse(text, fileName: "s.yaml")) as? SceneDescription)
    }

    @Test func idsAndKindsAreReadApart() throws {
        let scene = try Self.decode("""
            version: 1
            duration: 3
            skins: {luna: \(Self.art)/, luna-2: built-in}
            characters:
              - {id: luna-2, kind: luna, position: [640, 600]}
            timeline:
              - time: 1
                select: willow
              - time: 1
                tap: {at: [300, 650]}
              - time: 2
                skins: {willow-1: \(Self.art)/, luna: built-in}
            """)
        #expect(scene.skins == [.luna: Self.art])
        #expect(scene.characterSkins == ["luna-2": String?.none])
        // willow-1 is the name the tap gives the Willow it spawns.
        #expect(scene.skinChanges == [SkinChange(time: 2, skins: [.luna: String?.none], characterSkins: ["willow-1": Self.art])])
    }

    @Test func aCharactersOwnSkinWinsOverHerKinds() {
        var skins = ActiveSkins()
        skins.kinds = [.willow: 1]
        skins.characters = ["willow-2": 2, "willow-3": 0]
        #expect(skins.number(id: "willow-1", kind: .willow) == 1)
        #expect(skins.number(id: "willow-2", kind: .willow) == 2)
        #expect(skins.number(id: "willow-3", kind: .willow) == 0)
        // A portrait of the kind (the HUD's) takes the kind's skin.
        #expect(skins.number(id: nil, kind: .willow) == 1)
        #expect(skins.number(id: "luna", kind: .luna) == 0)
    }

    @Test func aKeyThatIsAKindAndAnIdNamesTheKind() throws {
        let scene = try Self.decode("""
            version: 1
            duration: 1
            skins: {willow: \(Self.art)/}
            characters:
              - {id: willow, kind: luna, position: [640, 600]}
            """)
        #expect(scene.skins == [.willow: Self.art] && scene.characterSkins.isEmpty)
    }
}
