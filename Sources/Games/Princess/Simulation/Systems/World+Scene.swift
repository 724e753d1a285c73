import ECS
import Trace

extension World {
    /// The run's trace recorder; `SceneSimulation` installs it before any system runs.
    var trace: TraceRecorder {
        guard let recorder = resource(TraceRecorder.self) else {
            preconditionFailure("SceneSimulation installs the TraceRecorder resource")
        }
        return recorder
    }

    /// The scene-wide state; `SceneSimulation` installs it before any system runs.
    var sceneState: SceneState {
        guard let state = resource(SceneState.self) else {
            preconditionFailure("SceneSimulation installs the SceneState resource")
        }
        return state
    }

    /// The settings now.
    var settings: SceneSettings { sceneState.settings }
}
