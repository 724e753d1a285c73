import ECS

/// Moves each carried pose (after a restarted action) one step toward her action's pose,
/// and drops it once it has caught up.
enum CarriedPoseSystem {
    static let name = "carried-pose"

    static func run(_ context: SystemContext) {
        let world = context.world
        let layout = world.sceneState.layout
        let reduceMotion = world.settings.reduceMotion
        let limits = MotionPose.speeds(baseHeight: layout.baseHeight, reduceMotion: reduceMotion)
            .scaled(by: Float(context.deltaTime))
        for entity in CharacterDirectory.depthOrder(in: world) {
            guard let carried = world.get(CarriedPose.self, of: entity),
                  let target = PoseBuilder.motion(of: entity, in: world, time: context.time, layout: layout,
                                                  reduceMotion: reduceMotion) else { continue }
            let next = carried.motion.approaching(target, by: limits)
            if next == target {
                world.remove(CarriedPose.self, from: entity)
            } else {
                world.add(CarriedPose(motion: next), to: entity)
            }
        }
    }
}
