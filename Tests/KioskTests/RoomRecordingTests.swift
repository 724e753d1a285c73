import Audio
import Foundation
import Kiosk
import Testing
import TestSupport

/// A room recording (`demo --record-room`) reads back as written, and a file that is not one,
/// or is cut short, says so in one line (`listen --file` exits 2 on it).
@Suite struct RoomRecordingTests {
    static let records: [RoomRecording.Record] = [
        .sensitivity(.hard),
        .played(samples: [0.5, -0.25, 1e-7], at: 12.25),
        .microphone(samples: (0..<240).map { Float($0) / 240 - 0.5 }, arrived: 12.26),
        .sensitivity(.easy),
        .microphone(samples: [], arrived: 12.27),
    ]

    static func write(_ records: [RoomRecording.Record], to path: String) throws {
        let writer = try RoomRecording.Writer(path: path, sampleRate: 48_000, origin: 1_234.5)
        for record in records { try writer.add(record) }
        try writer.finish()
    }

    @Test func aRecordingReadsBackAsWritten() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.records, to: folder + "/room.rec")
        #expect(RoomRecording.isRecording(atPath: folder + "/room.rec"))
        let read = try RoomRecording.read(path: folder + "/room.rec")
        #expect(read.sampleRate == 48_000 && read.origin == 1_234.5)
        #expect(read.records == Self.records)
    }

    @Test func aRecordingCutMidRecordKeepsWhatCameBefore() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.records, to: folder + "/room.rec")
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/room.rec"))
        // The third record (the long microphone block) loses its last samples.
        try whole.prefix(whole.count - 200).write(to: URL(fileURLWithPath: folder + "/cut.rec"))
        #expect(try RoomRecording.read(path: folder + "/cut.rec").records == Array(Self.records.prefix(2)))
    }

    @Test(arguments: [("not a recording at all", "not a room recording"), ("ARIAROOM\u{2}\0\0\0", "not a room recording")])
    func aFileThatIsNotARecordingIsOneLineAndExit2(content: String, message: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bad.rec"
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: RoomRecordingError.self) { try RoomRecording.read(path: path) }
        if content.hasPrefix("ARIAROOM") {
            let run = try AriaRenderTool.run(["listen", "--file", path])
            #expect(run.status == 2, "\(run.standardError)")
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(message) && lines[0].contains(path), "\(run.standardError)")
        }
    }

    @Test func aRecordingThatCannotBeWrittenStopsTheDemoBeforeItStarts() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try AriaRenderTool.run(["demo", "--record-room", folder + "/no/such/room.rec", "--no-mic", "--output", folder,
                                          "--window", "32x18", "--duration", "1"], timeout: 60)
        #expect(run.status == 3, "\(run.standardError)")
        #expect(run.standardError == "aria-render: \(folder)/no/such/room.rec: cannot write a room recording there\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no frame was drawn")
    }

    @Test func aRecordingOfAnUnknownKindOfRecordSaysWhere() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Array(Self.records.prefix(2)), to: folder + "/room.rec")
        var data = try Data(contentsOf: URL(fileURLWithPath: folder + "/room.rec"))
        data.append(contentsOf: [9] + [UInt8](repeating: 0, count: 12))
        try data.write(to: URL(fileURLWithPath: folder + "/room.rec"))
        #expect {
            try RoomRecording.read(path: folder + "/room.rec")
        } throws: { error in
            "\(error)".contains("unknown kind 9 after 2 records")
        }
    }
}
