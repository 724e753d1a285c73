import Foundation

/// A part of her pose a move keys: the same parameters the built-in actions drive, in the
/// units a designer writes (degrees, heights, factors).
public enum MoveChannel: String, CaseIterable, Sendable, Codable {
    /// The waving (right) arm's raise in degrees: 0 hangs down, 90 points sideways, 180 up.
    case rightArm = "right_arm"
    /// The other (left) arm's raise, in degrees, the same way.
    case leftArm = "left_arm"
    /// Sideways lean in degrees, positive to the right.
    case lean
    /// Feet above the floor, in her heights (0.35: a third of her height).
    case lift
    /// Turn about her upright in degrees (360: a full twirl).
    case turn
    /// Squash and stretch: 1 none, below 1 squashed, above 1 stretched.
    case stretch
    /// Magic glow around her, 0…1.
    case glow
    /// How wide she smiles, 0…1.
    case smile

    /// The values a key may hold.
    public var range: ClosedRange<Double> {
        switch self {
        case .rightArm, .leftArm: return -90...270
        case .lean: return -45...45
        case .lift: return 0...1
        case .turn: return -1440...1440
        case .stretch: return 0.5...1.5
        case .glow, .smile: return 0...1
        }
    }

    /// The unit a value is written in, for messages.
    public var unit: String {
        switch self {
        case .rightArm, .leftArm, .lean, .turn: return "degrees"
        case .lift: return "of her height"
        case .stretch: return "(1 = none)"
        case .glow, .smile: return ""
        }
    }

    /// Her value when nothing moves her, in this channel's units: what a channel a move
    /// does not key shows, and what reduce motion calms toward.
    public func rest(in pose: CharacterPose) -> Double {
        switch self {
        case .rightArm: return Double(pose.waveArmAngle) * 180 / .pi
        case .leftArm: return Double(pose.otherArmAngle) * 180 / .pi
        case .lean: return Double(pose.sway) * 180 / .pi
        case .lift: return Double(pose.lift / pose.baseHeight)
        case .turn: return Double(pose.spin) * 180 / .pi
        case .stretch: return Double(pose.stretch)
        case .glow: return Double(pose.glow)
        case .smile: return Double(pose.smile)
        }
    }

    /// Writes `value` (this channel's units) into `pose`'s parameter.
    public func write(_ value: Double, to pose: inout CharacterPose) {
        let radians = Float(value * .pi / 180)
        switch self {
        case .rightArm: pose.waveArmAngle = radians
        case .leftArm: pose.otherArmAngle = radians
        case .lean: pose.sway = radians
        case .lift: pose.lift = Float(value) * pose.baseHeight
        case .turn:
            // The pose keeps a turn on the circle, 0…2π, as the twirl does.
            var spin = fmod(radians, 2 * .pi)
            if spin < 0 { spin += 2 * .pi }
            pose.spin = spin
        case .stretch: pose.stretch = Float(value)
        case .glow: pose.glow = Float(value)
        case .smile: pose.smile = Float(value)
        }
    }
}
