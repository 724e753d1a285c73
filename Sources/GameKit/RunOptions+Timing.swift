import ECS
import Scene

extension RunOptions {
    /// The fixed-step clock of a run of a scene with `header`: the options' frame rate (else
    /// the scene's) at the scene's simulation rate.
    public func clock(for header: SceneHeader) -> FixedStepClock {
        FixedStepClock(framesPerSecond: framesPerSecond ?? header.framesPerSecond, stepsPerSecond: header.simulationRate)
    }

    /// The output size in pixels of a run of a scene with `header`: the options' size, else the scene's canvas.
    public func outputSize(for header: SceneHeader) -> (width: Int, height: Int) {
        (width ?? header.canvasWidth, height ?? header.canvasHeight)
    }
}
