import Princess
import SceneFile
import Skins

/// The skins a scene gives its princesses (`skins: {luna: art/luna-winter/}`), read and
/// parsed once before the first frame.
public struct PrincessSkins {
    /// The skins by character kind.
    let byKind: [CharacterKind: Skin]

    /// No skins: every princess in the built-in look.
    public init() { byKind = [:] }

    /// Reads the skin folders `folders` names; throws `SceneErrors` with every problem of every skin.
    public static func load(_ folders: [CharacterKind: String]) throws -> PrincessSkins {
        var skins: [CharacterKind: Skin] = [:]
        var problems: [SceneDiagnostic] = []
        for (kind, folder) in folders.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            do {
                skins[kind] = try Skin.load(folder: folder, slots: PrincessSkinSlots.slots)
            } catch let errors as SceneErrors {
                problems += errors.diagnostics
            }
        }
        if !problems.isEmpty { throw SceneErrors(diagnostics: problems) }
        return PrincessSkins(byKind: skins)
    }

    private init(byKind: [CharacterKind: Skin]) { self.byKind = byKind }
}
