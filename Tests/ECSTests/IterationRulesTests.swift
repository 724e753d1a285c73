import Testing
@testable import ECS

/// Pins each statement of "What may happen during iteration" (the `ECSModule` doc and the
/// `forEach` docs) that `IterationSafetyTests` does not already cover.
@Suite struct IterationRulesTests {
    struct Stop: Error {}

    // MARK: At once

    @Test func otherEntitiesIteratedComponentsCanBeReadAndWrittenAtOnce() {
        let (world, entities) = makeWorld(count: 8)
        var seen: [Float] = []
        world.query(Position.self).forEach { entity, position in
            if entity == entities[0] {
                world.modify(Position.self, of: entities[5]) { $0.x = 500 }
                #expect(world.replace(Position(x: 600, y: 0), of: entities[6]))
                world.add(Position(x: 700, y: 0), to: entities[7])  // an overwrite: at once
                #expect(world.get(Position.self, of: entities[5])?.x == 500)
                #expect(world.deferredChangeCount == 0)
            }
            seen.append(position.x)
        }
        #expect(seen == [0, 1, 2, 3, 4, 500, 600, 700], "later entities are visited with the new values")
    }

    @Test func groupIterationAllowsTheSameImmediateChanges() {
        let (world, entities) = makeWorld(count: 4)
        let group = world.group(Position.self, Velocity.self)
        var seen: [Float] = []
        group.forEach { entity, position, velocity in
            if entity == entities[0] { world.replace(Velocity(x: 9, y: 0), of: entities[3]) }
            position.x += velocity.x
            seen.append(position.x)
        }
        #expect(seen == [1, 2, 3, 12])
        #expect(entities.map { world.get(Position.self, of: $0)!.x } == [1, 2, 3, 12])
    }

    @Test func componentsOfAnEntityCreatedDuringIterationCanBeReadBack() {
        let (world, _) = makeWorld(count: 100)
        var children: [Entity] = []
        world.query(Position.self, Velocity.self).forEach { _, position, _ in
            // Many creates regrow the entity table; the parameters stay valid.
            for _ in 0..<50 { children.append(world.create()) }
            position.y = 1
        }
        #expect(world.entityCount == 100 + 100 * 50)
        #expect(children.allSatisfy { world.isAlive($0) })
        #expect(world.query(Position.self).entities.allSatisfy { world.get(Position.self, of: $0)?.y == 1 })
    }

    // MARK: Deferred

    @Test func anEntityDestroyedBeforeItIsReachedIsStillVisitedWithItsComponents() {
        let (world, entities) = makeWorld(count: 5)
        var visited: [Entity] = []
        world.query(Position.self, Velocity.self).forEach { entity, _, _ in
            if entity == entities[0] {
                world.destroy(entities[4])
                #expect(world.isAlive(entities[4]))
                #expect(world.get(Position.self, of: entities[4]) == Position(x: 4, y: 0))
            }
            visited.append(entity)
        }
        #expect(visited == entities)
        #expect(!world.isAlive(entities[4]) && world.entityCount == 4)
    }

    @Test func removeReportsWhetherTheComponentIsThereNow() {
        let (world, entities) = makeWorld(count: 2)
        world.query(Position.self).forEach { entity, _ in
            #expect(world.remove(Velocity.self, from: entity))
            #expect(world.has(Velocity.self, entity), "the remove waits for the iteration's end")
            #expect(world.count(of: Velocity.self) == 2)
        }
        #expect(world.count(of: Velocity.self) == 0)
        #expect(!world.remove(Velocity.self, from: entities[0]))
    }

    @Test func deferredChangesApplyInTheOrderTheyWereMade() {
        let (world, entities) = makeWorld(count: 1)
        let e = entities[0]
        world.query(Position.self).forEach { _, _ in
            world.add(Health(points: 1), to: e)
            world.remove(Health.self, from: e)  // not there yet: nothing to remove, not recorded
            world.destroy(e)
            world.add(Frozen(), to: e)  // applied after the destroy: ignored
        }
        #expect(!world.isAlive(e))
        #expect(world.count(of: Health.self) == 0 && world.count(of: Frozen.self) == 0)
        let reused = world.create()
        #expect(world.componentTypes(of: reused).isEmpty, "nothing leaked to the slot's next entity")
    }

