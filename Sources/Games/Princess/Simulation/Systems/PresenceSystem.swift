import ECS

/// Finishes appear, settle and vanish animations; a vanished character is destroyed.
enum PresenceSystem {
    static let name = "presence"

    static func run(_ context: SystemContext) {
        let world = context.world, time = context.time
        for entity in CharacterDirectory.depthOrder(in: world) {
            if let appear = world.get(AppearAnimation.self, of: entity), time >= appear.start + AppearAnimation.duration {
                world.remove(AppearAnimation.self, from: entity)
            }
            if let settle = world.get(SettleAnimation.self, of: entity), time >= settle.start + SettleAnimation.duration {
                world.remove(SettleAnimation.self, from: entity)
            }
            if let vanish = world.get(Vanishing.self, of: entity), time >= vanish.start + Vanishing.duration - 1e-9 {
                world.destroy(entity)
            }
        }
    }
}
