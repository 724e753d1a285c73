import GameKit
import Princess
import Scene
import Trace

/// Reads a run of a princess scene for `validate`: each timeline entry the run refused or
/// clamped becomes a warning at the entry, with what it costs later (a tap refused, the
/// character it would have made missed by the entries that name her); and how many appear.
final class PrincessSceneReviewer: SceneReviewer {
    private let entries: [TimelineEntry]
    private var claims: ReviewedEntries
    private var findings: [Finding] = []
    private var appeared = Set<String>()

    private struct Finding {
        var entry: Int
        var time: Double
        var message: String
        /// The character a refused tap would have made.
        var neverMade: String?
        /// The character a refused entry looked for and did not find.
        var missing: String?
    }

    init(scene: SceneDescription) {
        entries = scene.timeline.filter { $0.source == TimelineEntry.timelineSource && $0.line > 0 }
        claims = ReviewedEntries(entries.map { .init(name: $0.input.name, time: $0.time, line: $0.line, column: $0.column) })
    }

    func add(_ events: [TraceEvent]) {
        for event in events {
            switch event.typed as? SceneEvent {
            case .spawn(_, let character, _, _, _)?:
                appeared.insert(character)
            case .refused(let input, let reason, let character)?:
                if case .clap(let source) = input, source != TimelineEntry.timelineSource { continue }
                guard let index = claims.claim(input.name, at: event.t) else { continue }
                var finding = Finding(entry: index, time: event.t, message: "is refused: " + Self.words(reason, character))
                if case .tap(_, let newID?) = entries[index].input { finding.neverMade = newID }
                if reason == .noCharacter { finding.missing = character }
                findings.append(finding)
            case .pinch(let character, _, let to, let requested)? where to != requested:
                guard let index = claims.claim("pinch", at: event.t) else { continue }
                findings.append(Finding(entry: index, time: event.t, message: "asks \(character) for scale "
                                        + "\(Self.number(Double(requested))), clamped to \(Self.number(Double(to)))"))
            default:
                continue
            }
        }
    }

    func review(file: String) -> SceneReview {
        let warnings = findings.map { finding -> SceneDiagnostic in
            var message = finding.message
            if let missing = finding.missing, let cause = findings.first(where: { $0.neverMade == missing && $0.time <= finding.time }) {
                message += " (the \(Self.spoken(entries[cause.entry].input.name)) at line \(entries[cause.entry].line) that would make \(missing) was refused)"
            }
            if let made = finding.neverMade {
                let misses = findings.filter { $0.missing == made && $0.time >= finding.time }
                    .map { "the \(Self.spoken(entries[$0.entry].input.name)) at line \(entries[$0.entry].line)" }
                message += misses.isEmpty ? ", so \(made) never appears"
                    : ", so \(made) never appears and " + Self.listed(misses) + " find\(misses.count == 1 ? "s" : "") no \(made)"
            }
            return claims.warning(finding.entry, at: finding.time, file: file, message)
        }
        let count = appeared.count
        return SceneReview(warnings: warnings, outline: "\(count) character\(count == 1 ? "" : "s") appear\(count == 1 ? "s" : "")")
    }

    private static func words(_ reason: RefusalReason, _ character: String?) -> String {
        switch reason {
        case .notOnFloor(let horizonY): return "it lands above the floor (the horizon is at y \(number(Double(horizonY))))"
        case .tooClose(let nearest, let distance, let minDistance):
            return "it is \(Int(distance.rounded())) px from \(nearest), and a new character needs \(Int(minDistance.rounded()))"
        case .maxCharacters(let limit): return "the scene already holds its \(limit) characters"
        case .idTaken(let id): return "another character is already called \(id)"
        case .noCharacter: return character.map { "it finds no \($0)" } ?? "it finds no character there"
        case .busy(let heldBy): return "another finger holds \(character ?? "her") (a \(spoken(heldBy)))"
        case .cooldown(let seconds, let since):
            return "it comes \(number(since)) s after the last, within its \(number(seconds)) s cooldown"
        case .microphoneOff: return "the microphone is off"
        case .nothingOpen: return "nothing is open for it"
        }
    }

    private static func spoken(_ name: String) -> String { ReviewedEntries.spoken(name) }
    private static func number(_ value: Double) -> String { RunTallyContext.format(value) }
    private static func listed(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
