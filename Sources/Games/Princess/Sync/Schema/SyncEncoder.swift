import ECS
import Princess

/// Writes messages in the wire format of docs/sync-format.md.
public enum SyncEncoder {
    /// The message's bytes in the current version.
    public static func encode(_ message: SyncMessage) -> [UInt8] {
        encode(message, asVersion: SyncSchema.currentVersion)!
    }

    /// The message's bytes as version `version` wrote them (1: no clock, no basis, no
    /// snapshot; 2: no move), or nil when that version cannot say it. Old versions are written for the
    /// upgrade tests and for peers that have not updated.
    public static func encode(_ message: SyncMessage, asVersion version: UInt8) -> [UInt8]? {
        guard version >= message.body.type.since else { return nil }
        var writer = ByteWriter(capacity: 48)
        for byte in SyncSchema.magic { writer.u8(byte) }
        writer.u8(version)
        writer.u8(message.body.type.rawValue)
        writer.u16(message.sender)
        writer.u32(message.sequence)
        if version >= 2 { writer.u64(message.clock) }
        let lengthAt = writer.bytes.count
        writer.u16(0)
        writeBody(message.body, version: version, into: &writer)
        let bodyLength = writer.bytes.count - lengthAt - 2
        writer.patchU16(UInt16(bodyLength), at: lengthAt)
        writer.u32(Checksum.fnv1a(writer.bytes, count: writer.bytes.count))
        return writer.bytes
    }

    private static func writeBody(_ body: SyncBody, version: UInt8, into writer: inout ByteWriter) {
        switch body {
        case .hello(let name):
            writer.text(name)
        case .bye:
            break
        case .spawn(let id, let kind, let position, let scale, let basis):
            writer.text(id)
            writer.u8(code(kind, in: SyncSchema.characterKindCodes))
            point(position, &writer)
            writer.f32(scale)
            if version >= 2 { writer.u64(basis) }
        case .update(let id, let position, let scale):
            writer.text(id)
            point(position, &writer)
            writer.f32(scale)
        case .remove(let id):
            writer.text(id)
        case .action(let kind, let target):
            writer.u8(code(kind, in: SyncSchema.actionCodes))
            self.target(target, &writer)
        case .move(let name, let target):
            writer.text(name)
            self.target(target, &writer)
        case .effect(let kind, let place, let duration):
            writer.u8(code(kind, in: SyncSchema.effectCodes))
            switch place {
            case .canvas: writer.u8(EffectPlaceCode.canvas.rawValue)
            case .point(let at):
                writer.u8(EffectPlaceCode.point.rawValue)
                point(at, &writer)
            case .character(let id):
                writer.u8(EffectPlaceCode.character.rawValue)
                writer.text(id)
            }
            writer.f32(duration.map(Float.init) ?? -1)
        case .snapshot(let records):
            writer.u16(UInt16(records.count))
            for record in records { self.record(record, &writer) }
        }
    }

    private static func record(_ record: CharacterRecord, _ writer: inout ByteWriter) {
        writer.text(record.id)
        var flags: UInt8 = 0
        if record.origin != nil { flags |= SnapshotFlags.origin }
        if record.placement != nil { flags |= SnapshotFlags.placement }
        if record.removed { flags |= SnapshotFlags.removed }
        writer.u8(flags)
        if let origin = record.origin {
            writer.u8(code(origin.kind, in: SyncSchema.characterKindCodes))
            point(origin.position, &writer)
            writer.f32(origin.scale)
            stamp(origin.stamp, &writer)
            writer.u64(origin.basis)
        }
        if let placement = record.placement {
            point(placement.position, &writer)
            writer.f32(placement.scale)
            stamp(placement.stamp, &writer)
        }
    }

    private static func point(_ point: Vec2, _ writer: inout ByteWriter) {
        writer.f32(point.x)
        writer.f32(point.y)
    }

    private static func stamp(_ stamp: Stamp, _ writer: inout ByteWriter) {
        writer.u64(stamp.clock)
        writer.u16(stamp.peer)
    }

    private static func target(_ target: ActionTarget, _ writer: inout ByteWriter) {
        switch target {
        case .all: writer.u8(ActionTargetCode.all.rawValue)
        case .character(let id):
            writer.u8(ActionTargetCode.character.rawValue)
            writer.text(id)
        }
    }

    private static func code<T>(_ value: T, in table: WireCodeTable<T>) -> UInt8 {
        table.code(for: value) ?? SyncSchema.unsendableCode
    }
}

/// The bits of a snapshot record's flags byte.
enum SnapshotFlags {
    static let origin: UInt8 = 1
    static let placement: UInt8 = 2
    static let removed: UInt8 = 4
    static let known: UInt8 = 7
}
