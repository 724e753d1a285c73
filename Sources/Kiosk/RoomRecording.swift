import Audio
import Foundation

/// What the kiosk's microphone thread was given, block by block (`demo --record-room FILE`):
/// each microphone block with the clock reading it arrived at, each block of the demo's own
/// sound with the reading it is heard from, and each change of the clap sensitivity. Replayed
/// through `ClapHearing` (`listen --file FILE`), it gives the claps and refusals the live demo
/// gave, so a real room's misses can be studied and a change of the detector tried on them.
///
/// The file: "ARIAROOM" and the version (1), the sample rate and the demo's clock origin
/// (its wall 0, in CLOCK_MONOTONIC seconds) as little-endian doubles, then records: a kind byte
/// (1 played, 2 microphone, 3 sensitivity), a double (the clock reading; for a sensitivity,
/// its name's index), a 32-bit sample count and the mono samples as 32-bit floats.
public enum RoomRecording {
    /// One record.
    public enum Record: Equatable {
        /// The demo's own sound, heard from clock reading `at` on.
        case played(samples: [Float], at: Double)
        /// A microphone block that arrived at clock reading `arrived`.
        case microphone(samples: [Float], arrived: Double)
        /// The clap sensitivity from the next block on.
        case sensitivity(ClapSensitivity)
    }

    static let magic = Array("ARIAROOM".utf8)

    /// Whether the file at `path` starts as a room recording does.
    public static func isRecording(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: magic.count)).map(Array.init) == magic
    }

    /// Writes a recording as the demo runs; a write that fails stops the recording (one line
    /// on the log), never the demo.
    public final class Writer {
        private let handle: FileHandle
        private var buffer = Data()

        /// Starts a recording at `path` of a microphone at `sampleRate`, on a clock whose wall 0
        /// is CLOCK_MONOTONIC reading `origin`.
        public init(path: String, sampleRate: Double, origin: Double) throws {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw RoomRecordingError("\(path): cannot write a room recording there")
            }
            self.handle = handle
            buffer.append(contentsOf: magic)
            append(UInt32(1))
            append(sampleRate.bitPattern)
            append(origin.bitPattern)
        }

        /// Adds `record`; the file is written in pieces of about a megabyte.
        public func add(_ record: Record) throws {
            switch record {
            case let .played(samples, at): append(1, at, samples)
            case let .microphone(samples, arrived): append(2, arrived, samples)
            case let .sensitivity(sensitivity): append(3, Double(ClapSensitivity.allCases.firstIndex(of: sensitivity) ?? 0), [])
            }
            if buffer.count >= 1 << 20 { try flush() }
        }

        /// Writes what is buffered and closes the file.
        public func finish() throws {
            try flush()
            try handle.close()
        }

        private func flush() throws {
            try handle.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }

        private func append(_ kind: UInt8, _ time: Double, _ samples: [Float]) {
            buffer.append(kind)
            append(time.bitPattern)
            append(UInt32(samples.count))
            for sample in samples { append(sample.bitPattern) }
        }

        private func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
        }
    }

    /// A recording read back whole.
    public struct Contents {
        /// The microphone's sample rate, in Hz.
        public var sampleRate: Double
        /// The demo clock's wall 0, in CLOCK_MONOTONIC seconds.
        public var origin: Double
        /// The records in the order they were made.
        public var records: [Record]
    }

    /// Reads the recording at `path`; a file that is not one, or is cut short before its
    /// first record, is an error that says so (a recording cut mid-record keeps what came before).
    public static func read(path: String) throws -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else { throw RoomRecordingError("\(path): cannot read the file") }
        var reader = ByteReader(bytes: [UInt8](data))
        guard reader.take(magic.count) == magic, let version: UInt32 = reader.integer(), version == 1,
              let rate: UInt64 = reader.integer(), let origin: UInt64 = reader.integer() else {
            throw RoomRecordingError("\(path): not a room recording (made by demo --record-room)")
        }
        let sampleRate = Double(bitPattern: rate)
        guard sampleRate >= 8_000 && sampleRate <= 192_000 else { throw RoomRecordingError("\(path): its sample rate \(sampleRate) Hz is out of range") }
        var records: [Record] = []
        while let kind: UInt8 = reader.integer(), let time: UInt64 = reader.integer(), let count: UInt32 = reader.integer(),
              let samples = reader.floats(Int(count)) {
            let value = Double(bitPattern: time)
            switch kind {
            case 1: records.append(.played(samples: samples, at: value))
            case 2: records.append(.microphone(samples: samples, arrived: value))
            case 3 where value >= 0 && Int(value) < ClapSensitivity.allCases.count: records.append(.sensitivity(ClapSensitivity.allCases[Int(value)]))
            default: throw RoomRecordingError("\(path): a record of unknown kind \(kind) after \(records.count) records")
            }
        }
        return Contents(sampleRate: sampleRate, origin: Double(bitPattern: origin), records: records)
    }

    /// Little-endian values off the front of some bytes; nil once too few are left.
    private struct ByteReader {
        let bytes: [UInt8]
        var position = 0

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, bytes.count - position >= count else { return nil }
            defer { position += count }
            return Array(bytes[position..<position + count])
        }

        mutating func integer<T: FixedWidthInteger>() -> T? {
            guard let raw = take(MemoryLayout<T>.size) else { return nil }
            return raw.reversed().reduce(T.zero) { $0 << 8 | T($1) }
        }

        mutating func floats(_ count: Int) -> [Float]? {
            guard count >= 0, bytes.count - position >= count * 4 else { return nil }
            var samples = [Float](repeating: 0, count: count)
            for i in 0..<count {
                let at = position + i * 4
                let bits = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
                samples[i] = Float(bitPattern: bits)
            }
            position += count * 4
            return samples
        }
    }
}

/// A room recording that cannot be written or read: one line saying which and why.
public struct RoomRecordingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
