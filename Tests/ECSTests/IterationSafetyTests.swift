import Testing
@testable import ECS

/// What is allowed during iteration (see the ECS module doc): each structural change made
/// inside a query is either done at once safely or deferred to the end of the iteration.
@Suite struct IterationSafetyTests {
    @Test func destroyDuringIterationIsDeferred() {
        let (world, entities) = makeWorld(count: 6)
        var visited = 0
        world.query(Position.self, Velocity.self).forEach { entity, _, _ in
            visited += 1
            world.destroy(entity)
            #expect(world.isAlive(entity), "destroy is deferred while iterating")
            #expect(world.isIterating)
        }
        #expect(visited == 6, "every entity is still visited exactly once")
        #expect(world.entityCount == 0)
        #expect(entities.allSatisfy { !world.isAlive($0) })
    }

    @Test func addingANewComponentDuringIterationIsDeferred() {
        let (world, entities) = makeWorld(count: 4)
        world.query(Position.self).forEach { entity, _ in
            world.add(Frozen(), to: entity)
            #expect(!world.has(Frozen.self, entity))
            #expect(world.deferredChangeCount > 0)
        }
        #expect(entities.allSatisfy { world.has(Frozen.self, $0) })
    }

    @Test func removeDuringIterationIsDeferredAndTheIteratedComponentStaysValid() {
        let (world, entities) = makeWorld(count: 8)
        var sum: Float = 0
        world.query(Position.self, Velocity.self).forEach { entity, position, _ in
            world.remove(Position.self, from: entity)
            position.x += 0  // still a valid reference after the remove request
            sum += position.x
        }
        #expect(sum == 28)
        #expect(entities.allSatisfy { !world.has(Position.self, $0) })
    }

    @Test func replaceDuringIterationHappensAtOnce() {
        let (world, entities) = makeWorld(count: 3)
        world.query(Position.self).forEach { entity, _ in
            world.replace(Velocity(x: 9, y: 9), of: entity)
            #expect(world.get(Velocity.self, of: entity) == Velocity(x: 9, y: 9))
        }
        #expect(entities.allSatisfy { world.get(Velocity.self, of: $0) == Velocity(x: 9, y: 9) })
    }

    @Test func createDuringIterationIsImmediateButItsComponentsArriveAfter() {
        let (world, _) = makeWorld(count: 3)
        var spawned: [Entity] = []
        world.query(Position.self).forEach { _, position in
            let child = world.create()
            #expect(world.isAlive(child))
            world.add(Position(x: position.x + 100, y: 0), to: child)
            spawned.append(child)
        }
        #expect(world.count(of: Position.self) == 6, "children are not visited by the running query")
        #expect(spawned.allSatisfy { world.has(Position.self, $0) })
    }

    @Test func nestedIterationsApplyOnlyWhenTheOutermostEnds() {
        let (world, entities) = makeWorld(count: 3)
        world.query(Position.self).forEach { outer, _ in
            world.query(Velocity.self).forEach { _, _ in }
            world.destroy(outer)
            #expect(world.isAlive(outer))
        }
        #expect(entities.allSatisfy { !world.isAlive($0) })
    }

    @Test func commandBufferDefersUntilApplied() {
        let (world, entities) = makeWorld(count: 3)
        let commands = CommandBuffer(world: world)
        let spawned = commands.spawn(Position(x: 1, y: 1), Health(points: 3))
        commands.destroy(entities[0])
        commands.add(Frozen(), to: entities[1])
        commands.remove(Velocity.self, from: entities[2])
        #expect(commands.count == 5)
        #expect(world.isAlive(spawned) && !world.has(Health.self, spawned))
        #expect(world.isAlive(entities[0]))
        commands.apply()
        #expect(commands.isEmpty)
        #expect(world.get(Health.self, of: spawned) == Health(points: 3))
        #expect(!world.isAlive(entities[0]))
        #expect(world.has(Frozen.self, entities[1]))
        #expect(!world.has(Velocity.self, entities[2]))
    }

    @Test func commandsOnEntitiesDestroyedMeanwhileAreIgnored() {
        let (world, entities) = makeWorld(count: 1)
        let commands = CommandBuffer(world: world)
        commands.add(Health(points: 1), to: entities[0])
        world.destroy(entities[0])
        let reused = world.create()
        commands.apply()
        #expect(!world.has(Health.self, reused), "a stale handle must not reach the slot's new entity")
    }
}
