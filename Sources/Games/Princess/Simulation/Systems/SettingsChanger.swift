import ECS
import Effects

/// A settings change: applied from this step on, the effects told about reduce motion.
enum SettingsChanger {
    static func apply(_ change: SettingsChange, source: String, in world: World) {
        world.modifyResource(SceneState.self) { $0.settings = $0.settings.applying(change) }
        let settings = world.settings
        world.modifyResource(EffectsConfiguration.self) { $0.reduceMotion = settings.reduceMotion }
        if settings.faceTracking == false {
            world.modifyResource(ExpressionState.self) { state in
                for index in state.tracks.indices { state.tracks[index] = ExpressionState.Track() }
            }
        }
        world.trace.record(.settings(change, source: source))
        world.trace.haptic(.light, settings: settings)
    }
}
