import Foundation
import ECS
import Feedback
import GameKit
import Trace

/// What the painter draws: where each bubble still afloat is (output pixels) and whether the
/// card shows.
struct BubblePopSnapshot {
    var width: Int
    var height: Int
    var bubbles: [(colour: BubbleColour, x: Double, y: Double, radius: Double)]
    var wellDone: Bool
}

/// Bubble Pop's simulation: each bubble rises from the bottom and wraps round; a scripted tap
/// pops the bubble it names, a finger on the kiosk's screen the bubble under it, heard and felt.
/// Pure: no clock, no I/O.
final class BubblePopSimulation: SteppedSimulation {
    /// Seconds a bubble takes to cross the screen.
    static let crossingSeconds = 3.0
    /// A bubble's radius, as a share of the screen's height.
    static let radius = 0.09

    let scene: BubblePopScene
    let clock: FixedStepClock
    let outputWidth: Int
    let outputHeight: Int
    let frameCount: Int
    private(set) var stepsRun = 0
    var trace: [TraceEvent] = []
    private var popped: Set<BubbleColour> = []
    private var nextTap = 0
    /// Fingers put down since the last step (normalised), and whether a child has taken over
    /// from the scene's taps.
    private var touches: [(x: Double, y: Double)] = []
    private var childPlaying = false
    private let switches: FeedbackSwitches

    init(scene: BubblePopScene, options: RunOptions) {
        self.scene = scene
        (outputWidth, outputHeight) = options.outputSize(for: scene.header)
        clock = options.clock(for: scene.header)
        frameCount = clock.frameCount(forDuration: scene.header.duration)
        switches = FeedbackSwitches(haptics: scene.haptics)
    }

    func inject(_ input: LiveInput, source: String) {
        guard case .touch(let touch) = input, input.takesOverFromScript else { return }
        childPlaying = true
        touches.append((touch.x, touch.y))
    }

    func step() {
        let now = clock.time(afterSteps: stepsRun + 1)
        while !childPlaying, nextTap < scene.taps.count, scene.taps[nextTap].time <= now {
            pop(scene.taps[nextTap].bubble)
            nextTap += 1
        }
        for touch in touches {
            // The bubble under the finger, if any: within its radius, on screen.
            let aspect = Double(outputWidth) / Double(outputHeight)
            let hit = BubbleColour.allCases.filter { !popped.contains($0) }.first { bubble in
                let at = position(of: bubble)
                return hypot((at.x - touch.x) * aspect, at.y - touch.y) <= Self.radius
            }
            if let hit { pop(hit) }
        }
        touches.removeAll()
        stepsRun += 1
    }

    private func pop(_ bubble: BubbleColour) {
        guard !popped.contains(bubble) else { return record(BubblePopEvent.missed(bubble: bubble.rawValue)) }
        popped.insert(bubble)
        record(BubblePopEvent.popped(bubble: bubble.rawValue))
        recordSound(BubblePopSounds.pop, x: Float(position(of: bubble).x * Double(scene.header.canvasWidth)), switches: switches)
        recordHaptic(.light, character: bubble.rawValue, switches: switches)
        if popped.count == BubbleColour.allCases.count { record(BubblePopEvent.allPopped) }
    }

    /// Where `bubble` is now, normalised: its own column, rising and wrapping round.
    private func position(of bubble: BubbleColour) -> (x: Double, y: Double) {
        let index = Double(BubbleColour.allCases.firstIndex(of: bubble)!)
        let rise = (clock.time(afterSteps: stepsRun) / Self.crossingSeconds + index / 3).truncatingRemainder(dividingBy: 1)
        return ((index + 1) / 4, 1.1 - 1.2 * rise)
    }

    func snapshot() -> BubblePopSnapshot {
        let width = Double(outputWidth), height = Double(outputHeight)
        let afloat = BubbleColour.allCases.filter { !popped.contains($0) }.map { bubble in
            let at = position(of: bubble)
            return (colour: bubble, x: at.x * width, y: at.y * height, radius: height * Self.radius)
        }
        return BubblePopSnapshot(width: outputWidth, height: outputHeight, bubbles: afloat, wellDone: popped.count == BubbleColour.allCases.count)
    }
}
