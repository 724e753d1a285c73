/// Why bytes are not a valid message: one line each, in the trace's `reject` events.
public enum SyncRejection: Error, Sendable, Equatable, CustomStringConvertible {
    case tooShort
    case tooLong
    case badMagic
    case badChecksum
    case truncated
    case tooOld(UInt8)
    case unknownType(UInt8)
    case badLength
    case trailingBytes
    case badSender(UInt16)
    case badText(String)
    case badKind(String)
    case badNumber(String)
    case offCanvas(String)
    case badFlags
    case duplicateRecord(String)
    case tooManyRecords
    case spoofedSender

    /// The reason, short, for the trace.
    public var description: String {
        switch self {
        case .tooShort: return "too short for a message"
        case .tooLong: return "longer than \(SyncSchema.maxMessageBytes) bytes"
        case .badMagic: return "not a sync message (no 'AS')"
        case .badChecksum: return "checksum mismatch (damaged)"
        case .truncated: return "ends inside a field"
        case .tooOld(let version): return "version \(version) is older than \(SyncSchema.oldestVersion)"
        case .unknownType(let type): return "unknown message type \(type)"
        case .badLength: return "body length disagrees with the message size"
        case .trailingBytes: return "bytes after the last field"
        case .badSender(let sender): return "sender \(sender) is not in the session"
        case .badText(let what): return "\(what) is not 1-64 bytes of printable UTF-8"
        case .badKind(let what): return "unknown \(what)"
        case .badNumber(let what): return "\(what) is not a finite number in range"
        case .offCanvas(let what): return "\(what) is off the canvas"
        case .badFlags: return "unknown record flags"
        case .duplicateRecord(let id): return "the snapshot has '\(id)' twice"
        case .tooManyRecords: return "more than \(SyncSchema.maxSnapshotRecords) records"
        case .spoofedSender: return "sender differs from the peer it came from"
        }
    }
}
