import Testing
@testable import ECS

@Suite struct DeterminismTests {
    /// A small simulation exercising creation, destruction, reuse, deferred changes,
    /// events and random numbers.
    func simulate(seed: UInt64) -> String {
        let world = World()
        let schedule = Schedule()
        var random = SeededRandom(seed: seed).stream("test")
        schedule.add("spawn") { context in
            for _ in 0..<3 {
                let e = context.commands.spawn(Position(x: random.next(in: 0...100), y: 0))
                context.commands.add(Velocity(x: random.next(in: -1...1), y: 1), to: e)
            }
        }
        schedule.add("move") { context in
            context.world.query(Position.self, Velocity.self).forEach { entity, p, v in
                p.x += v.x
                p.y += v.y
                if p.y > 5 { context.world.destroy(entity) }
                if p.x > 90 { context.world.add(Frozen(), to: entity) }
            }
        }
        schedule.add("ping") { context in context.world.send(Ping(n: context.world.entityCount)) }
        schedule.step(world, count: 40)
        return world.dump()
    }

    @Test func twoWorldsGivenTheSameCallsDumpTheSameText() {
        let first = simulate(seed: 9), second = simulate(seed: 9)
        #expect(first == second)
        #expect(first.contains("Position(x:"))
        #expect(simulate(seed: 10) != first)
    }

    @Test func dumpListsEntitiesByIndexWithComponentsByName() {
        let world = World()
        let a = world.create(), b = world.create()
        world.add(Velocity(x: 1, y: 2), to: b)
        world.add(Position(x: 3, y: 4), to: b)
        world.add(Health(points: 1), to: a)
        #expect(world.dump() == """
        e0v0: Health(points: 1)
        e1v0: Position(x: 3.0, y: 4.0), Velocity(x: 1.0, y: 2.0)
        """)
    }
}
