import ECS

struct Position: Equatable { var x: Float; var y: Float }
struct Velocity: Equatable { var x: Float; var y: Float }
struct Frozen: Equatable {}
struct Label: Equatable { var text: String }
struct Health: Equatable { var points: Int }
