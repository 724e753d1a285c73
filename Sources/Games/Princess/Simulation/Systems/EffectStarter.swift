import ECS
import Effects
import Vocabulary

/// Starts a magic effect at a character, a point or over the canvas, and traces it.
enum EffectStarter {
    /// Where an effect follows a character from: the middle of her body.
    static func anchorOffset(for entity: Entity, in world: World) -> Vec2 {
        let scale = world.get(Placement.self, of: entity)?.scale ?? 1
        return Vec2(0, -world.sceneState.layout.baseHeight * scale * 0.5)
    }

    /// Starts `kind` at `place`; returns false when the character named is not there.
    @discardableResult
    static func start(_ kind: EffectKind, place: EffectPlace, duration: Double?, end: EffectEnd? = nil, amount: EffectAmount = .standard,
                      cause: String,
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
        var lifetime = duration ?? end?.visible ?? Self.standardLifetime(of: kind, acrossCanvas: anchor == .canvas, in: world)
        if let end { lifetime = min(lifetime, end.visible) }
        world.startEffect(EffectRequest(kind: kind, anchor: anchor, tint: tint, duration: duration, intensity: amount.density,
                                        speed: amount.speed, end: end))
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
        let lifetime = Self.standardLifetime(of: .burst, acrossCanvas: false, in: world)
        world.trace.record(.effectStart(.burst, character: identity.id, position: center, duration: lifetime, cause: cause))
    }

    /// How long an emitter of `kind` emits when nothing says (reduce motion does not change it).
    private static func standardLifetime(of kind: EffectKind, acrossCanvas: Bool, in world: World) -> Double {
        guard let definition = world.resource(EffectsConfiguration.self)?.definitions[kind] else { return 0 }
        return (acrossCanvas ? definition.canvasProfile : definition.profile).emitterLifetime
    }
}
