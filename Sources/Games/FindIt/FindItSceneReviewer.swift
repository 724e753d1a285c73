import CVBus
import GameKit
import Scene
import Trace

/// Reads a run of a FindIt scene for `validate`: each flow step that did nothing (a tap the
/// screen has no button for, a photo too dark to keep, a save with too few photos) becomes a
/// warning at the step, with what it costs later; and how many items were found and saved.
final class FindItSceneReviewer: SceneReviewer {
    private let scene: FindItScene
    private var claims: ReviewedEntries
    private var warnings: [(entry: Int, message: String)] = []
    private var keptSinceRegister = 0
    private var found = Set<String>()
    private var saved = Set<String>()

    init(scene: FindItScene) {
        self.scene = scene
        claims = ReviewedEntries(scene.flow.map { .init(name: $0.action.name, time: $0.time, line: $0.line, column: $0.column) })
    }

    func add(_ events: [TraceEvent]) {
        for event in events {
            switch event.typed as? FindItEvent {
            case .screen(_, "register", _)?:
                keptSinceRegister = 0
            case .photo(_, _, let luminance, let kept, _)?:
                if kept { keptSinceRegister += 1; continue }
                note("photo", event.t, "is too dark to keep (its mean brightness is \(Self.number(luminance)), under "
                     + "\(Self.number(scene.registration.darkBelow))): the guide asks for the same side again")
            case .warning("too_few_photos", _)?:
                guard let index = claims.claim("save", at: event.t) else { continue }
                let minimum = scene.registration.minimumPhotos
                var message = "is refused: \(keptSinceRegister) photo\(keptSinceRegister == 1 ? " was" : "s were") kept and an item needs \(minimum)"
                if let id = scene.flow[index].action.item { message += ", so \(id) is not saved" }
                warnings.append((index, message))
            case .refused(let tap, let screen, let reason, let item)?:
                let lost = tap == "save" ? ", so \(item ?? "the item") is not saved" : ""
                note(tap, event.t, "does nothing: " + Self.words(reason, tap: tap, screen: screen, item: item) + lost)
            case .success(let item, _)?:
                found.insert(item)
            case .saved(let item, _, _)?:
                saved.insert(item)
            default:
                continue
            }
        }
    }

    func review(file: String) -> SceneReview {
        SceneReview(warnings: warnings.map { claims.warning($0.entry, file: file, $0.message) }
                        + scene.cv.unknownLabels(lookedFor: lookedFor, file: file),
                    outline: "\(found.count) item\(found.count == 1 ? "" : "s") found, \(saved.count) saved")
    }

    /// The camera's labels the run reads: both signals of every item the scene, its profile
    /// list or its flow's saves name.
    private var lookedFor: [String] {
        let saves = scene.flow.compactMap { step -> String? in if case .save(let id, _, _, _) = step.action { return id } else { return nil } }
        var ids: [String] = []
        for id in scene.items.map(\.id) + scene.profileItems + saves where !ids.contains(id) { ids.append(id) }
        return ids.flatMap { id in [RecognitionSignals.Signal.fp, .ml].map { RecognitionSignals.label(item: id, signal: $0) } }
    }

    private func note(_ tap: String, _ time: Double, _ message: String) {
        guard let index = claims.claim(tap, at: time) else { return }
        warnings.append((index, message))
    }

    private static func words(_ reason: String, tap: String, screen: String, item: String?) -> String {
        switch reason {
        case "training": return "the model is still retraining after the save"
        case "unknown_item": return "the catalogue has no \(item ?? "such item")"
        case "too_few_photos": return "\(item ?? "the item") has too few photos to be hunted"
        default: return "the \(screen) screen has no \(ReviewedEntries.spoken(tap)) button"
        }
    }

    private static func number(_ value: Double) -> String { RunTallyContext.format(value) }
}
