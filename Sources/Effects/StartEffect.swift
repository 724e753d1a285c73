import ECS

extension World {
    /// Makes the emitter for `request` at once (also from inside a system) and returns its
    /// entity. Its random sub-stream derives from the configuration's seed and the emitter's
    /// serial number alone, so adding an emitter never changes another emitter's particles.
    /// `EffectsSystems.install` must have run on this world first.
    @discardableResult
    public func startEffect(_ request: EffectRequest) -> Entity {
        guard let configuration = resource(EffectsConfiguration.self) else {
            preconditionFailure("EffectsSystems.install(in:world:configuration:anchorPosition:) must run before startEffect")
        }
        let serial = modifyResource(EmitterRoster.self) { roster -> UInt64 in
            let serial = roster.nextSerial
            roster.nextSerial += 1
            return serial
        } ?? 0
        let random = SeededRandom(seed: configuration.seed).stream("effects").stream(serial)
        let entity = create()
        add(ParticleEmitter(serial: serial, request: request, random: random), to: entity)
        modifyResource(EmitterRoster.self) { $0.emitters.append(entity) }
        return entity
    }
}
