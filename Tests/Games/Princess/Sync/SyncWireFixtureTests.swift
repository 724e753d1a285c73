import ECS
import Effects
import Foundation
import Princess
@testable import PrincessSync
import Testing

/// Messages the previous builds wrote (Fixtures/, made as its README says) still decode to what
/// they said, and today's encoder writes the same bytes as version 2 did (and, as version 3,
/// the same fields): explicit wire codes and the move message changed no existing message.
@Suite struct SyncWireFixtureTests {
    let validator = SyncValidator(limits: testLimits)
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every fixture's name (without `v1-`/`v2-` and `.bin`) and the message it holds, as version 2
    /// wrote it. Version 1's file holds the same message without clock, basis or snapshot.
    static let recorded: [(name: String, message: SyncMessage)] = {
        var recorded: [(String, SyncMessage)] = [
            ("hello", SyncMessage(sender: 1, sequence: 1, clock: 7, body: .hello(name: "ann"))),
            ("bye", SyncMessage(sender: 2, sequence: 9, clock: 40, body: .bye)),
        ]
        let kinds: [CharacterKind] = [.sparkle, .luna, .rosie, .crystal, .willow]
        for (index, kind) in kinds.enumerated() {
            recorded.append(("spawn-\(kind.rawValue)", SyncMessage(
                sender: 0, sequence: UInt32(10 + index), clock: UInt64(100 + index),
                body: .spawn(id: "ann.\(kind.rawValue)-1", kind: kind, position: Vec2(120.5 + Float(index) * 100, 300.25),
                             scale: 1.25, basis: UInt64(90 + index)))))
        }
        recorded.append(("update", SyncMessage(sender: 1, sequence: 20, clock: 200, body: .update(id: "ben.luna-2", position: Vec2(640, 360), scale: 0.75))))
        recorded.append(("remove", SyncMessage(sender: 1, sequence: 21, clock: 201, body: .remove(id: "ann.rosie-1"))))
        let actions: [ActionKind] = [.wave, .dance, .twirl, .jump, .sparkle]
        for (index, action) in actions.enumerated() {
            recorded.append(("action-\(action.rawValue)-all", SyncMessage(
                sender: 0, sequence: UInt32(30 + index), clock: UInt64(300 + index), body: .action(action, target: .all))))
        }
        recorded.append(("action-jump-character", SyncMessage(sender: 2, sequence: 40, clock: 400, body: .action(.jump, target: .character("cat.willow-3")))))
        let effects: [EffectKind] = [.sparkles, .snow, .bubbles]
        for (index, effect) in effects.enumerated() {
            recorded.append(("effect-\(effect.rawValue)-canvas", SyncMessage(
                sender: 0, sequence: UInt32(50 + index), clock: UInt64(500 + index), body: .effect(effect, place: .canvas, duration: nil))))
        }
        recorded.append(("effect-snow-point", SyncMessage(sender: 1, sequence: 60, clock: 600, body: .effect(.snow, place: .point(Vec2(10, 20)), duration: 2.5))))
        recorded.append(("effect-bubbles-character", SyncMessage(sender: 1, sequence: 61, clock: 601, body: .effect(.bubbles, place: .character("ann.sparkle-1"), duration: 4))))
        recorded.append(("snapshot", SyncMessage(sender: 2, sequence: 70, clock: 700, body: .snapshot([
            CharacterRecord(id: "ann.crystal-1",
                            origin: SpawnOrigin(kind: .crystal, position: Vec2(200, 400), scale: 1, stamp: Stamp(clock: 12, peer: 0), basis: 11),
                            placement: PlacementRegister(position: Vec2(250.5, 410), scale: 1.5, stamp: Stamp(clock: 30, peer: 1))),
            CharacterRecord(id: "ben.willow-1",
                            origin: SpawnOrigin(kind: .willow, position: Vec2(900, 500), scale: 2, stamp: Stamp(clock: 14, peer: 1), basis: 0)),
            CharacterRecord(id: "cat.luna-1", placement: PlacementRegister(position: Vec2(1, 2), scale: 0.5, stamp: Stamp(clock: 31, peer: 2))),
            CharacterRecord(id: "ann.rosie-1", removed: true),
        ]))))
        return recorded
    }()

    /// The message as the validator gives back a version-1 recording of it: the sequence as
    /// the clock, spawns without a basis (docs/sync-format.md, "Versions").
    static func upgradedFromVersionOne(_ message: SyncMessage) -> SyncMessage {
        var upgraded = message
        upgraded.version = 1
        upgraded.clock = UInt64(message.sequence)
        if case .spawn(let id, let kind, let position, let scale, _) = message.body {
            upgraded.body = .spawn(id: id, kind: kind, position: position, scale: scale, basis: 0)
        }
        return upgraded
    }

    static func fixture(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
    }

