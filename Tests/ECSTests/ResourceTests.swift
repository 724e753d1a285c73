import Testing
@testable import ECS

@Suite struct ResourceTests {
    struct Settings: Equatable { var volume: Double }

    @Test func setReadModifyRemove() {
        let world = World()
        #expect(world.resource(Settings.self) == nil)
        world.setResource(Settings(volume: 0.5))
        world.modifyResource(Settings.self) { $0.volume = 0.8 }
        #expect(world.resource(Settings.self) == Settings(volume: 0.8))
        world.removeResource(Settings.self)
        #expect(world.resource(Settings.self) == nil)
    }
}
