import Scene

/// Checks, in time order, that every character a timeline entry names exists at that time:
/// present from the start or given an id by an earlier tap, and not removed before.
struct TimelineTargetChecker {
    let reader: ValueReader

    /// `selected` is the kind a tap spawns until a `select` entry changes it. In a shared
    /// session each peer has its own selection and names its taps `<peer>.<kind>-<n>`.
    /// Returns every id a character has at some time, in the order they first appear.
    @discardableResult
    func check(_ entries: [DecodedTimelineEntry], characters: [CharacterPlacement], characterLines: [String: Int],
               selected: CharacterKind, session: SessionDescription? = nil) -> [String] {
        var present = characters.map(\.id)
        var everyone = present
        var kinds = [String: CharacterKind]()
        var spawned = [String: [CharacterKind: Int]]()
        let firstPeer = session?.names.first ?? ""
        let ordered = entries.enumerated().sorted {
            $0.element.entry.time != $1.element.entry.time ? $0.element.entry.time < $1.element.entry.time : $0.offset < $1.offset
        }.map(\.element)
        for decoded in ordered {
            let time = decoded.entry.time
            let position = decoded.idPosition ?? decoded.timePosition
            let peer = decoded.entry.peer ?? firstPeer
            let prefix = session == nil ? "" : peer + "."
            let kind = kinds[peer] ?? selected
            switch decoded.entry.input {
            case .select(let chosen):
                kinds[peer] = chosen
            case .tap(_, let newID?):
                if present.contains(newID) {
                    reader.report(position, "the id \(SceneFileLimits.quoted(newID)) is already taken at \(format(time)) s; give the new character another id")
                } else {
                    present.append(newID)
                    if !everyone.contains(newID) { everyone.append(newID) }
                }
            case .tap(_, nil):
                // A tap with no id spawns `<kind>-<n>`, as CharacterSpawner names it, so later
                // entries may target it (if the tap lands on a character instead, they are refused then).
                var number = spawned[peer, default: [:]][kind, default: 0]
                repeat { number += 1 } while present.contains("\(prefix)\(kind.rawValue)-\(number)")
                spawned[peer, default: [:]][kind] = number
                present.append("\(prefix)\(kind.rawValue)-\(number)")
                if !everyone.contains(present.last!) { everyone.append(present.last!) }
            case .twoFingerTap(.character(let id)):
                if require(id, present, time, position) { present.removeAll { $0 == id } }
            case .drag(.character(let id), _, _), .pinch(.character(let id), _, _), .longPress(.character(let id), _),
                 .doubleTap(.character(let id)), .action(_, .character(let id)), .effect(_, .character(let id), _, _, _):
                _ = require(id, present, time, position)
            default:
                break
            }
        }
        return everyone
    }

    private func require(_ id: String, _ present: [String], _ time: Double, _ position: SourcePosition) -> Bool {
        if present.contains(id) { return true }
        let listing = present.isEmpty ? "there are no characters then" : "characters then: " + present.joined(separator: ", ")
        reader.report(position, "no character \(SceneFileLimits.quoted(id)) at \(format(time)) s"
                      + SpellingSuggestion.hint(for: id, among: present) + " (\(listing))")
        return false
    }

    private func format(_ time: Double) -> String { ValueReader.format(time) }
}
