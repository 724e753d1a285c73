import Foundation
import Princess
import Scene
import Skins

/// The skins a scene gives its princesses (`skins: {luna: art/luna-winter/, willow-2: built-in}`,
/// and the timeline's changes of skin), every folder read and parsed once before the first frame.
public struct PrincessSkins {
    /// The skins read, each once; a figure names one by its place here plus one (0: built-in).
    let loaded: [Skin]
    /// The skins at the start.
    private let initial: ActiveSkins
    /// From a time on, the skins of some kinds and characters change.
    private let changes: [(time: Double, skins: ActiveSkins)]

    /// No skins: every princess in the built-in look.
    public init() {
        loaded = []
        initial = ActiveSkins()
        changes = []
    }

    /// Reads the skin folders `folders` names; throws `SceneErrors` with every problem of every skin.
    public static func load(_ folders: [CharacterKind: String]) throws -> PrincessSkins {
        try load(folders, changes: [])
    }

    /// Reads the skin folders of a scene's `skins:` (per kind, and per character id in
    /// `characters`, nil for the built-in look) and its timeline's changes; throws `SceneErrors`
    /// with every problem of every skin.
    public static func load(_ folders: [CharacterKind: String], characters: [String: String?] = [:],
                            changes: [SkinChange]) throws -> PrincessSkins {
        var paths: [String] = []
        func number(_ folder: String?) -> Int {
            guard let folder else { return 0 }
            if let index = paths.firstIndex(of: folder) { return index + 1 }
            paths.append(folder)
            return paths.count
        }
        // Numbered in a fixed order, so the same scene gives the same numbers.
        func numbered(_ kinds: [CharacterKind: String?], _ ids: [String: String?]) -> ActiveSkins {
            var skins = ActiveSkins()
            for (kind, folder) in kinds.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { skins.kinds[kind] = number(folder) }
            for (id, folder) in ids.sorted(by: { $0.key < $1.key }) { skins.characters[id] = number(folder) }
            return skins
        }
        let initial = numbered(folders.mapValues { $0 }, characters)
        let timed = changes.map { (time: $0.time, skins: numbered($0.skins, $0.characterSkins)) }
        let (loaded, problems) = read(paths)
        if !problems.isEmpty { throw SceneErrors(diagnostics: problems) }
        return PrincessSkins(loaded: loaded, initial: initial, changes: timed)
    }

    /// Every problem of the skins in `folders` (none when each loads).
    public static func problems(in folders: [String]) -> [SceneDiagnostic] {
        read(folders).problems
    }

    /// `diagnostic` naming its file from the working folder when the file is inside it, as the
    /// scene file is named: a skin's folder is resolved from the scene file's to a full path.
    private static func relative(_ diagnostic: SceneDiagnostic) -> SceneDiagnostic {
        let here = FileManager.default.currentDirectoryPath + "/"
        guard diagnostic.file.hasPrefix(here) else { return diagnostic }
        var shortened = diagnostic
        shortened.file = String(diagnostic.file.dropFirst(here.count))
        return shortened
    }

    /// The skins in `folders` that load, and every problem of those that do not.
    private static func read(_ folders: [String]) -> (skins: [Skin], problems: [SceneDiagnostic]) {
        var loaded: [Skin] = []
        var problems: [SceneDiagnostic] = []
        for folder in folders {
            do {
                loaded.append(try Skin.load(folder: folder, slots: PrincessSkinSlots.slots))
            } catch let errors as SceneErrors {
                problems += errors.diagnostics.map(Self.relative)
            } catch {
                problems.append(SceneDiagnostic(file: folder, line: 1, column: 1, message: "\(error)"))
            }
        }
        return (loaded, problems)
    }

    private init(loaded: [Skin], initial: ActiveSkins, changes: [(time: Double, skins: ActiveSkins)]) {
        self.loaded = loaded
        self.initial = initial
        self.changes = changes
    }

    /// The skins (their numbers, 0 for built-in) of each kind and character at `time` seconds.
    func active(at time: Double) -> ActiveSkins {
        var skins = initial
        for change in changes where change.time <= time + 1e-9 {
            skins.kinds.merge(change.skins.kinds) { $1 }
            skins.characters.merge(change.skins.characters) { $1 }
        }
        return skins
    }

    /// The skin numbered `number`, nil for the built-in look.
    func skin(_ number: Int) -> Skin? {
        number > 0 && number <= loaded.count ? loaded[number - 1] : nil
    }
}

/// The skins in force at one time, by `PrincessSkins`' numbers (0: built-in): per kind, and per
/// character id, a character's own winning over her kind's.
struct ActiveSkins {
    var kinds: [CharacterKind: Int] = [:]
    var characters: [String: Int] = [:]

    /// The skin of every character of `kind` without one of her own.
    subscript(kind: CharacterKind) -> Int? { kinds[kind] }

    /// The skin of the character `id` (nil: a picture of the kind, as the HUD's portraits are).
    func number(id: String?, kind: CharacterKind) -> Int {
        id.flatMap { characters[$0] } ?? kinds[kind] ?? 0
    }
}
