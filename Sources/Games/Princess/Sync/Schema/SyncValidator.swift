import ECS
import Princess

/// The one way bytes become a message: checks the frame (magic, size, checksum), reads the
/// header and body of any version from `SyncSchema.oldestVersion` up, upgrades old ones,
/// ignores what newer versions add after the fields it knows, and checks every value
/// against the session (`SyncLimits`). Anything else is a `SyncRejection`, never a trap.
public struct SyncValidator: Sendable {
    /// The session messages must belong to.
    public let limits: SyncLimits

    /// A validator for a session with these limits.
    public init(limits: SyncLimits) { self.limits = limits }

    /// The message in `bytes`, upgraded to the current version, or why it is none.
    public func decode(_ bytes: [UInt8]) -> Result<SyncMessage, SyncRejection> {
        do { return .success(try read(bytes)) } catch let rejection as SyncRejection {
            return .failure(rejection)
        } catch {
            return .failure(.truncated)
        }
    }

    private func read(_ bytes: [UInt8]) throws -> SyncMessage {
        guard bytes.count >= 16 else { throw SyncRejection.tooShort }
        guard bytes.count <= SyncSchema.maxMessageBytes else { throw SyncRejection.tooLong }
        guard bytes[0] == SyncSchema.magic[0], bytes[1] == SyncSchema.magic[1] else { throw SyncRejection.badMagic }
        let checksumAt = bytes.count - 4
        var tail = ByteReader(bytes, from: checksumAt)
        guard try tail.u32() == Checksum.fnv1a(bytes, count: checksumAt) else { throw SyncRejection.badChecksum }

        var reader = ByteReader(bytes, to: checksumAt)
        _ = try reader.u16()
        let version = try reader.u8()
        guard version >= SyncSchema.oldestVersion else { throw SyncRejection.tooOld(version) }
        let typeCode = try reader.u8()
        // A type newer than the message's version is unknown to it (a snapshot typed as version 1).
        guard let type = SyncMessageType(rawValue: typeCode), version >= type.since else {
            throw SyncRejection.unknownType(typeCode)
        }
        let sender = try reader.u16()
        guard Int(sender) < limits.peers else { throw SyncRejection.badSender(sender) }
        let sequence = try reader.u32()
        // Version 1 had no logical clock: its sequence number stands in (docs/sync-format.md).
        let clock = version >= 2 ? try reader.u64() : UInt64(sequence)
        let bodyLength = Int(try reader.u16())
        guard reader.offset + bodyLength == checksumAt else { throw SyncRejection.badLength }
        let body = try readBody(type, version: version, &reader)
        // Newer versions may append fields: skipped. In the versions this tool knows, extra
        // bytes mean a damaged or forged message.
        if reader.remaining > 0 && version <= SyncSchema.currentVersion { throw SyncRejection.trailingBytes }
        return SyncMessage(sender: sender, sequence: sequence, clock: clock, body: body, version: version)
    }

    private func readBody(_ type: SyncMessageType, version: UInt8, _ reader: inout ByteReader) throws -> SyncBody {
        switch type {
        case .hello:
            return .hello(name: try reader.text("name"))
        case .bye:
            return .bye
        case .spawn:
            let id = try reader.text("id")
            let kind = try choice(try reader.u8(), SyncSchema.characterKindCodes)
            let position = try point(&reader, "spawn position")
            let scale = try self.scale(try reader.f32())
            let basis = version >= 2 ? try reader.u64() : 0
            return .spawn(id: id, kind: kind, position: position, scale: scale, basis: basis)
        case .update:
            let id = try reader.text("id")
            let position = try point(&reader, "position")
            return .update(id: id, position: position, scale: try scale(try reader.f32()))
        case .remove:
            return .remove(id: try reader.text("id"))
        case .action:
            let kind = try choice(try reader.u8(), SyncSchema.actionCodes)
            return .action(kind, target: try target(&reader))
        case .move:
            let name = try reader.text("move")
            return .move(name: name, target: try target(&reader))
        case .effect:
            let kind = try choice(try reader.u8(), SyncSchema.effectCodes)
            let place: EffectPlace
            switch EffectPlaceCode(rawValue: try reader.u8()) {
            case .canvas: place = .canvas
            case .point: place = .point(try point(&reader, "effect position"))
            case .character: place = .character(try reader.text("effect character"))
            case nil: throw SyncRejection.badKind("effect place")
            }
            let duration = try reader.f32()
            if duration == -1 { return .effect(kind, place: place, duration: nil) }
            guard duration.isFinite, duration > 0, duration <= 600 else { throw SyncRejection.badNumber("effect duration") }
            return .effect(kind, place: place, duration: Double(duration))
        case .snapshot:
            let count = Int(try reader.u16())
            guard count <= SyncSchema.maxSnapshotRecords else { throw SyncRejection.tooManyRecords }
            var records: [CharacterRecord] = []
            var seen = Set<String>()
            records.reserveCapacity(count)
            for _ in 0..<count {
                let record = try self.record(&reader, version: version)
                guard seen.insert(record.id).inserted else { throw SyncRejection.duplicateRecord(record.id) }
                records.append(record)
            }
            return .snapshot(records)
        }
    }

    private func record(_ reader: inout ByteReader, version: UInt8) throws -> CharacterRecord {
        var record = CharacterRecord(id: try reader.text("record id"))
        let flags = try reader.u8()
        guard flags & ~SnapshotFlags.known == 0 || version > SyncSchema.currentVersion else { throw SyncRejection.badFlags }
        if flags & SnapshotFlags.origin != 0 {
            let kind = try choice(try reader.u8(), SyncSchema.characterKindCodes)
            let position = try point(&reader, "spawn position")
            let scale = try self.scale(try reader.f32())
            record.origin = SpawnOrigin(kind: kind, position: position, scale: scale, stamp: try stamp(&reader), basis: try reader.u64())
        }
        if flags & SnapshotFlags.placement != 0 {
            let position = try point(&reader, "position")
            let scale = try self.scale(try reader.f32())
            record.placement = PlacementRegister(position: position, scale: scale, stamp: try stamp(&reader))
        }
        record.removed = flags & SnapshotFlags.removed != 0
        return record
    }

    private func stamp(_ reader: inout ByteReader) throws -> Stamp {
        let clock = try reader.u64()
        let peer = try reader.u16()
        guard Int(peer) < limits.peers else { throw SyncRejection.badSender(peer) }
        return Stamp(clock: clock, peer: peer)
    }

    private func point(_ reader: inout ByteReader, _ what: String) throws -> Vec2 {
        let x = try reader.f32(), y = try reader.f32()
        guard x.isFinite, y.isFinite else { throw SyncRejection.badNumber(what) }
        guard x >= 0, x <= limits.canvasWidth, y >= 0, y <= limits.canvasHeight else { throw SyncRejection.offCanvas(what) }
        return Vec2(x, y)
    }

    private func scale(_ value: Float) throws -> Float {
        guard value.isFinite, value >= 0.5, value <= 2.0 else { throw SyncRejection.badNumber("scale") }
        return value
    }

    private func target(_ reader: inout ByteReader) throws -> ActionTarget {
        switch ActionTargetCode(rawValue: try reader.u8()) {
        case .all: return .all
        case .character: return .character(try reader.text("target"))
        case nil: throw SyncRejection.badKind("action target")
        }
    }

    private func choice<T>(_ code: UInt8, _ table: WireCodeTable<T>) throws -> T {
        guard let value = table.value(for: code) else { throw SyncRejection.badKind(table.name) }
        return value
    }
}
