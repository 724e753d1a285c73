import Testing
@testable import ECS

@Suite struct EntityTests {
    @Test func createdEntitiesAreAliveAndDistinct() {
        let world = World()
        let a = world.create(), b = world.create()
        #expect(a != b)
        #expect(world.isAlive(a) && world.isAlive(b))
        #expect(world.entityCount == 2)
    }

    @Test func destroyedSlotIsReusedWithANewGeneration() {
        let world = World()
        let first = world.create()
        world.destroy(first)
        let second = world.create()
        #expect(second.index == first.index)
        #expect(second.generation == first.generation + 1)
        #expect(!world.isAlive(first), "a stale handle to a reused slot must be dead")
        #expect(world.isAlive(second))
    }

    @Test func staleHandleCannotReadOrWriteTheNewOccupant() {
        let world = World()
        let stale = world.create()
        world.destroy(stale)
        let fresh = world.create()
        world.add(Health(points: 5), to: fresh)
        #expect(world.get(Health.self, of: stale) == nil)
        #expect(!world.add(Health(points: 1), to: stale))
        #expect(!world.replace(Health(points: 1), of: stale))
        world.destroy(stale)
        #expect(world.isAlive(fresh))
        #expect(world.get(Health.self, of: fresh) == Health(points: 5))
    }

    @Test func noneSentinelIsNeverAlive() {
        let world = World()
        for _ in 0..<10 { _ = world.create() }
        #expect(Entity.none.isNone)
        #expect(!world.isAlive(.none))
        world.destroy(.none)
        #expect(world.entityCount == 10)
    }

    @Test func freedSlotsAreReusedLastFreedFirst() {
        let world = World()
        let entities = (0..<4).map { _ in world.create() }
        world.destroy(entities[1])
        world.destroy(entities[3])
        #expect(world.create().index == entities[3].index)
        #expect(world.create().index == entities[1].index)
        #expect(world.create().index == 4)
    }
}
