import ECS

extension SceneSimulation {
    /// Whether the onboarding's "Don't show again" is ticked now (as the scene started it,
    /// for a scene without the app's screen).
    public var dontShowOnboarding: Bool {
        world.resource(HUDState.self)?.dontShowOnboarding ?? scene.hud?.dontShowOnboarding ?? false
    }

    /// The app's screen now, when the scene has a HUD.
    func hudSnapshot(time: Double, scaleX: Float, scaleY: Float) -> HUDSnapshot? {
        guard let state = world.resource(HUDState.self) else { return nil }
        let layout = world.sceneState.layout
        let builder = HUDSnapshotBuilder(state: state, time: time, settings: settings, scaleX: scaleX, scaleY: scaleY,
                                         outputWidth: outputWidth,
                                         present: !CharacterDirectory.present(in: world).isEmpty)
        let world = self.world
        return builder.build { id in
            guard let entity = CharacterDirectory.entity(named: id, in: world),
                  let center = CharacterDirectory.center(of: entity, in: world, layout: layout) else { return nil }
            let scale = world.get(Placement.self, of: entity)?.scale ?? 1
            return (center, layout.baseHeight * scale)
        }
    }
}
