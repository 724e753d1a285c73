import ECS

/// The ECS figures, in nanoseconds per entity, over 1,000,000 entities.
enum ECSBenchmark {
    struct Position { var x: Float; var y: Float }
    struct Velocity { var x: Float; var y: Float }

    static let entityCount = 1_000_000

    static func run() -> BenchReport {
        var report = BenchReport()
        let n = Double(entityCount)
        var world = World()

        let create = fastestNanoseconds(trials: 5, setUp: { world = World() }) {
            let world = world  // a local, so the loop does not reload the captured variable
            for _ in 0..<entityCount { _ = world.create() }
        }

        let createWithTwo = fastestNanoseconds(trials: 5, setUp: { world = World() }) {
            let world = world
            for i in 0..<entityCount {
                let entity = world.create()
                world.add(Position(x: Float(i), y: 0), to: entity)
                world.add(Velocity(x: 1, y: 0.5), to: entity)
            }
        }

        // `world` now holds the last trial's 1,000,000 entities with both components.
        let query = world.query(Position.self, Velocity.self)
        let dt: Float = 1.0 / 60.0
        let iterateView = fastestNanoseconds(trials: 20) {
            query.forEach { _, position, velocity in
                position.x += velocity.x * dt
                position.y += velocity.y * dt
            }
        }
        // An owning group keeps both storages packed and aligned (EnTT's owning group).
        let group = world.group(Position.self, Velocity.self)
        let iterate = fastestNanoseconds(trials: 20) {
            group.forEach { _, position, velocity in
                position.x += velocity.x * dt
                position.y += velocity.y * dt
            }
        }
        var checksum: Float = 0
        query.forEach { _, position, _ in checksum += position.y }

        var victims: [Entity] = []
        let destroy = fastestNanoseconds(trials: 5, setUp: {
            world = World()
            victims = (0..<entityCount).map { i in
                let entity = world.create()
                world.add(Position(x: Float(i), y: 0), to: entity)
                world.add(Velocity(x: 1, y: 0.5), to: entity)
                return entity
            }
        }) {
            let world = world
            for entity in victims { world.destroy(entity) }
        }

        report.add("entities", n, decimals: 0)
        report.add("iterate", iterate / n)
        report.add("iterate_view", iterateView / n)
        report.add("create", create / n)
        report.add("create_with_2", createWithTwo / n)
        report.add("destroy", destroy / n)
        report.add("checksum", Double(checksum), decimals: 0)
        return report
    }
}