    @Test func theGroupPackDoesNotChangeWhileItIsWalked() {
        let (world, entities) = makeWorld(count: 6)
        let loner = world.create()
        world.add(Position(x: 100, y: 0), to: loner)
        let group = world.group(Position.self, Velocity.self)
        var visited: [Entity] = []
        group.forEach { entity, _, _ in
            if entity == entities[0] {
                world.add(Velocity(x: 1, y: 0), to: loner)  // would join the pack
                world.remove(Velocity.self, from: entities[5])  // would leave it
                world.destroy(entities[3])
                #expect(group.count == 6)
            }
            visited.append(entity)
        }
        #expect(visited == entities, "the pack was walked as it was when the iteration began")
        #expect(group.count == 5)
        var after: Set<Entity> = []
        group.forEach { entity, _, _ in after.insert(entity) }
        #expect(after == [entities[0], entities[1], entities[2], entities[4], loner])
    }

    /// `reserve` grows a storage's arrays, which moves them; done at once it would leave the
    /// running iteration writing into freed memory.
    @Test func reserveDuringIterationIsDeferredAndTheParametersStayValid() {
        let (world, entities) = makeWorld(count: 1000)
        let before = world.storage(Position.self)!.components.base
        world.query(Position.self, Velocity.self).forEach { entity, position, velocity in
            if entity == entities[0] {
                world.reserve(1 << 20, of: Position.self)
                world.reserve(1 << 20, of: Velocity.self)
                #expect(world.deferredChangeCount == 2)
                #expect(world.storage(Position.self)!.components.base == before, "nothing moved yet")
            }
            position.x += velocity.x
        }
        #expect(world.storage(Position.self)!.components.capacity >= 1 << 20)
        #expect(world.storage(Velocity.self)!.entities.capacity >= 1 << 20)
        for (i, e) in entities.enumerated() { #expect(world.get(Position.self, of: e)?.x == Float(i + 1)) }
    }

    @Test func aThrowingBodyEndsTheIterationAndAppliesWhatWasDeferred() {
        let (world, entities) = makeWorld(count: 3)
        #expect(throws: Stop.self) {
            try world.query(Position.self).forEach { entity, _ in
                world.destroy(entity)
                if entity == entities[1] { throw Stop() }
            }
        }
        #expect(!world.isIterating && world.deferredChangeCount == 0)
        #expect(!world.isAlive(entities[0]) && !world.isAlive(entities[1]) && world.isAlive(entities[2]))
        #expect(throws: Stop.self) {
            try world.group(Position.self, Velocity.self).forEach { entity, _, _ in
                world.add(Frozen(), to: entity)
                throw Stop()
            }
        }
        #expect(!world.isIterating && world.has(Frozen.self, entities[2]))
    }

    @Test func aCommandBufferAppliedDuringIterationIsDeferredAgain() {
        let (world, entities) = makeWorld(count: 3)
        let commands = CommandBuffer(world: world)
        commands.destroy(entities[2])
        commands.add(Health(points: 7), to: entities[1])
        var visited: [Entity] = []
        world.query(Position.self).forEach { entity, _ in
            if entity == entities[0] {
                commands.apply()
                #expect(commands.isEmpty && world.deferredChangeCount == 2)
                #expect(world.isAlive(entities[2]) && !world.has(Health.self, entities[1]))
            }
            visited.append(entity)
        }
        #expect(visited == entities)
        #expect(!world.isAlive(entities[2]) && world.get(Health.self, of: entities[1]) == Health(points: 7))
    }

    @Test func nestedIterationsSeeTheSameWorldAndWriteOtherEntitiesAtOnce() {
        let (world, entities) = makeWorld(count: 3)
        var outerSeen: [Float] = []
        world.query(Position.self).forEach { outer, position in
            outerSeen.append(position.x)
            world.query(Velocity.self).forEach { inner, velocity in
                if inner != outer { velocity.x += 1 }
            }
            world.add(Frozen(), to: outer)
            #expect(world.count(of: Frozen.self) == 0)
        }
        #expect(outerSeen == [0, 1, 2])
        #expect(entities.map { world.get(Velocity.self, of: $0)!.x } == [3, 3, 3])
        #expect(world.count(of: Frozen.self) == 3)
    }

    // MARK: Detected misuse

    @Test func askingForAnExistingGroupDuringIterationIsAllowed() {
        let (world, _) = makeWorld(count: 2)
        _ = world.group(Position.self, Velocity.self)
        var count = 0
        world.query(Position.self).forEach { _, _ in
            count = world.group(Position.self, Velocity.self).count
        }
        #expect(count == 2)
    }

    @Test func creatingAGroupDuringIterationStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let world = World()
            let e = world.create()
            world.add(Position(x: 0, y: 0), to: e)
            world.add(Velocity(x: 0, y: 0), to: e)
            world.query(Position.self).forEach { _, _ in
                _ = world.group(Position.self, Velocity.self)
            }
        }
    }

    @Test func aGroupOverAStorageAnotherGroupOwnsStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let world = World()
            _ = world.group(Position.self, Velocity.self)
            _ = world.group(Position.self, Health.self)
        }
    }
}
