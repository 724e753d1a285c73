import Princess
import Scene
import Skins

/// The skins a scene gives its princesses (`skins: {luna: art/luna-winter/}`, and the
/// timeline's changes of skin), every folder read and parsed once before the first frame.
public struct PrincessSkins {
    /// The skins read, each once; a figure names one by its place here plus one (0: built-in).
    let loaded: [Skin]
    /// The skin per kind at the start.
    private let initial: [CharacterKind: Int]
    /// From a time on, the skins of some kinds change.
    private let changes: [(time: Double, skins: [CharacterKind: Int])]

    /// No skins: every princess in the built-in look.
    public init() {
        loaded = []
        initial = [:]
        changes = []
    }

    /// Reads the skin folders `folders` names; throws `SceneErrors` with every problem of every skin.
    public static func load(_ folders: [CharacterKind: String]) throws -> PrincessSkins {
        try load(folders, changes: [])
    }

    /// Reads the skin folders of a scene's `skins:` and its timeline's changes; throws
    /// `SceneErrors` with every problem of every skin.
    public static func load(_ folders: [CharacterKind: String], changes: [SkinChange]) throws -> PrincessSkins {
        var paths: [String] = []
        func number(_ folder: String?) -> Int {
            guard let folder else { return 0 }
            if let index = paths.firstIndex(of: folder) { return index + 1 }
            paths.append(folder)
            return paths.count
        }
        let initial = folders.sorted { $0.key.rawValue < $1.key.rawValue }.reduce(into: [CharacterKind: Int]()) { $0[$1.key] = number($1.value) }
        let timed = changes.map { change in
            (time: change.time, skins: change.skins.sorted { $0.key.rawValue < $1.key.rawValue }
                .reduce(into: [CharacterKind: Int]()) { $0[$1.key] = number($1.value) })
        }
        var loaded: [Skin] = []
        var problems: [SceneDiagnostic] = []
        for folder in paths {
            do {
                loaded.append(try Skin.load(folder: folder, slots: PrincessSkinSlots.slots))
            } catch let errors as SceneErrors {
                problems += errors.diagnostics
            }
        }
        if !problems.isEmpty { throw SceneErrors(diagnostics: problems) }
        return PrincessSkins(loaded: loaded, initial: initial, changes: timed)
    }

    private init(loaded: [Skin], initial: [CharacterKind: Int], changes: [(time: Double, skins: [CharacterKind: Int])]) {
        self.loaded = loaded
        self.initial = initial
        self.changes = changes
    }

    /// The skin (its number, 0 for built-in) of each kind at `time` seconds.
    func active(at time: Double) -> [CharacterKind: Int] {
        var skins = initial
        for change in changes where change.time <= time + 1e-9 {
            skins.merge(change.skins) { $1 }
        }
        return skins
    }

    /// The skin numbered `number`, nil for the built-in look.
    func skin(_ number: Int) -> Skin? {
        number > 0 && number <= loaded.count ? loaded[number - 1] : nil
    }
}
