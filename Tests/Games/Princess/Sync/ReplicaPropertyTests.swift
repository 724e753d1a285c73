import ECS
import Princess
@testable import PrincessSync
import Testing

/// The conflict rules, and the promise they make: merging the same records in any order,
/// any number of times, gives the same state.
@Suite struct ReplicaPropertyTests {
    /// Random records of three peers: spawns (some at the same spot), moves, removals.
    static func randomRecords(_ random: inout SeededRandom) -> [CharacterRecord] {
        var records: [CharacterRecord] = []
        let ids = (0..<6).map { "c\($0)" }
        var used = Set<Stamp>()
        for _ in 0..<(4 + random.nextInt(below: 20)) {
            let id = ids[random.nextInt(below: ids.count)]
            // A stamp names one write: a peer's clock moves on with every write it makes.
            let stamp = Stamp(clock: UInt64(1 + random.nextInt(below: 30)), peer: UInt16(random.nextInt(below: 3)))
            guard used.insert(stamp).inserted else { continue }
            let spot = Vec2(Float(100 + 150 * random.nextInt(below: 4)) + random.next(in: 0...60), 600)
            switch random.nextInt(below: 4) {
            case 0:
                // One spawn per id: its origin is fixed by the id (as a real spawner's would be).
                let seedOfID = UInt64(id.utf8.last!)
                let origin = SpawnOrigin(kind: .luna, position: Vec2(Float(100 + 150 * Int(seedOfID % 4)), 600), scale: 1,
                                         stamp: Stamp(clock: seedOfID % 7 + 1, peer: UInt16(seedOfID % 3)), basis: seedOfID % 5)
                records.append(CharacterRecord(id: id, origin: origin))
            case 1, 2:
                records.append(CharacterRecord(id: id, placement: PlacementRegister(position: spot, scale: random.next(in: 0.5...2), stamp: stamp)))
            default:
                records.append(CharacterRecord(id: id, removed: true))
            }
        }
        return records
    }

    @Test func mergeOrderAndDuplicatesDoNotMatter() {
        var random = SeededRandom(seed: 2026).stream("replica")
        for _ in 0..<3_000 {
            let records = Self.randomRecords(&random)
            var inOrder = ReplicaState(startingCast: [], minSpawnDistance: 110)
            for record in records { inOrder.merge(record) }
            var shuffled = ReplicaState(startingCast: [], minSpawnDistance: 110)
            var copies = records + records.filter { _ in random.chance(0.3) }
            for index in copies.indices.reversed() { copies.swapAt(index, random.nextInt(below: index + 1)) }
            for record in copies { shuffled.merge(record) }
            #expect(inOrder.visibleCharacters == shuffled.visibleCharacters)
            #expect(inOrder.displaced == shuffled.displaced)
            // A snapshot of one merged into an empty one gives the same state (a joiner).
            var joiner = ReplicaState(startingCast: [], minSpawnDistance: 110)
            for record in shuffled.sortedRecords { joiner.merge(record) }
            #expect(joiner.visibleCharacters == inOrder.visibleCharacters)
        }
    }

    @Test func theLaterMoveOrPinchWins() {
        let a = PlacementRegister(position: Vec2(1, 1), scale: 1.8, stamp: Stamp(clock: 5, peer: 0))
        let b = PlacementRegister(position: Vec2(2, 2), scale: 0.6, stamp: Stamp(clock: 5, peer: 1))
        #expect(ConflictRules.placement(a, b) == b)
        #expect(ConflictRules.placement(b, a) == b)
        let c = PlacementRegister(position: Vec2(3, 3), scale: 1, stamp: Stamp(clock: 6, peer: 0))
        #expect(ConflictRules.placement(b, c) == c)
    }

    @Test func removalWinsOverAnyMove() {
        var state = ReplicaState(startingCast: [SharedCharacter(id: "luna", kind: .luna, position: Vec2(900, 600), scale: 1)],
                                 minSpawnDistance: 110)
        state.merge(CharacterRecord(id: "luna", removed: true))
        state.merge(CharacterRecord(id: "luna", placement: PlacementRegister(position: Vec2(1, 1), scale: 1, stamp: Stamp(clock: 99, peer: 2))))
        #expect(state.visible("luna") == nil)
    }

    @Test func twoSpawnsAtTheSameSpotLeaveTheEarlier() {
        let ann = SpawnOrigin(kind: .sparkle, position: Vec2(600, 620), scale: 1, stamp: Stamp(clock: 3, peer: 0), basis: 2)
        let ben = SpawnOrigin(kind: .rosie, position: Vec2(610, 630), scale: 1, stamp: Stamp(clock: 3, peer: 1), basis: 2)
        for order in [[("ann.sparkle-1", ann), ("ben.rosie-1", ben)], [("ben.rosie-1", ben), ("ann.sparkle-1", ann)]] {
            var state = ReplicaState(startingCast: [], minSpawnDistance: 110)
            for (id, origin) in order { state.merge(CharacterRecord(id: id, origin: origin)) }
            #expect(state.visibleCharacters.map(\.id) == ["ann.sparkle-1"])
        }
        // A spawner that had seen the earlier spawn (its basis is past it) is not in conflict:
        // the earlier princess had been moved away before the tap.
        let informed = SpawnOrigin(kind: .rosie, position: Vec2(610, 630), scale: 1, stamp: Stamp(clock: 9, peer: 1), basis: 8)
        var state = ReplicaState(startingCast: [], minSpawnDistance: 110)
        state.merge(CharacterRecord(id: "ann.sparkle-1", origin: ann))
        state.merge(CharacterRecord(id: "ben.rosie-1", origin: informed))
        #expect(state.visibleCharacters.count == 2)
    }
}
