import CVBus
import GameKit
import Scene
import Trace

/// Reads a run of a Glitch Squad scene for `validate`: each press of the timeline that did
/// nothing becomes a warning at the press; and how far the mission got.
final class GlitchSquadSceneReviewer: SceneReviewer {
    private var claims: ReviewedEntries
    private var warnings: [(entry: Int, message: String)] = []
    private var reached = GlitchSquadPhase.hook
    private let cv: CVSceneSetup

    init(scene: GlitchSquadScene) {
        cv = scene.cv
        claims = ReviewedEntries(scene.presses.map { .init(name: $0.button.rawValue, time: $0.time, line: $0.line, column: $0.column) })
    }

    func add(_ events: [TraceEvent]) {
        for event in events {
            switch event.typed as? GlitchSquadEvent {
            case .refused(let button, let phase, let reason, "timeline")?:
                guard let index = claims.claim(button, at: event.t) else { continue }
                warnings.append((index, "does nothing: " + Self.words(reason, button: button, phase: phase)))
            case .phase(_, let to, _, _)?:
                if Self.order(to) > Self.order(reached) { reached = to }
            default:
                continue
            }
        }
    }

    func review(file: String) -> SceneReview {
        // The detector's fruit are all the game reads of the camera (the target and the others, boxed white).
        SceneReview(warnings: warnings.map { claims.warning($0.entry, file: file, $0.message) }
                        + cv.unknownLabels(lookedFor: GlitchSquadMission.fruits, file: file),
                    outline: "the mission reaches the \(reached.rawValue) screen")
    }

    private static func order(_ phase: GlitchSquadPhase) -> Int { GlitchSquadPhase.allCases.firstIndex(of: phase) ?? 0 }

    private static func words(_ reason: String, button: String, phase: GlitchSquadPhase) -> String {
        switch reason {
        case "mission_won": return "the mission is won, and a run plays one mission"
        case "mission_over": return "the mission is over (timed out or given up), and a run plays one mission"
        default: return "the \(phase.rawValue) screen has no \(ReviewedEntries.spoken(button)) button"
        }
    }
}
