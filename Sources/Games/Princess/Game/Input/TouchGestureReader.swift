import ECS
import GameKit
import Princess

/// Turns a touchscreen's presses into the inputs a scene file holds, so a child at the kiosk
/// drives the scene through the same systems as a timeline: a short press that stays put is
/// a tap, a press that travels is a drag (from where it went down to where it lifted, over
/// the time it took), and a press held still is a long press. Decided when the finger lifts.
public struct TouchGestureReader {
    /// A press that travels less than this fraction of the canvas height is not a drag.
    public static let slopFraction: Float = 0.03
    /// A still press held at least this long (seconds) is a long press, not a tap.
    public static let longPressSeconds = 0.5
    /// A drag is replayed over at most this long (seconds), so the character follows closely.
    public static let longestDragSeconds = 1.0

    private let canvasHeight: Int
    private var press: (start: Vec2, time: Double, farthest: Float)?

    /// A reader for a canvas `canvasHeight` pixels high (the slop scales with it).
    public init(canvasHeight: Int) {
        self.canvasHeight = canvasHeight
    }

    /// Feeds one pointer event at canvas point `point` and clock time `time` (seconds);
    /// returns the input it completes, if any.
    public mutating func feed(_ phase: TouchPoint.Phase, at point: Vec2, time: Double) -> SceneInput? {
        switch phase {
        case .began:
            press = (point, time, 0)
            return nil
        case .moved:
            guard var open = press else { return nil }
            open.farthest = max(open.farthest, distance(open.start, point))
            press = open
            return nil
        case .ended:
            guard let open = press else { return nil }
            press = nil
            let travelled = max(open.farthest, distance(open.start, point))
            let held = max(0, time - open.time)
            if travelled >= Self.slopFraction * Float(canvasHeight) {
                return .drag(from: .point(open.start), to: point, duration: min(max(held, 0.05), Self.longestDragSeconds))
            }
            if held >= Self.longPressSeconds {
                return .longPress(on: .point(open.start), duration: held)
            }
            return .tap(at: open.start, newID: nil)
        }
    }

    private func distance(_ a: Vec2, _ b: Vec2) -> Float {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
