import Foundation
import ECS

/// Computes a character's pose at a moment from her components: what the renderer reads.
/// A pure function of the world and the time, so any frame can be posed after stepping.
enum PoseBuilder {
    /// Arms hanging at rest.
    static let restArm: Float = 0.25

    static func pose(of entity: Entity, in world: World, time: Double, layout: SceneLayout,
                     reduceMotion: Bool, smileStrength: Float) -> CharacterPose? {
        guard let identity = world.get(CharacterIdentity.self, of: entity),
              let placement = world.get(Placement.self, of: entity) else { return nil }
        var pose = CharacterPose(id: identity.id, kind: identity.kind, position: placement.position,
                                 scale: placement.scale, baseHeight: layout.baseHeight)
        applyMotion(of: entity, identity: identity, in: world, time: time, layout: layout,
                    reduceMotion: reduceMotion, to: &pose)
        // After a restarted action her pose catches up with the new one (CarriedPoseSystem).
        if let carried = world.get(CarriedPose.self, of: entity) { carried.motion.write(to: &pose) }

        if let appear = world.get(AppearAnimation.self, of: entity) {
            pose.appear = Easing.smooth(Float((time - appear.start) / AppearAnimation.duration))
        }
        if let vanish = world.get(Vanishing.self, of: entity) {
            pose.vanish = Easing.smooth(Float((time - vanish.start) / Vanishing.duration))
        }
        if world.has(Held.self, entity) {
            pose.highlighted = true
            pose.glow = max(pose.glow, 0.35)
            // Picked up a little while a finger holds her (not with reduce motion).
            if !reduceMotion { pose.lift += layout.baseHeight * 0.04 }
        }
        if let settle = world.get(SettleAnimation.self, of: entity), !reduceMotion {
            let k = Float((time - settle.start) / SettleAnimation.duration)
            if k >= 0 && k < 1 { pose.stretch *= 1 - 0.08 * sin(.pi * k * 2) * (1 - k) }
        }
        if let blink = world.get(BlinkSchedule.self, of: entity) { pose.blink = blink.closure(at: time) }
        // The characters mirror the child's smile.
        pose.smile = max(pose.smile, 0.5 + 0.5 * smileStrength)
        return pose
    }

    /// The motion part of her pose at `time`: what her action (or idle breathing) alone
    /// sets, before any carried pose. Nil for an entity that is not a character.
    static func motion(of entity: Entity, in world: World, time: Double, layout: SceneLayout,
                       reduceMotion: Bool) -> MotionPose? {
        guard let identity = world.get(CharacterIdentity.self, of: entity) else { return nil }
        var pose = CharacterPose(id: identity.id, kind: identity.kind, position: Vec2(0, 0), baseHeight: layout.baseHeight)
        applyMotion(of: entity, identity: identity, in: world, time: time, layout: layout,
                    reduceMotion: reduceMotion, to: &pose)
        return MotionPose(pose)
    }

    /// Her action at `time` (its parameters, name and progress), or idle breathing.
    private static func applyMotion(of entity: Entity, identity: CharacterIdentity, in world: World, time: Double,
                                    layout: SceneLayout, reduceMotion: Bool, to pose: inout CharacterPose) {
        let calm: Float = reduceMotion ? 0.5 : 1

        if let action = world.get(ActionState.self, of: entity) {
            let progress = action.progress(at: time)
            pose.action = action.kind
            pose.actionProgress = progress
            switch action.kind {
            case .builtIn(let kind):
                apply(kind, progress: progress, elapsed: Float(time - action.start), calm: calm,
                      baseHeight: layout.baseHeight, to: &pose)
            case .move(let name):
                world.sceneState.moves[name]?.apply(at: time - action.start, reduceMotion: reduceMotion, to: &pose)
            }
        } else if !reduceMotion {
            // Idle breathing: a slow rise of the chest and a gentle lean; off with reduce motion.
            let t = Float(time)
            pose.stretch = 1 + 0.015 * sin(2 * .pi * t / 3.2 + identity.breathingPhase)
            pose.sway = 0.025 * sin(2 * .pi * t / 4.6 + identity.breathingPhase)
            let arms = restArm + 0.04 * sin(2 * .pi * t / 3.2 + identity.breathingPhase)
            pose.waveArmAngle = arms
            pose.otherArmAngle = arms
        }
    }

    /// The pose parameters of an action `progress` (0…1) of the way through.
    static func apply(_ kind: ActionKind, progress p: Float, elapsed e: Float, calm: Float,
                      baseHeight: Float, to pose: inout CharacterPose) {
        let envelope = Easing.envelope(p)
        switch kind {
        case .wave:
            pose.waveArmAngle = restArm + (2.5 - restArm) * envelope + 0.35 * calm * sin(2 * .pi * 3 * e) * envelope
            pose.otherArmAngle = restArm
            pose.smile = 0.9
        case .dance:
            let beat = sin(2 * .pi * 1.5 * e)
            pose.sway = 0.2 * calm * beat * envelope
            pose.lift = 0.05 * calm * baseHeight * abs(beat) * envelope
            pose.waveArmAngle = restArm + 1.8 * envelope + 0.4 * beat * envelope
            pose.otherArmAngle = restArm + 1.8 * envelope - 0.4 * beat * envelope
            pose.smile = 1
        case .twirl:
            let turn = p * p * (3 - 2 * p)
            pose.spin = 2 * .pi * turn
            pose.waveArmAngle = restArm + (.pi / 2 - restArm) * envelope
            pose.otherArmAngle = pose.waveArmAngle
            pose.stretch = 1 + 0.04 * sin(.pi * p)
            pose.smile = 0.9
        case .jump:
            applyJump(p, calm: calm, baseHeight: baseHeight, to: &pose)
        case .sparkle:
            pose.glow = envelope * (0.8 + 0.2 * sin(2 * .pi * 4 * e))
            pose.waveArmAngle = restArm + 2.3 * envelope
            pose.otherArmAngle = pose.waveArmAngle
            pose.smile = 1
        }
    }

    /// A jump in three beats: crouch (squash), flight (stretch, then round), landing (squash).
    static func applyJump(_ p: Float, calm: Float, baseHeight: Float, to pose: inout CharacterPose) {
        pose.smile = 1
        if p < 0.2 {
            let q = p / 0.2
            pose.stretch = 1 - 0.18 * sin(.pi / 2 * q)
            pose.waveArmAngle = restArm - 0.15 * q
        } else if p < 0.75 {
            let a = (p - 0.2) / 0.55
            pose.lift = 4 * a * (1 - a) * 0.35 * baseHeight * (reduceLift(calm))
            pose.stretch = 1 + 0.12 * (1 - a) - 0.04 * a
            pose.waveArmAngle = restArm + 2.3 * sin(.pi * a)
        } else {
            let b = (p - 0.75) / 0.25
            pose.stretch = 1 - 0.15 * sin(.pi * b)
            pose.waveArmAngle = restArm
        }
        pose.otherArmAngle = pose.waveArmAngle
    }

    /// Jumps stay jumps with reduce motion (they are what a clap does), only lower.
    private static func reduceLift(_ calm: Float) -> Float { calm < 1 ? 0.6 : 1 }
}
