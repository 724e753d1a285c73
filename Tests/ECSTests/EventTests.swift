import Testing
@testable import ECS

struct Ping: Equatable { var n: Int }

@Suite struct EventTests {
    @Test func eventsAreReadableDuringTheNextStepOnly() {
        let world = World()
        let schedule = Schedule()
        var seen: [[Int]] = []
        schedule.add("reader") { context in seen.append(context.world.events(Ping.self).map(\.n)) }
        schedule.add("writer") { context in context.world.send(Ping(n: context.step)) }
        schedule.step(world, count: 4)
        #expect(seen == [[], [0], [1], [2]])
    }

    @Test func everySystemSeesTheSameEvents() {
        let world = World()
        let schedule = Schedule()
        var first: [Int] = [], second: [Int] = []
        schedule.add("a") { c in first += c.world.events(Ping.self).map(\.n) }
        schedule.add("b") { c in second += c.world.events(Ping.self).map(\.n) }
        world.send(Ping(n: 7))
        world.send(Ping(n: 8))
        world.advanceEvents()
        schedule.step(world)
        #expect(first == [7, 8] && second == [7, 8])
        schedule.step(world)
        #expect(first == [7, 8], "events live for one step")
    }

    @Test func pendingEventsAreVisibleBeforeTheStepEnds() {
        let world = World()
        world.send(Ping(n: 1))
        #expect(world.pendingEvents(Ping.self) == [Ping(n: 1)])
        #expect(world.events(Ping.self).isEmpty)
    }
}
