import ECS
import Effects
import Vocabulary

/// Starts an action on a character: the new action replaces the one running (which ends
/// unfinished), and its sound plays where she stands.
enum ActionStarter {
    /// Starts `kind` on `entity` at `time`, traced with `cause`.
    static func start(_ kind: ActionKind, on entity: Entity, cause: String, time: Double, in world: World) {
        guard let identity = world.get(CharacterIdentity.self, of: entity),
              let placement = world.get(Placement.self, of: entity) else { return }
        let trace = world.trace
        if let running = world.get(ActionState.self, of: entity) {
            trace.record(.actionEnd(running.kind, character: identity.id, completed: false))
        }
        let duration = ActionState.duration(of: kind)
        world.add(ActionState(kind: kind, start: time, duration: duration, cause: cause), to: entity)
        trace.record(.actionStart(kind, character: identity.id, cause: cause, duration: duration))
        trace.sound(SoundEffect(kind), x: placement.position.x, settings: world.settings, character: identity.id)
        if kind == .sparkle {
            // The sparkle action is a glow plus a shower of her own colour's sparkles.
            EffectStarter.start(.sparkles, place: .character(identity.id), duration: duration,
                                cause: "sparkle", time: time, in: world, withSound: false)
        }
    }

    /// Ends an action early (the character vanishes), traced as unfinished.
    static func cancel(on entity: Entity, in world: World) {
        guard let running = world.get(ActionState.self, of: entity) else { return }
        world.trace.record(.actionEnd(running.kind, character: CharacterDirectory.id(of: entity, in: world), completed: false))
        world.remove(ActionState.self, from: entity)
    }

    /// The haptic for an action button: heavy for the big ones (dance, jump).
    static func haptic(for kind: ActionKind) -> HapticKind {
        kind == .dance || kind == .jump ? .heavy : .medium
    }
}

/// Starts a magic effect at a character, a point or over the canvas, and traces it.
enum EffectStarter {
    /// Where an effect follows a character from: the middle of her body.
    static func anchorOffset(for entity: Entity, in world: World) -> Vec2 {
        let scale = world.get(Placement.self, of: entity)?.scale ?? 1
        return Vec2(0, -world.sceneState.layout.baseHeight * scale * 0.5)
    }

    /// Starts `kind` at `place`; returns false when the character named is not there.
    @discardableResult
    static func start(_ kind: EffectKind, place: EffectPlace, duration: Double?, cause: String,
                      time: Double, in world: World, withSound: Bool = true) -> Bool {
        let anchor: EmitterAnchor
        var character: String?
        var position: Vec2?
        var tint = RGBColor.white
        switch place {
        case .character(let id):
            guard let entity = CharacterDirectory.entity(named: id, in: world),
                  let placement = world.get(Placement.self, of: entity),
                  let identity = world.get(CharacterIdentity.self, of: entity) else { return false }
            anchor = .following(entity, offset: anchorOffset(for: entity, in: world))
            character = id
            position = placement.position
            tint = identity.kind.themeColor
        case .point(let point):
            anchor = .point(point)
            position = point
        case .canvas:
            anchor = .canvas
        }
        let lifetime = duration ?? EmitterProfile.standard(for: kind, acrossCanvas: anchor == .canvas).emitterLifetime
        world.startEffect(EffectRequest(kind: kind, anchor: anchor, tint: tint, duration: duration))
        world.trace.record(.effectStart(kind, character: character, position: position, duration: lifetime, cause: cause))
        if withSound, let cue = SoundEffect(kind) {
            world.trace.sound(cue, x: position?.x, settings: world.settings, character: character)
        }
        return true
    }

    /// The small ring of sparkles in her colour when a character appears or vanishes.
    static func burst(at entity: Entity, cause: String, in world: World) {
        guard let placement = world.get(Placement.self, of: entity),
              let identity = world.get(CharacterIdentity.self, of: entity) else { return }
        let center = placement.position + anchorOffset(for: entity, in: world)
        world.startEffect(EffectRequest(kind: .burst, anchor: .point(center), tint: identity.kind.themeColor))
        let lifetime = EmitterProfile.standard(for: .burst).emitterLifetime
        world.trace.record(.effectStart(.burst, character: identity.id, position: center, duration: lifetime, cause: cause))
    }
}
