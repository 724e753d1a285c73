import ECS

/// Finding characters: by id, under a finger, and in draw order.
enum CharacterDirectory {
    /// Every character entity, back to front: higher on the canvas (smaller y) is further
    /// back; equal heights keep arrival order, so the order never depends on storage order.
    static func depthOrder(in world: World) -> [Entity] {
        var rows: [(entity: Entity, y: Float, serial: Int)] = []
        world.query(CharacterIdentity.self, Placement.self).forEach { entity, identity, placement in
            rows.append((entity, placement.position.y, identity.serial))
        }
        rows.sort { $0.y != $1.y ? $0.y < $1.y : $0.serial < $1.serial }
        return rows.map(\.entity)
    }

    /// Characters that can be touched or act: present and not vanishing, back to front.
    static func present(in world: World) -> [Entity] {
        depthOrder(in: world).filter { !world.has(Vanishing.self, $0) }
    }

    /// The present character with id `id`.
    static func entity(named id: String, in world: World) -> Entity? {
        present(in: world).first { world.get(CharacterIdentity.self, of: $0)?.id == id }
    }

    /// Whether any character, even a vanishing one, has id `id`.
    static func isTaken(_ id: String, in world: World) -> Bool {
        var taken = false
        world.query(CharacterIdentity.self).forEach { _, identity in if identity.id == id { taken = true } }
        return taken
    }

    /// The front-most present character whose body covers `point`.
    static func frontmost(at point: Vec2, in world: World, layout: SceneLayout) -> Entity? {
        present(in: world).reversed().first { entity in
            guard let placement = world.get(Placement.self, of: entity) else { return false }
            let bounds = bodyBounds(of: placement, layout: layout)
            return point.x >= bounds.minX && point.x <= bounds.maxX && point.y >= bounds.minY && point.y <= bounds.maxY
        }
    }

    /// The rectangle a finger can touch her in: her body, feet to crown.
    static func bodyBounds(of placement: Placement, layout: SceneLayout) -> (minX: Float, maxX: Float, minY: Float, maxY: Float) {
        let height = layout.baseHeight * placement.scale
        let halfWidth = height * 0.25
        return (placement.position.x - halfWidth, placement.position.x + halfWidth,
                placement.position.y - height, placement.position.y)
    }

    /// The middle of her body, where a gesture aimed at her by id lands.
    static func center(of entity: Entity, in world: World, layout: SceneLayout) -> Vec2? {
        guard let placement = world.get(Placement.self, of: entity) else { return nil }
        return placement.position - Vec2(0, layout.baseHeight * placement.scale * 0.5)
    }

    /// Her id, for the trace.
    static func id(of entity: Entity, in world: World) -> String {
        world.get(CharacterIdentity.self, of: entity)?.id ?? "?"
    }
}

