import Foundation

/// The part of a character's pose that her action (or, with none, her idle breathing)
/// sets: what a restarted action carries over from the pose she was showing.
struct MotionPose: Sendable, Equatable {
    var waveArmAngle: Float
    var otherArmAngle: Float
    var sway: Float
    /// On the circle: 0 and 2π are the same turn.
    var spin: Float
    /// In canvas pixels (at scale 1).
    var lift: Float
    var stretch: Float
    var glow: Float
    var smile: Float

    /// The motion part of `pose`.
    init(_ pose: CharacterPose) {
        waveArmAngle = pose.waveArmAngle
        otherArmAngle = pose.otherArmAngle
        sway = pose.sway
        spin = pose.spin
        lift = pose.lift
        stretch = pose.stretch
        glow = pose.glow
        smile = pose.smile
    }

    /// Puts these values into `pose`.
    func write(to pose: inout CharacterPose) {
        pose.waveArmAngle = waveArmAngle
        pose.otherArmAngle = otherArmAngle
        pose.sway = sway
        pose.spin = spin
        pose.lift = lift
        pose.stretch = stretch
        pose.glow = glow
        pose.smile = smile
    }

    /// How fast a carried pose moves toward the new action's, per second, for a princess
    /// `baseHeight` pixels tall: each a little below the fastest the un-restarted animations
    /// move that parameter (wave and sparkle arms ≈ 23 rad/s, twirl ≈ 7.9 rad/s, jump lift
    /// ≈ 3.2 heights/s, dance sway ≈ 1.9 rad/s, jump squash ≈ 2.4/s and a 0.3 snap, sparkle
    /// glow ≈ 8/s, smile snaps of 0.5), so a restart never moves her faster than a normal
    /// frame of animation does. Halved with reduce motion.
    static func speeds(baseHeight: Float, reduceMotion: Bool) -> MotionPose {
        var speeds = MotionPose(waveArmAngle: 18, otherArmAngle: 18, sway: 1.5, spin: 7.5,
                                lift: 2.5 * baseHeight, stretch: 2, glow: 6, smile: 3)
        if reduceMotion { speeds = speeds.scaled(by: 0.5) }
        return speeds
    }

    init(waveArmAngle: Float, otherArmAngle: Float, sway: Float, spin: Float, lift: Float, stretch: Float,
         glow: Float, smile: Float) {
        self.waveArmAngle = waveArmAngle
        self.otherArmAngle = otherArmAngle
        self.sway = sway
        self.spin = spin
        self.lift = lift
        self.stretch = stretch
        self.glow = glow
        self.smile = smile
    }

    /// Every value multiplied by `factor`.
    func scaled(by factor: Float) -> MotionPose {
        MotionPose(waveArmAngle: waveArmAngle * factor, otherArmAngle: otherArmAngle * factor, sway: sway * factor,
                   spin: spin * factor, lift: lift * factor, stretch: stretch * factor, glow: glow * factor,
                   smile: smile * factor)
    }

    /// This pose moved toward `target` by at most `limits` in each value: a value within
    /// its limit of the target lands on it exactly. The spin goes the short way round the
    /// circle (forward when both ways are as long) and stays in 0…2π.
    func approaching(_ target: MotionPose, by limits: MotionPose) -> MotionPose {
        var next = self
        next.waveArmAngle = Self.step(waveArmAngle, toward: target.waveArmAngle, by: limits.waveArmAngle)
        next.otherArmAngle = Self.step(otherArmAngle, toward: target.otherArmAngle, by: limits.otherArmAngle)
        next.sway = Self.step(sway, toward: target.sway, by: limits.sway)
        next.lift = Self.step(lift, toward: target.lift, by: limits.lift)
        next.stretch = Self.step(stretch, toward: target.stretch, by: limits.stretch)
        next.glow = Self.step(glow, toward: target.glow, by: limits.glow)
        next.smile = Self.step(smile, toward: target.smile, by: limits.smile)
        let turn = 2 * Float.pi
        var gap = remainder(target.spin - spin, turn)
        if gap <= -.pi { gap += turn }
        if abs(gap) <= limits.spin {
            next.spin = target.spin
        } else {
            var spin = self.spin + (gap > 0 ? limits.spin : -limits.spin)
            spin = fmod(spin, turn)
            if spin < 0 { spin += turn }
            next.spin = spin
        }
        return next
    }

    private static func step(_ value: Float, toward target: Float, by limit: Float) -> Float {
        let gap = target - value
        if abs(gap) <= limit { return target }
        return value + (gap > 0 ? limit : -limit)
    }

    /// How far apart two spins are on the circle, 0…π.
    static func circularSpinGap(_ a: Float, _ b: Float) -> Float {
        abs(remainder(a - b, 2 * Float.pi))
    }
}