    @Test func everyFixtureIsAsserted() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".bin") }
        let asserted = Self.recorded.flatMap { entry in
            entry.message.body.type == .snapshot ? ["v2-\(entry.name).bin"] : ["v1-\(entry.name).bin", "v2-\(entry.name).bin"]
        }
        #expect(Set(files) == Set(asserted))
        #expect(files.count == 41)
        // Every type, every character kind, action and effect the tables code is recorded; the
        // move message came with version 3, after these recordings.
        #expect(Set(Self.recorded.map(\.message.body.type)) == Set(SyncMessageType.allCases).subtracting([.move]))
    }

    @Test func versionTwoFixturesDecodeToWhatTheySaid() throws {
        for (name, message) in Self.recorded {
            let bytes = try Self.fixture("v2-\(name).bin")
            #expect(bytes[2] == 2, "\(name)")
            var written = message
            written.version = 2
            #expect(validator.decode(bytes) == .success(written), "v2-\(name)")
        }
    }

    @Test func versionOneFixturesDecodeUpgraded() throws {
        for (name, message) in Self.recorded where message.body.type != .snapshot {
            let bytes = try Self.fixture("v1-\(name).bin")
            #expect(bytes[2] == 1, "\(name)")
            #expect(validator.decode(bytes) == .success(Self.upgradedFromVersionOne(message)), "v1-\(name)")
        }
    }

    @Test func todaysEncoderWritesThePreviousBuildsBytes() throws {
        for (name, message) in Self.recorded {
            let previous = try Self.fixture("v2-\(name).bin")
            #expect(SyncEncoder.encode(message, asVersion: 2) == previous, "v2-\(name)")
            // Version 3 writes every earlier message with the same fields: only its version
            // byte and so its checksum differ.
            let today = SyncEncoder.encode(message)
            #expect(today[2] == 3 && Array(today.dropLast(4)) == Array(previous.dropLast(4)).enumerated().map { $0.offset == 2 ? 3 : $0.element },
                    "v3-\(name)")
            if message.body.type != .snapshot {
                #expect(SyncEncoder.encode(message, asVersion: 1) == (try Self.fixture("v1-\(name).bin")), "v1-\(name)")
            }
        }
    }
}

/// The code tables: the numbers docs/sync-format.md lists, every value that can be sent has
/// one, and a code no table knows is rejected with what it should have named.
@Suite struct SyncWireCodeTests {
    let validator = SyncValidator(limits: testLimits)

    @Test func theTablesHoldTheDocumentedCodes() {
        #expect(SyncSchema.characterKindCodes.entries.map(\.code) == [0, 1, 2, 3, 4])
        #expect(SyncSchema.characterKindCodes.entries.map(\.value) == [.sparkle, .luna, .rosie, .crystal, .willow])
        #expect(SyncSchema.actionCodes.entries.map(\.value) == [.wave, .dance, .twirl, .jump, .sparkle])
        #expect(SyncSchema.actionCodes.entries.map(\.code) == [0, 1, 2, 3, 4])
        #expect(SyncSchema.effectCodes.entries.map(\.value) == [.sparkles, .snow, .bubbles])
        #expect(SyncSchema.effectCodes.entries.map(\.code) == [0, 1, 2])
        #expect(ActionTargetCode.allCases.map(\.rawValue) == [0, 1])
        #expect(EffectPlaceCode.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(SyncMessageType.allCases.map(\.rawValue) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test func everyKindAndActionHasACode() {
        // A new character or action fails here until it is given its own number.
        for kind in CharacterKind.allCases { #expect(SyncSchema.characterKindCodes.code(for: kind) != nil, "\(kind)") }
        for action in ActionKind.allCases { #expect(SyncSchema.actionCodes.code(for: action) != nil, "\(action)") }
        // Every effect but the burst (which is never sent) has one.
        #expect(EffectDefinition.builtIn.map(\.kind).filter { SyncSchema.effectCodes.code(for: $0) == nil } == [EffectKind.burst])
    }

    @Test func anEffectWithoutACodeIsSentAsOneEveryValidatorRejects() {
        let burst = SyncMessage(sender: 0, sequence: 1, clock: 1, body: .effect(.burst, place: .canvas, duration: nil))
        #expect(validator.decode(SyncEncoder.encode(burst)) == .failure(.badKind("effect")))
    }

    /// `bytes` with the byte at `offset` set to `code`, checksum made right again.
    func with(_ code: UInt8, at offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes[offset] = code
        return resealed(bytes)
    }

    @Test func unknownCodesAreRejected() throws {
        let body = 20
        let spawn = SyncEncoder.encode(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .spawn(id: "a", kind: .willow, position: Vec2(1, 1), scale: 1, basis: 0)))
        // The kind byte follows the id's length byte and its one byte.
        #expect(validator.decode(with(4, at: body + 2, in: spawn)).map(\.body) == .success(.spawn(id: "a", kind: .willow, position: Vec2(1, 1), scale: 1, basis: 0)))
        #expect(validator.decode(with(5, at: body + 2, in: spawn)) == .failure(.badKind("character kind")))
        let action = SyncEncoder.encode(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .action(.sparkle, target: .all)))
        #expect(validator.decode(with(5, at: body, in: action)) == .failure(.badKind("action")))
        #expect(validator.decode(with(2, at: body + 1, in: action)) == .failure(.badKind("action target")))
        let effect = SyncEncoder.encode(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .effect(.bubbles, place: .canvas, duration: nil)))
        #expect(validator.decode(with(3, at: body, in: effect)) == .failure(.badKind("effect")))
        #expect(validator.decode(with(3, at: body + 1, in: effect)) == .failure(.badKind("effect place")))
        let snapshot = SyncEncoder.encode(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .snapshot([
            CharacterRecord(id: "a", origin: SpawnOrigin(kind: .luna, position: Vec2(1, 1), scale: 1, stamp: .origin, basis: 0)),
        ])))
        // Count (2), id (2), flags (1), then the record's kind.
        #expect(validator.decode(with(200, at: body + 5, in: snapshot)) == .failure(.badKind("character kind")))
    }
}
