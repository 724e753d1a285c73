import Audio
import Foundation
import Testing

/// The kiosk's figures, on rooms replayed offline (`RoomReplay`): the same samples give the same
/// claps, so these cannot flake. Measured figures are in docs/kiosk.md; the bounds leave a
/// little room for a change of the detector that is not a regression.
@Suite struct RoomReplayTests {
    @Test(arguments: RoomReplay.Room.allCases)
    func realClapsAreHeardOverTheDemosOwnSound(room: RoomReplay.Room) throws {
        guard let figure = RoomReplay.run(room) else {
            Issue.record("no soundtrack or no clap corpus (ARIA_CLAP_CORPUS)")
            return
        }
        print("replayed \(room) room: \(figure)")
        let least: [RoomReplay.Room: Int] = [.typical: 43, .stress: 41, .distorting: 39]
        #expect(figure.heard >= least[room] ?? 0, "\(figure)")
        #expect(figure.falseClaps.isEmpty, "\(figure)")
    }

    @Test(arguments: RoomReplay.Room.allCases)
    func theDemosOwnSoundIsNeverAClap(room: RoomReplay.Room) throws {
        guard let figure = RoomReplay.run(room, claps: false) else {
            Issue.record("no soundtrack or no clap corpus (ARIA_CLAP_CORPUS)")
            return
        }
        print("replayed \(room) room, nobody clapping: \(figure)")
        #expect(figure.falseClaps.isEmpty, "\(figure)")
    }
}

@Suite struct RoomReplayDevelopment {
    @Test func one() throws {
        let room = RoomReplay.Room(rawValue: ProcessInfo.processInfo.environment["ARIA_REPLAY_ROOM"] ?? "typical") ?? .typical
        let claps = (ProcessInfo.processInfo.environment["ARIA_REPLAY_QUIET"] ?? "").isEmpty
        print("DEV \(room) claps=\(claps): \(RoomReplay.run(room, claps: claps).map { "\($0)" } ?? "nil")")
    }
}
