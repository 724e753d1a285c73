import Foundation
import Princess

/// What a princess's figure looks like before it is placed: who she is, her size in device
/// pixels, how she leans, her face, her arms and which way she faces, each rounded to a step
/// too small to see. Two poses with the same key draw the same figure, so it is drawn once and
/// reused; the figure is drawn from the rounded values, so it depends on the key alone.
struct CharacterFigureKey: Hashable {
    let kind: CharacterKind
    let highContrast: Bool
    let facingAway: Bool
    /// The skin she is drawn from (`PrincessSkins`' number), 0 for the built-in look.
    var skin = 0
    private let unitStep: Int
    private let leanStep: Int
    private var blinkStep: Int
    private var smileStep: Int
    private var flareStep: Int
    private var waveArmStep: Int
    private var otherArmStep: Int

    /// 0.04 rad: a resting arm breathes through three steps (under a pixel apart at 720p)
    /// instead of five, each a figure put together again; a moving arm jumps farther a frame.
    private static let armStep = 0.04
    private static let unitResolution = 200.0
    /// Half a degree: the crown of a 720p princess moves 2 px per step (a quarter of a degree
    /// painted twice the layers for a sway nobody sees as steps), while baking the lean into
    /// the figure lets it be placed without rotating (rotated compositing costs Cairo six
    /// times as much as scaled).
    static let leanResolution = Double.pi / 360
    /// The steepest lean drawn; the dance sways up to about 0.2 rad.
    static let leanLimit = 0.4

    /// The key for `pose` drawn at `unit` device pixels per body unit.
    init(pose: CharacterPose, unit: Double, highContrast: Bool) {
        kind = pose.kind
        self.highContrast = highContrast
        let spin = Double(pose.spin)
        facingAway = cos(spin) < 0
        unitStep = Int((unit * Self.unitResolution).rounded())
        let sway = Double(pose.sway).isFinite ? Double(pose.sway) : 0
        leanStep = Int((min(max(sway, -Self.leanLimit), Self.leanLimit) / Self.leanResolution).rounded())
        blinkStep = Int((Double(min(max(pose.blink, 0), 1)) * 4).rounded())
        smileStep = Int((Double(min(max(pose.smile, 0), 1)) * 10).rounded())
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
    /// The lean baked into the figure, radians clockwise (positive leans right).
    var lean: Double { Double(leanStep) * Self.leanResolution }
    /// Eyelid closure, 0…1.
    var blink: Double { Double(blinkStep) / 4 }
    /// Smile width, 0…1.
    var smile: Double { Double(smileStep) / 10 }
    /// Skirt flare, 0…0.3.
    var flare: Double { Double(flareStep) / 100 }
    /// The waving arm's raise, radians.
    var waveArmAngle: Double { Double(waveArmStep) * Self.armStep }
    /// The other arm's raise, radians.
    var otherArmAngle: Double { Double(otherArmStep) * Self.armStep }

    /// The key of the layer behind the arms (hair at the back, shoes, skirt, bodice): what
    /// the face and the arms do does not change it.
    var backLayer: CharacterFigureKey {
        var key = self
        key.blinkStep = 0
        key.smileStep = 0
        key.waveArmStep = 0
        key.otherArmStep = 0
        return key
    }

    /// The key of the layer in front of the arms (sleeves, head, front hair, crown): the arms
    /// and the skirt do not change it, nor, in the built-in look, the face, which has a layer
    /// of its own (`faceLayer`) so that a blink or a smile repaints only the face. A skin's
    /// face is drawn under its front hair, so it stays in this layer.
    var frontLayer: CharacterFigureKey {
        var key = self
        key.flareStep = 0
        key.waveArmStep = 0
        key.otherArmStep = 0
        if hasFaceLayer {
            key.blinkStep = 0
            key.smileStep = 0
        }
        return key
    }

    /// Whether the face is drawn in a layer of its own, over the front layer: the built-in
    /// look facing the viewer.
    var hasFaceLayer: Bool { skin == 0 && !facingAway }

    /// The key of the face's layer (eyes, cheeks, mouth): only what moves the face changes it.
    var faceLayer: CharacterFigureKey {
        var key = self
        key.flareStep = 0
        key.waveArmStep = 0
        key.otherArmStep = 0
        return key
    }
}
