import CVBus

extension RunOptions {
    /// The CV bus of a run of a scene with `setup` (its `cv:` section), for a game that takes
    /// `subscription`, stepped at `stepsPerSecond` for `duration` seconds: the scene's script,
    /// these options' recording and the mock (the scene's or these options') together.
    public func cvBus(scene setup: CVSceneSetup, subscription: CVSubscription, stepsPerSecond: Int, duration: Double) -> CVEventBus {
        CVEventBus(observations: setup.observations + (cvRecording?.observations ?? []),
                   mockThrough: setup.mock || cvMock ? duration : nil, settings: setup.settings,
                   subscription: subscription, stepsPerSecond: stepsPerSecond)
    }
}
