import CVBus

/// What the painter draws: the moment of the flow, as plain data.
struct GlitchSquadSnapshot {
    /// A fruit in the camera's view.
    struct Fruit: Equatable {
        var label: String
        /// Normalised to the camera's picture (the screen).
        var box: CVBox
        var confidence: Double
        /// Whether it is the mission's fruit.
        var target: Bool
        /// The target over 0.8: a neon green box (others are white).
        var green: Bool
    }

    var width: Int
    var height: Int
    var seed: UInt64
    var phase: GlitchSquadPhase
    /// Seconds since the phase began.
    var phaseSeconds: Double
    var time: Double
    var mission: GlitchSquadMission
    var settings: GlitchSquadSettings
    var buttonLabel: String
    var battery: Int
    var coins: Int
    var baseRepaired: Bool
    var won: Bool
    /// `timeout` or `give_up` when the hunt ended without a capture.
    var ending: String?
    var fruits: [Fruit]
    var holding: Bool
    var holdProgress: Double
    var remainingSeconds: Int
    /// Seconds into the hunt.
    var huntSeconds: Double
    /// The camera's pan across the kitchen, 0–1.
    var pan: Double
    var flashlight: Bool
    var capturedBox: CVBox?
    /// Pixel's last line, and seconds since he began it.
    var line: String?
    var lineSeconds: Double
}

/// Where the buttons are on a portrait screen of `width`×`height` pixels, shared by the
/// painter (which draws them there) and the simulation (which hit-tests a touch there).
struct GlitchSquadLayout {
    var width: Double
    var height: Double

    /// A rectangle in fractions of the screen.
    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        (x * width, y * height, w * width, h * height)
    }

    var missionCard: (x: Double, y: Double, width: Double, height: Double) { rect(0.06, 0.70, 0.88, 0.2) }
    var missionPanel: (x: Double, y: Double, width: Double, height: Double) { rect(0.05, 0.42, 0.9, 0.54) }
    var acceptButton: (x: Double, y: Double, width: Double, height: Double) { rect(0.09, 0.83, 0.82, 0.085) }
    var topBar: (x: Double, y: Double, width: Double, height: Double) { rect(0.04, 0.03, 0.92, 0.09) }
    var bottomBar: (x: Double, y: Double, width: Double, height: Double) { rect(0.04, 0.885, 0.92, 0.085) }
    var flashlightButton: (x: Double, y: Double, width: Double, height: Double) { rect(0.07, 0.9, 0.3, 0.055) }
    var giveUpButton: (x: Double, y: Double, width: Double, height: Double) { rect(0.72, 0.905, 0.2, 0.045) }
    var rewardCard: (x: Double, y: Double, width: Double, height: Double) { rect(0.08, 0.5, 0.84, 0.42) }
    var returnButton: (x: Double, y: Double, width: Double, height: Double) { rect(0.16, 0.71, 0.68, 0.075) }

    /// The button under the normalised point (`x`, `y`) on the screen of `phase`, if any.
    func button(at x: Double, _ y: Double, phase: GlitchSquadPhase) -> GlitchSquadButton? {
        let px = x * width, py = y * height
        func inside(_ r: (x: Double, y: Double, width: Double, height: Double)) -> Bool {
            px >= r.x && px <= r.x + r.width && py >= r.y && py <= r.y + r.height
        }
        switch phase {
        case .base: return inside(missionCard) ? .missionCard : nil
        case .briefing: return inside(acceptButton) ? .accept : nil
        case .hunt:
            if inside(giveUpButton) { return .giveUp }
            return inside(flashlightButton) ? .flashlight : nil
        case .reward: return inside(returnButton) ? .returnToBase : nil
        case .hook, .capture: return nil
        }
    }
}
