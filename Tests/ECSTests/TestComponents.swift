import ECS

struct Position: Equatable { var x: Float; var y: Float }
struct Velocity: Equatable { var x: Float; var y: Float }
struct Frozen: Equatable {}
struct Label: Equatable { var text: String }
struct Health: Equatable { var points: Int }

/// A world of `count` entities, each with a Position (x = its index) and a Velocity of (1, 0).
func makeWorld(count: Int) -> (World, [Entity]) {
    let world = World()
    let entities = (0..<count).map { i -> Entity in
        let e = world.create()
        world.add(Position(x: Float(i), y: 0), to: e)
        world.add(Velocity(x: 1, y: 0), to: e)
        return e
    }
    return (world, entities)
}
