import GameKit
import Princess
import SavedState
import Testing
@testable import PrincessGame

/// What the princess game keeps between runs: the saved values go over the scene's settings
/// (a hand-edited value of the wrong kind or out of range is passed over), and a run hands
/// back only what it changed.
@Suite struct PrincessSavedStateTests {
    @Test func savedValuesGoOverTheScenesSettings() {
        let saved = SavedValues(["settings.sound": .flag(false), "settings.volume": .number(0.25),
                                 "settings.sensitivity": .text("hard"), "settings.ui_scale": .number(1.1),
                                 "settings.high_contrast": .flag(true)])
        let settings = PrincessSavedState.settings(SceneSettings(), from: saved)
        #expect(settings == SceneSettings(soundEnabled: false, volume: 0.25, sensitivity: .hard, highContrast: true, uiScale: 1.1))
    }

    @Test func aValueOfTheWrongKindOrOutOfRangeIsPassedOver() {
        let saved = SavedValues(["settings.sound": .text("no"), "settings.volume": .number(3),
                                 "settings.sensitivity": .text("extreme"), "settings.ui_scale": .number(0.2),
                                 "settings.haptics": .integer(0)])
        #expect(PrincessSavedState.settings(SceneSettings(volume: 0.5), from: saved) == SceneSettings(volume: 0.5))
    }

    @Test func aRunHandsBackOnlyWhatItChanged() throws {
        let text = """
            version: 1
            duration: 1
            hud: {screen: onboarding, page: 4}
            timeline:
              - {time: 0.2, settings: {volume: 0.4, reduce_motion: false}}
              - {time: 0.3, dont_show_again: true}
            """
        let scene = try SceneLoader.parse(text, fileName: "saving.yaml")
        let start = SavedValues(["settings.volume": .number(0.9), "settings.reduce_motion": .flag(false)])
        let run = try PrincessGameModule().makeRun(of: scene, options: RunOptions(saved: start))
        #expect(run.savedChanges() == .none)
        run.advance(toFrame: run.frameCount)
        #expect(run.savedChanges() == SavedValues(["settings.volume": .number(0.4), "onboarding.dont_show_again": .flag(true)]))
    }

    @Test func withoutAProfileARunStartsFromTheSceneAlone() throws {
        let scene = try SceneLoader.parse("version: 1\nduration: 1\nhud: {screen: onboarding}\n", fileName: "plain.yaml")
        let described = PrincessSavedState.scene(scene, startingFrom: .none)
        #expect(described == scene)
        let skipping = PrincessSavedState.scene(scene, startingFrom: SavedValues(["onboarding.dont_show_again": .flag(true)]))
        #expect(skipping.hud?.dontShowOnboarding == true)
    }

    @Test func uiScaleIsASettingOfTheScene() throws {
        let scene = try SceneLoader.parse("version: 1\nduration: 1\ntimeline:\n  - {time: 0.1, settings: {ui_scale: 1.2}}\n",
                                          fileName: "scale.yaml")
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 10)
        #expect(simulation.settings.uiScale == 1.2)
        #expect(simulation.drainTrace().contains { $0.jsonLine.contains(#""event":"settings","ui_scale":1.2"#) })
        #expect(throws: (any Error).self) {
            try SceneLoader.parse("version: 1\nduration: 1\nsettings: {ui_scale: 1.5}\n", fileName: "big.yaml")
        }
    }
}
