import Foundation
import Scene

/// What a princess's figure looks like before it is placed: who she is, her size in device
/// pixels, her face, her arms and which way she faces, each rounded to a step too small to
/// see. Two poses with the same key draw the same figure, so it is drawn once and reused;
/// the figure is drawn from the rounded values, so it depends on the key alone.
struct PrincessFigureKey: Hashable {
    let kind: CharacterKind
    let highContrast: Bool
    let facingAway: Bool
    private let unitStep: Int
    private let blinkStep: Int
    private let smileStep: Int
    private let flareStep: Int
    private let waveArmStep: Int
    private let otherArmStep: Int

    private static let armStep = 0.02
    private static let unitResolution = 200.0

    /// The key for `pose` drawn at `unit` device pixels per body unit.
    init(pose: CharacterPose, unit: Double, highContrast: Bool) {
        kind = pose.kind
        self.highContrast = highContrast
        let spin = Double(pose.spin)
        facingAway = cos(spin) < 0
        unitStep = Int((unit * Self.unitResolution).rounded())
        blinkStep = Int((Double(min(max(pose.blink, 0), 1)) * 4).rounded())
        smileStep = Int((Double(min(max(pose.smile, 0), 1)) * 20).rounded())
        // The skirt flares out while she twirls.
        flareStep = Int((0.3 * abs(sin(spin / 2)) * 100).rounded())
        func arm(_ angle: Float) -> Int {
            Int((Double(min(max(angle, -0.5), 3.3)) / Self.armStep).rounded())
        }
        waveArmStep = arm(pose.waveArmAngle)
        otherArmStep = arm(pose.otherArmAngle)
    }

    /// Device pixels per body unit.
    var unit: Double { Double(unitStep) / Self.unitResolution }
    /// Eyelid closure, 0…1.
    var blink: Double { Double(blinkStep) / 4 }
    /// Smile width, 0…1.
    var smile: Double { Double(smileStep) / 20 }
    /// Skirt flare, 0…0.3.
    var flare: Double { Double(flareStep) / 100 }
    /// The waving arm's raise, radians.
    var waveArmAngle: Double { Double(waveArmStep) * Self.armStep }
    /// The other arm's raise, radians.
    var otherArmAngle: Double { Double(otherArmStep) * Self.armStep }
}
