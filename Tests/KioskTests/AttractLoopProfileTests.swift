import GameKit
@testable import Kiosk
import Princess
import SavedState
import PrincessTestSupport
import TestSupport
import Testing

/// The attract loop with and without a profile: with one, each pass starts from what the
/// passes before it left, as a relaunch of the app would; without one, every pass starts
/// from the scene's own settings, as it always did.
@Suite struct AttractLoopProfileTests {
    static func scene() throws -> SceneDescription {
        try SceneLoader.parse("version: 1\nduration: 0.5\ntimeline:\n  - {time: 0.1, settings: {volume: 0.3}}\n", fileName: "volume.yaml")
    }

    /// Starts the next pass and plays it to its end.
    static func play(_ attract: inout AttractLoop) throws -> any GameRun {
        let run = try attract.next()
        for step in 1...attract.stepsPerLoop { run.advance(toFrame: step) }
        return run
    }

    @Test func withoutAProfileNoPassCarriesAnythingOver() throws {
        var attract = AttractLoop(scene: try Self.scene().opened, freshSeed: false, width: 64, height: 36)
        let first = try Self.play(&attract)
        #expect(first.savedChanges() == SavedValues(["settings.volume": .number(0.3)]))
        let second = try attract.next()
        #expect(attract.saved == .none)
        #expect(attract.savedNow == .none)
        for step in 1...attract.stepsPerLoop { second.advance(toFrame: step) }
        #expect(second.savedChanges() == SavedValues(["settings.volume": .number(0.3)]))
    }

    @Test func withAProfileEachPassStartsWhereTheLastLeft() throws {
        var attract = AttractLoop(scene: try Self.scene().opened, freshSeed: false, width: 64, height: 36,
                                  saved: SavedValues(["settings.sound": .flag(false)]))
        _ = try Self.play(&attract)
        let second = try Self.play(&attract)
        #expect(attract.saved == SavedValues(["settings.sound": .flag(false), "settings.volume": .number(0.3)]))
        // The second pass started at 0.3 already, so its own change changed nothing.
        #expect(second.savedChanges() == .none)
        #expect(attract.savedNow.changes(since: SavedValues(["settings.sound": .flag(false)]))
                == SavedValues(["settings.volume": .number(0.3)]))
    }
}
