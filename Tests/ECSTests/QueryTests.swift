import Testing
@testable import ECS

@Suite struct QueryTests {
    func populated() -> (World, [Entity]) {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<10 {
            let e = world.create()
            world.add(Position(x: Float(i), y: 0), to: e)
            if i % 2 == 0 { world.add(Velocity(x: 1, y: 2), to: e) }
            if i % 4 == 0 { world.add(Frozen(), to: e) }
            if i % 5 == 0 { world.add(Health(points: i), to: e) }
            entities.append(e)
        }
        return (world, entities)
    }

    @Test func twoComponentQueryWritesInPlace() {
        let (world, entities) = populated()
        world.query(Position.self, Velocity.self).forEach { _, position, velocity in
            position.x += velocity.x
            position.y += velocity.y
        }
        for (i, e) in entities.enumerated() {
            let expected = i % 2 == 0 ? Position(x: Float(i) + 1, y: 2) : Position(x: Float(i), y: 0)
            #expect(world.get(Position.self, of: e) == expected)
        }
    }

    @Test func exclusionSkipsEntitiesWithTheExcludedComponent() {
        let (world, entities) = populated()
        let moving = world.query(Position.self, Velocity.self).without(Frozen.self).entities
        #expect(Set(moving) == Set([entities[2], entities[6]]))
    }

    @Test func queriesOfOneThreeAndFourTypes() {
        let (world, entities) = populated()
        #expect(world.query(Position.self).entities.count == 10)
        #expect(world.query(Position.self).without(Velocity.self).entities.count == 5)
        #expect(Set(world.query(Position.self, Velocity.self, Frozen.self).entities) == Set([entities[0], entities[4], entities[8]]))
        #expect(world.query(Position.self, Velocity.self, Frozen.self, Health.self).entities == [entities[0]])
        var total = 0
        world.query(Health.self, Position.self, Velocity.self, Frozen.self).forEach { _, health, _, _, _ in
            health.points += 100
            total += 1
        }
        #expect(total == 1)
        #expect(world.get(Health.self, of: entities[0])?.points == 100)
    }

    @Test func queryOverAnUnknownTypeMatchesNothing() {
        let (world, _) = populated()
        struct Unused {}
        #expect(world.query(Position.self, Unused.self).entities.isEmpty)
        #expect(world.query(Position.self).without(Unused.self).entities.count == 10)
    }

    @Test func misalignedStoragesStillMatchThroughTheSparseLookUp() {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<20 { let e = world.create(); world.add(Position(x: Float(i), y: 0), to: e); entities.append(e) }
        // Velocity added in reverse order: no entity sits at the same dense position.
        for e in entities.reversed() { world.add(Velocity(x: 1, y: 0), to: e) }
        var seen = 0
        world.query(Position.self, Velocity.self).forEach { entity, position, _ in
            #expect(position.x == Float(entities.firstIndex(of: entity)!))
            seen += 1
        }
        #expect(seen == 20)
    }
}
