import Testing
@testable import ECS

@Suite struct ComponentTests {
    @Test func addGetReplaceRemove() {
        let world = World()
        let e = world.create()
        #expect(world.add(Position(x: 1, y: 2), to: e))
        #expect(world.get(Position.self, of: e) == Position(x: 1, y: 2))
        #expect(world.replace(Position(x: 3, y: 4), of: e))
        #expect(world.get(Position.self, of: e) == Position(x: 3, y: 4))
        #expect(!world.replace(Velocity(x: 0, y: 0), of: e), "replace never adds")
        #expect(world.remove(Position.self, from: e))
        #expect(!world.remove(Position.self, from: e))
        #expect(world.get(Position.self, of: e) == nil)
        #expect(world.isAlive(e))
    }

    @Test func addOverwritesAnExistingComponent() {
        let world = World()
        let e = world.create()
        world.add(Health(points: 1), to: e)
        world.add(Health(points: 2), to: e)
        #expect(world.get(Health.self, of: e) == Health(points: 2))
        #expect(world.count(of: Health.self) == 1)
    }

    @Test func modifyChangesInPlace() {
        let world = World()
        let e = world.create()
        world.add(Health(points: 10), to: e)
        let result = world.modify(Health.self, of: e) { health -> Int in
            health.points -= 3
            return health.points
        }
        #expect(result == 7)
        #expect(world.get(Health.self, of: e)?.points == 7)
        #expect(world.modify(Velocity.self, of: e) { _ in 1 } == nil)
    }

    @Test func componentsOfNonTrivialTypesSurviveSwapRemoval() {
        let world = World()
        let entities = (0..<50).map { i -> Entity in
            let e = world.create()
            world.add(Label(text: "label \(i)"), to: e)
            return e
        }
        for (i, e) in entities.enumerated() where i % 3 == 0 { world.destroy(e) }
        for (i, e) in entities.enumerated() where i % 3 != 0 {
            #expect(world.get(Label.self, of: e)?.text == "label \(i)")
        }
        #expect(world.count(of: Label.self) == 33)
    }

    @Test func destroyRemovesEveryComponent() {
        let world = World()
        let e = world.create()
        world.add(Position(x: 0, y: 0), to: e)
        world.add(Velocity(x: 1, y: 1), to: e)
        world.destroy(e)
        #expect(world.count(of: Position.self) == 0)
        #expect(world.count(of: Velocity.self) == 0)
        let reused = world.create()
        #expect(!world.has(Position.self, reused))
    }

    @Test func listsComponentTypesSortedByName() {
        let world = World()
        let e = world.create()
        world.add(Velocity(x: 1, y: 1), to: e)
        world.add(Health(points: 1), to: e)
        world.add(Position(x: 0, y: 0), to: e)
        #expect(world.componentNames(of: e) == ["Health", "Position", "Velocity"])
        #expect(world.has(Health.self, e))
        #expect(!world.has(Frozen.self, e))
    }

    @Test func manyComponentTypesEachFindTheirStorage() {
        // Exercises the type table past its first growth.
        struct C0 { var v: Int }; struct C1 { var v: Int }; struct C2 { var v: Int }
        struct C3 { var v: Int }; struct C4 { var v: Int }; struct C5 { var v: Int }
        let world = World()
        let e = world.create()
        world.add(C0(v: 0), to: e); world.add(C1(v: 1), to: e); world.add(C2(v: 2), to: e)
        world.add(C3(v: 3), to: e); world.add(C4(v: 4), to: e); world.add(C5(v: 5), to: e)
        #expect(world.get(C0.self, of: e)?.v == 0)
        #expect(world.get(C3.self, of: e)?.v == 3)
        #expect(world.get(C5.self, of: e)?.v == 5)
    }
}
