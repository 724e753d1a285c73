import ECS
import Effects
import Trace

/// A scene running in an ECS world: step it to any frame, take snapshots, read the trace,
/// feed it live inputs. Deterministic: the same scene gives the same frames and trace.
public final class SceneSimulation {
    /// The scene being simulated.
    public let scene: SceneDescription
    /// Frames to simulation steps.
    public let clock: FixedStepClock
    /// The world holding the characters and effects (inside the module and its tests only).
    let world: World
    /// The frame the world now shows.
    public private(set) var frame = 0
    /// Output size in pixels (the scene's canvas scaled to it).
    public let outputWidth: Int
    /// Output size in pixels.
    public let outputHeight: Int

    private let schedule: Schedule
    private let recorder: TraceRecorder
    private let layout: SceneLayout

    /// A simulation of `scene`, rendered at `width`×`height` (default: the scene's canvas,
    /// whose coordinates are then scaled) and `framesPerSecond` (default: the scene's).
    public init(scene: SceneDescription, width: Int? = nil, height: Int? = nil, framesPerSecond: Int? = nil) {
        self.scene = scene
        outputWidth = max(width ?? scene.canvasWidth, 1)
        outputHeight = max(height ?? scene.canvasHeight, 1)
        clock = FixedStepClock(framesPerSecond: max(framesPerSecond ?? scene.framesPerSecond, 1),
                               stepsPerSecond: scene.simulationRate)
        world = World()
        schedule = Schedule(stepsPerSecond: scene.simulationRate)
        recorder = TraceRecorder(clock: clock)
        layout = SceneLayout(width: Float(scene.canvasWidth), height: Float(scene.canvasHeight))

        world.setResource(recorder)
        world.setResource(SceneState(scene: scene))
        world.setResource(PendingInputs())
        world.setResource(ExpressionState())
        world.setResource(TimelineQueue(timeline: scene.timeline.map { ($0.time, $0.input, $0.source) }, stepsPerSecond: scene.simulationRate))

        schedule.add(TraceStepSystem.name, TraceStepSystem.run)
        schedule.add(TimelineSystem.name, TimelineSystem.run)
        schedule.add(InputSystem.name, InputSystem.run)
        schedule.add(GestureMotionSystem.name, GestureMotionSystem.run)
        schedule.add(ExpressionSystem.name, ExpressionSystem.run)
        schedule.add(ActionTimerSystem.name, ActionTimerSystem.run)
        schedule.add(CarriedPoseSystem.name, CarriedPoseSystem.run)
        schedule.add(PresenceSystem.name, PresenceSystem.run)
        schedule.add(BlinkSystem.name, BlinkSystem.run)
        let configuration = EffectsConfiguration(
            seed: scene.seed, canvasWidth: layout.width, canvasHeight: layout.height, floorY: layout.horizonY,
            reduceMotion: scene.settings.reduceMotion)
        EffectsSystems.install(in: schedule, world: world, configuration: configuration) { world, entity in
            world.get(Placement.self, of: entity)?.position
        }
        schedule.add(EffectCueSystem.name, EffectCueSystem.run)
        if let hud = scene.hud {
            world.setResource(HUDState(configuration: hud, selected: scene.selectedKind))
            schedule.add(HUDEventSystem.name, HUDEventSystem.run)
        }

        for placement in scene.characters {
            CharacterSpawner.spawn(id: placement.id, kind: placement.kind, position: placement.position,
                                   scale: placement.scale, cause: "scene", time: 0, animated: false, in: world)
        }
    }

    /// Frames in the scene's duration at the output frame rate.
    public var frameCount: Int { clock.frameCount(forDuration: scene.duration) }

    /// The settings now.
    public var settings: SceneSettings { world.sceneState.settings }

    /// The names of the systems, in the order they run each step.
    public var systemNames: [String] { schedule.systemNames }

    /// Steps the world until it shows frame `target`, without drawing; never goes back.
    public func advance(toFrame target: Int) {
        guard target > frame else { return }
        // From the steps run, not the frame shown: a shared session steps its peers one
        // step at a time (`stepOnce`) and then moves the frame.
        let steps = clock.stepsCompleted(atFrame: target) - schedule.stepsRun
        if steps > 0 { schedule.step(world, count: steps) }
        frame = target
    }

    /// Runs one step without moving the frame shown; a shared session interleaves its
    /// peers' worlds step by step, then `advance(toFrame:)` moves the frame.
    public func stepOnce() { schedule.step(world, count: 1) }

    /// Steps run so far.
    public var stepsRun: Int { schedule.stepsRun }

    /// The simulation time the world shows.
    public var time: Double { clock.time(afterSteps: schedule.stepsRun) }

    /// Queues a live input (a clap heard by a microphone, …) for the next step; `source`
    /// is written in the trace.
    public func inject(_ input: SceneInput, source: String) {
        world.modifyResource(PendingInputs.self) { $0.items.append(QueuedInput(input: input, source: source)) }
    }

    /// The trace events since the last drain, in order.
    public func drainTrace() -> [TraceEvent] { recorder.drain() }

    /// How many particles are alive now (what `snapshot().particles.count` says, without
    /// making a snapshot).
    public var liveParticles: Int { liveParticleCount(in: world) }

    /// What the renderer draws now, scaled from the scene's canvas to the output size.
    public func snapshot() -> SceneSnapshot {
        let time = self.time
        let settings = self.settings
        let scaleX = Float(outputWidth) / layout.width
        let scaleY = Float(outputHeight) / layout.height
        let smile = world.resource(ExpressionState.self)?.strength(of: .smile) ?? 0
        let poses = CharacterDirectory.depthOrder(in: world).compactMap { entity -> CharacterPose? in
            guard var pose = PoseBuilder.pose(of: entity, in: world, time: time, layout: layout,
                                              reduceMotion: settings.reduceMotion, smileStrength: smile) else { return nil }
            pose.position = Vec2(pose.position.x * scaleX, pose.position.y * scaleY)
            pose.baseHeight *= scaleY
            pose.lift *= scaleY
            return pose
        }
        let particles = particleViews(in: world).map { view -> ParticleView in
            var scaled = view
            scaled.position = Vec2(view.position.x * scaleX, view.position.y * scaleY)
            scaled.size = view.size * scaleY
            return scaled
        }
        var snapshot = SceneSnapshot(width: outputWidth, height: outputHeight, frame: frame, time: time,
                                     backdrop: scene.backdrop, highContrast: settings.highContrast,
                                     reduceMotion: settings.reduceMotion, horizonY: layout.horizonY * scaleY,
                                     characters: poses, particles: particles)
        snapshot.hud = hudSnapshot(time: time, scaleX: scaleX, scaleY: scaleY)
        return snapshot
    }
}
