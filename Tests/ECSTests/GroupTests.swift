import Testing
@testable import ECS

@Suite struct GroupTests {
    @Test func groupVisitsExactlyTheEntitiesWithBothComponents() {
        let world = World()
        var both: Set<Entity> = []
        for i in 0..<30 {
            let e = world.create()
            if i % 2 == 0 { world.add(Position(x: Float(i), y: 0), to: e) }
            if i % 3 == 0 { world.add(Velocity(x: 1, y: 0), to: e) }
            if i % 6 == 0 { both.insert(e) }
        }
        let group = world.group(Position.self, Velocity.self)
        var seen: Set<Entity> = []
        group.forEach { entity, position, velocity in
            seen.insert(entity)
            position.x += velocity.x
        }
        #expect(seen == both)
        #expect(group.count == both.count)
        #expect(Set(world.query(Position.self, Velocity.self).entities) == both)
    }

    @Test func packStaysRightThroughAddsRemovesAndDestroys() {
        let world = World()
        let group = world.group(Position.self, Velocity.self)
        var random = SeededRandom(seed: 5)
        var entities: [Entity] = []
        for step in 0..<2000 {
            switch random.nextInt(below: 5) {
            case 0: entities.append(world.create())
            case 1: if let e = entities.randomElement(using: &random) { world.add(Position(x: Float(step), y: 0), to: e) }
            case 2: if let e = entities.randomElement(using: &random) { world.add(Velocity(x: 1, y: 0), to: e) }
            case 3: if let e = entities.randomElement(using: &random) { world.remove(Position.self, from: e) }
            default:
                if !entities.isEmpty {
                    let e = entities.remove(at: random.nextInt(below: entities.count))
                    world.destroy(e)
                }
            }
            if step % 100 == 0 {
                let expected = Set(entities.filter { world.has(Position.self, $0) && world.has(Velocity.self, $0) })
                var seen: [Entity] = []
                group.forEach { entity, position, _ in
                    seen.append(entity)
                    #expect(world.get(Position.self, of: entity) == position)
                }
                #expect(Set(seen) == expected && seen.count == expected.count)
            }
        }
    }

    @Test func askingAgainReturnsTheSamePack() {
        let world = World()
        let e = world.create()
        world.add(Position(x: 1, y: 1), to: e)
        world.add(Velocity(x: 1, y: 1), to: e)
        let first = world.group(Position.self, Velocity.self)
        let second = world.group(Position.self, Velocity.self)
        #expect(first.count == 1 && second.count == 1)
    }
}
