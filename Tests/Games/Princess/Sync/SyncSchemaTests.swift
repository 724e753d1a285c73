import ECS
import Princess
@testable import PrincessSync
import Testing

/// The wire format: every type round-trips, old versions upgrade, newer ones are read,
/// and damaged, forged or random bytes are rejected with a reason, never a trap.
@Suite struct SyncSchemaTests {
    let validator = SyncValidator(limits: testLimits)

    @Test(arguments: everyMessageType) func everyTypeRoundTrips(_ message: SyncMessage) {
        let bytes = SyncEncoder.encode(message)
        #expect(bytes.count <= SyncSchema.maxMessageBytes)
        #expect(validator.decode(bytes) == .success(message))
    }

    @Test func everyTypeIsCovered() {
        #expect(Set(everyMessageType.map(\.body.type)) == Set(SyncMessageType.allCases))
    }

    @Test func versionOneUpgrades() throws {
        for message in everyMessageType {
            guard let old = SyncEncoder.encode(message, asVersion: 1) else {
                // Version 1 had no snapshots and no moves: the only types it cannot say.
                #expect([.snapshot, .move].contains(message.body.type))
                continue
            }
            #expect(old.count < SyncEncoder.encode(message).count)
            let upgraded = try validator.decode(old).get()
            #expect(upgraded.version == 1)
            // No clock in version 1: the sequence stands in; spawns had no basis.
            #expect(upgraded.clock == UInt64(message.sequence))
            var expected = message
            expected.version = 1
            expected.clock = UInt64(message.sequence)
            if case .spawn(let id, let kind, let position, let scale, _) = message.body {
                expected.body = .spawn(id: id, kind: kind, position: position, scale: scale, basis: 0)
            }
            #expect(upgraded == expected)
        }
    }

    @Test func aSnapshotTypedAsVersionOneIsRejected() {
        var bytes = SyncEncoder.encode(everyMessageType.last!, asVersion: 2)!
        bytes[2] = 1
        #expect(validator.decode(resealed(bytes)) == .failure(.unknownType(8)))
    }

    @Test func aMoveTypedAsVersionTwoIsRejected() {
        // Version 2 had no moves: a peer of that version rejects one as a type it does not know.
        let move = everyMessageType.first { $0.body.type == .move }!
        #expect(SyncEncoder.encode(move, asVersion: 2) == nil)
        var bytes = SyncEncoder.encode(move)
        bytes[2] = 2
        #expect(validator.decode(resealed(bytes)) == .failure(.unknownType(9)))
    }

    @Test func newerFieldsAreIgnored() throws {
        for message in everyMessageType {
            // Version 4 appends 5 bytes to the body: read as version 3, the extras skipped.
            var bytes = Array(SyncEncoder.encode(message).dropLast(4))
            bytes[2] = 4
            let length = Int(bytes[18]) | Int(bytes[19]) << 8
            bytes.append(contentsOf: [9, 9, 9, 9, 9])
            bytes[18] = UInt8((length + 5) & 0xFF)
            bytes[19] = UInt8((length + 5) >> 8)
            let decoded = try validator.decode(resealed(bytes + [0, 0, 0, 0])).get()
            #expect(decoded.body == message.body)
            #expect(decoded.version == 4)
        }
        // In the current version, extra bytes are damage.
        var current = Array(SyncEncoder.encode(everyMessageType[1]).dropLast(4))
        current[18] = 3
        #expect(validator.decode(resealed(current + [1, 2, 3, 0, 0, 0, 0])) == .failure(.trailingBytes))
    }

    @Test func anyChangedByteIsRejected() {
        for message in everyMessageType {
            let bytes = SyncEncoder.encode(message)
            for index in bytes.indices {
                for flip: UInt8 in [1, 0x80, 0xFF] {
                    var damaged = bytes
                    damaged[index] ^= flip
                    guard case .failure = validator.decode(damaged) else {
                        Issue.record("byte \(index) ^ \(flip) of a \(message.body.name) got through")
                        return
                    }
                }
            }
            for length in 0..<bytes.count {
                guard case .failure = validator.decode(Array(bytes.prefix(length))) else {
                    Issue.record("a \(message.body.name) cut to \(length) bytes got through")
                    return
                }
            }
        }
    }

    @Test func forgedValuesAreRejectedWithTheirReason() {
        func forged(_ message: SyncMessage) -> Result<SyncMessage, SyncRejection> {
            validator.decode(SyncEncoder.encode(message))
        }
        #expect(forged(SyncMessage(sender: 7, sequence: 1, clock: 1, body: .bye)) == .failure(.badSender(7)))
        #expect(forged(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .update(id: "a", position: Vec2(.nan, 1), scale: 1)))
                == .failure(.badNumber("position")))
        #expect(forged(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .update(id: "a", position: Vec2(5000, 1), scale: 1)))
                == .failure(.offCanvas("position")))
        #expect(forged(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .update(id: "a", position: Vec2(5, 1), scale: 40)))
                == .failure(.badNumber("scale")))
        #expect(forged(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .hello(name: "bad\u{7}name"))) == .failure(.badText("name")))
        #expect(forged(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .effect(.snow, place: .canvas, duration: 1e9)))
                == .failure(.badNumber("effect duration")))
        let twice = CharacterRecord(id: "luna", removed: true)
        #expect(forged(SyncMessage(sender: 0, sequence: 1, clock: 1, body: .snapshot([twice, twice]))) == .failure(.duplicateRecord("luna")))
        var kind = SyncEncoder.encode(everyMessageType[2])
        kind[20 + 1 + 10] = 200  // the spawn's kind byte, after the 10-byte id
        #expect(validator.decode(resealed(kind)) == .failure(.badKind("character kind")))
        #expect(validator.decode([UInt8](repeating: 0, count: 3)) == .failure(.tooShort))
        #expect(validator.decode([UInt8](repeating: 0x41, count: SyncSchema.maxMessageBytes + 1)) == .failure(.tooLong))
    }

    @Test func fuzzedBytesNeverTrapAndNeverPassUnchecked() {
        var random = SeededRandom(seed: 17).stream("fuzz")
        var accepted = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                // A valid message with random bytes changed, checksum made right again:
                // only the field checks stand between it and the session.
                bytes = SyncEncoder.encode(everyMessageType[random.nextInt(below: everyMessageType.count)])
                for _ in 0...random.nextInt(below: 4) {
                    let index = random.nextInt(below: bytes.count - 4)
                    bytes[index] = UInt8(truncatingIfNeeded: random.next())
                }
                if random.chance(0.2) { bytes.removeSubrange(random.nextInt(below: bytes.count - 4)..<(bytes.count - 4)) }
                bytes = resealed(bytes)
            } else {
                bytes = (0..<random.nextInt(below: 120)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if bytes.count >= 2, random.chance(0.5) { bytes[0] = 0x41; bytes[1] = 0x53 }
            }
            if case .success(let message) = validator.decode(bytes) {
                accepted += 1
                // Whatever got through is a message the session can use: re-encoding it is
                // accepted again and means the same.
                #expect(Int(message.sender) < testLimits.peers)
                var again = message
                again.version = SyncSchema.currentVersion
                if message.version == SyncSchema.currentVersion {
                    #expect(validator.decode(SyncEncoder.encode(again)) == .success(again))
                }
            }
        }
        // Some mutations only change a value to another valid one; most are refused.
        #expect(accepted < 10_000)
    }
}
