import Testing
@testable import ECS

@Suite struct ScheduleTests {
    struct Counter: System {
        var name: String { "counter" }
        var count = 0
        var log: (Int) -> Void
        mutating func run(_ context: SystemContext) {
            count += 1
            log(count)
        }
    }

    @Test func systemsRunInOrderAndKeepState() {
        let world = World()
        let schedule = Schedule(stepsPerSecond: 50)
        var order: [String] = []
        schedule.add("first") { _ in order.append("first") }
        schedule.add(Counter(log: { order.append("counter \($0)") }))
        schedule.add("last") { context in
            order.append("last")
            #expect(context.deltaTime == 0.02)
        }
        schedule.step(world, count: 2)
        #expect(order == ["first", "counter 1", "last", "first", "counter 2", "last"])
        #expect(schedule.systemNames == ["first", "counter", "last"])
        #expect(schedule.stepsRun == 2)
    }

    @Test func commandsAreAppliedAfterEachSystem() {
        let world = World()
        let schedule = Schedule()
        var seenBySecond = -1
        schedule.add("spawner") { context in context.commands.spawn(Health(points: 1)) }
        schedule.add("counter") { context in seenBySecond = context.world.count(of: Health.self) }
        schedule.step(world)
        #expect(seenBySecond == 1)
    }

    @Test func stepTimeIsComputedFromTheStepIndexNotAccumulated() {
        let world = World()
        let schedule = Schedule(stepsPerSecond: 60)
        var last = 0.0
        schedule.add("clock") { context in last = context.time }
        schedule.step(world, count: 216_000)
        #expect(last == 3600.0)
    }
}
