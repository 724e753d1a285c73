import Foundation
import Princess
import Scene
import Testing

/// The `hud:` section and the UI entries of the timeline: validation of every field, the
/// events they trace, and what the HUD's state says at a frame.
@Suite struct HUDSceneTests {
    private let head = "version: 1\ncanvas: {width: 1280, height: 720}\nduration: 10\n"

    /// The single diagnostic of a scene's body under the standard head.
    private func problem(_ body: String) -> SceneDiagnostic? { onlyDiagnostic(head + body) }

    // MARK: the hud: section

    @Test func aHUDSectionIsRead() throws {
        let scene = try makeScene("hud: {picker: false, touches: false, points_wide: 844, hint: dance, screen: onboarding, page: 3}")
        #expect(scene.hud == HUDConfiguration(picker: false, actionBar: true, touches: false, pointsWide: 844,
                                              hint: .dance, screen: .onboarding, page: 3))
        #expect(try makeScene("hud: {}").hud == HUDConfiguration())
        #expect(try makeScene("hud:").hud == HUDConfiguration())
        #expect(try makeScene("").hud == nil)
    }

    @Test func everyHUDFieldIsValidated() {
        expectAt(problem("hud: {pickr: true}\n"), 4, 7, contains: "unknown key 'pickr' in hud", "did you mean 'picker'")
        expectAt(problem("hud: {picker: yes}\n"), 4, 15, contains: "hud.picker must be true or false")
        expectAt(problem("hud: {action_bar: 1}\n"), 4, 19, contains: "hud.action_bar must be true or false")
        expectAt(problem("hud: {touches: off}\n"), 4, 16, contains: "hud.touches must be true or false")
        expectAt(problem("hud: {points_wide: 50}\n"), 4, 20, contains: "hud.points_wide is out of range", "200 to 2000")
        expectAt(problem("hud: {hint: danse}\n"), 4, 13, contains: "unknown button (or none) 'danse'", "did you mean 'dance'")
        expectAt(problem("hud: {screen: setings}\n"), 4, 15, contains: "unknown screen 'setings'", "did you mean 'settings'")
        expectAt(problem("hud: {screen: onboarding, page: 5}\n"), 4, 33, contains: "hud.page is out of range", "1 to 4")
        expectAt(problem("hud: {page: 1}\n"), 4, 13, contains: "hud.page needs hud.screen")
        expectAt(problem("hud: [1, 2]\n"), 4, 6, contains: "hud must be a mapping")
    }

    // MARK: the timeline's UI entries

    @Test func uiEntriesAreRead() throws {
        let scene = try makeScene("""
        hud: {}
        timeline:
          - {time: 1, open: settings}
          - {time: 2, open: {screen: onboarding, page: 2}}
          - {time: 3, close: onboarding}
          - {time: 4, caption: Clap your hands!}
          - {time: 5, caption: {text: "Smile for sparkles!", duration: 1.5, place: bottom}}
          - {time: 6, caption: {text: "Here", at: [50%, 40%]}}
          - {time: 7, menu_pick: dance}
          - {time: 8, menu_pick: {action: jump}}
          - {time: 9, hud: {picker: false, hint: none}}
        """)
        #expect(scene.timeline.map(\.input) == [
            .ui(.open(.settings, page: 1)), .ui(.open(.onboarding, page: 2)), .ui(.close),
            .ui(.caption(Caption(text: "Clap your hands!"))),
            .ui(.caption(Caption(text: "Smile for sparkles!", duration: 1.5, place: .bottom))),
            .ui(.caption(Caption(text: "Here", place: .point(.init(640, 288))))),
            .ui(.menuPick(.dance)), .ui(.menuPick(.jump)), .ui(.hud(HUDChange(picker: false, hint: .some(nil)))),
        ])
    }

    @Test func everyUIEntryFieldIsValidated() {
        let hud = "hud: {}\ntimeline:\n"
        expectAt(problem(hud + "  - {time: 1, open: halp}\n"), 6, 21, contains: "unknown screen 'halp'", "did you mean 'help'")
        expectAt(problem(hud + "  - {time: 1, open: {screen: help, page: 2}}\n"), 6, 42, contains: "page is out of range", "1 to 1")
        expectAt(problem(hud + "  - {time: 1, open: {page: 2}}\n"), 6, 21, contains: "missing the key 'screen'")
        expectAt(problem(hud + "  - {time: 1, open: {screen: help, pgae: 1}}\n"), 6, 36, contains: "unknown key 'pgae'", "did you mean 'page'")
        expectAt(problem(hud + "  - {time: 1, close: nope}\n"), 6, 22, contains: "unknown screen 'nope'")
        expectAt(problem(hud + "  - {time: 1, caption: \"\"}\n"), 6, 24, contains: "caption must be the words to show")
        expectAt(problem(hud + "  - {time: 1, caption: \(String(repeating: "a", count: 201))}\n"), 6, 24, contains: "at most 200")
        expectAt(problem(hud + "  - {time: 1, caption: {text: hi, place: topp}}\n"), 6, 42, contains: "unknown place 'topp'", "did you mean 'top'")
        expectAt(problem(hud + "  - {time: 1, caption: {text: hi, place: top, at: [1, 2]}}\n"), 6, 51, contains: "both 'place' and 'at'")
        expectAt(problem(hud + "  - {time: 1, caption: {text: hi, duration: 0}}\n"), 6, 45, contains: "duration is out of range")
        expectAt(problem(hud + "  - {time: 1, caption: {duration: 2}}\n"), 6, 24, contains: "missing the key 'text'")
        expectAt(problem(hud + "  - {time: 1, menu_pick: dnce}\n"), 6, 26, contains: "unknown action 'dnce'", "did you mean 'dance'")
        expectAt(problem(hud + "  - {time: 1, hud: {}}\n"), 6, 20, contains: "changes nothing")
        expectAt(problem(hud + "  - {time: 1, hud: {hint: wavy}}\n"), 6, 27, contains: "did you mean 'wave'")
        expectAt(problem(hud + "  - {time: 1, hud: {touch: false}}\n"), 6, 21, contains: "unknown key 'touch'", "did you mean 'touches'")
    }

    @Test func uiEntriesNeedAHUD() {
        expectAt(problem("timeline:\n  - {time: 1.5, caption: Hello}\n"), 5, 12, contains: "'caption' entry", "add a 'hud:' section")
    }

    // MARK: the trace

    @Test func uiEventsAreTraced() throws {
        let scene = try makeScene("""
        hud: {}
        characters: [{id: ana, kind: luna, position: [640, 560]}]
        timeline:
          - {time: 0.5, open: settings}
          - {time: 1.0, open: help}
          - {time: 1.5, close: help}
          - {time: 2.0, close: help}
          - {time: 2.5, action: {kind: wave}}
          - {time: 3.0, effect: {kind: snow}}
          - {time: 3.5, long_press: {target: ana, duration: 0.6}}
          - {time: 4.5, menu_pick: dance}
          - {time: 5.0, menu_pick: jump}
          - {time: 5.5, caption: Clap your hands!}
          - {time: 6.0, hud: {touches: false, hint: jump}}
        """)
        let (_, trace) = runToEnd(scene)
        #expect(events("ui_open", in: trace).map { $0.text("screen") } == ["settings", "help"])
        // Opening help over settings closes settings first; the second close finds nothing.
        #expect(events("ui_close", in: trace).map { $0.text("screen") } == ["settings", "help"])
        let refused = events("refused", in: trace).filter { $0.text("reason") == "nothing_open" }
        #expect(refused.map { $0.text("input") } == ["close", "menu_pick"])
        #expect(events("button", in: trace).map { $0.text("button") } == ["wave", "snow"])
        let pick = events("menu_pick", in: trace)
        #expect(pick.count == 1 && pick.first?.text("action") == "dance" && pick.first?.character == "ana")
        let dance = events("action_start", in: trace).first { $0.text("action") == "dance" }
        #expect(dance?.text("cause") == "menu")
        #expect(events("caption", in: trace).first?.text("text") == "Clap your hands!")
        let hud = events("hud", in: trace).first
        #expect(hud?["touches"] == .flag(false) && hud?.text("hint") == "jump")
        // The menu opened from the long press (the trace's own event) before it was picked from.
        let menuFrame = events("menu", in: trace).first?.frame ?? .max
        #expect(menuFrame < (pick.first?.frame ?? 0))
    }

    @Test func aButtonPressedWithNobodyThereIsTracedDisabled() throws {
        let scene = try makeScene("hud: {}\ntimeline:\n  - {time: 0.5, action: {kind: jump}}\n")
        let (_, trace) = runToEnd(scene)
        #expect(events("button", in: trace).first?["enabled"] == .flag(false))
    }

    @Test func withoutAHUDTheTraceIsUnchanged() throws {
        let body = """
        characters: [{id: ana, kind: luna, position: [640, 560]}]
        timeline:
          - {time: 0.5, action: {kind: wave}}
          - {time: 1.0, tap: {at: [300, 600]}}
          - {time: 1.5, long_press: {target: ana, duration: 0.6}}
        """
        let (_, plain) = runToEnd(try makeScene(body))
        let (_, withHUD) = runToEnd(try makeScene("hud: {}\n" + body))
        #expect(plain.filter { $0.event == "button" }.isEmpty)
        #expect(withHUD.filter { $0.event != "button" }.map(\.jsonLine) == plain.map(\.jsonLine))
    }

    // MARK: the HUD at a frame

    @Test func theSnapshotFollowsTheTimeline() throws {
        let scene = try makeScene("""
        hud: {hint: wave}
        characters: [{id: ana, kind: luna, position: [640, 560]}]
        selected: sparkle
        timeline:
          - {time: 0.5, select: willow}
          - {time: 1.0, tap: {at: [300, 600]}}
          - {time: 2.0, tap: {at: [320, 610]}}
          - {time: 3.0, action: {kind: wave}}
          - {time: 4.0, long_press: {target: ana, duration: 0.6}}
          - {time: 5.0, open: {screen: onboarding, page: 2}}
          - {time: 6.0, caption: {text: Hello, place: middle}}
          - {time: 7.0, hud: {picker: false, action_bar: false, touches: false}}
        """)
        let simulation = SceneSimulation(scene: scene, width: 640, height: 360)
        func hud(at seconds: Double) -> HUDSnapshot? {
            simulation.advance(toFrame: Int(seconds * 30))
            return simulation.snapshot().hud
        }
        #expect(hud(at: 0.6)?.picker?.selected == .willow)
        #expect(hud(at: 1.1)?.touches.contains { if case .preview(.willow) = $0.kind { return true } else { return false } } == true)
        #expect(hud(at: 2.1)?.touches.contains { $0.kind == .ripple } == true)
        let pressed = hud(at: 3.05)?.buttons.first { $0.button == .wave }
        #expect((pressed?.scale ?? 1) < 1)
        #expect((hud(at: 3.1)?.buttons.first { $0.button == .dance }?.hint ?? 1) == 0)
        #expect(hud(at: 4.8)?.menu?.kind == .luna)
        let screen = hud(at: 5.2)?.screens.first
        #expect(screen?.screen == .onboarding && screen?.page == 2 && (screen?.presence ?? 1) < 1)
        #expect(hud(at: 6.5)?.captions.first?.text == "Hello")
        let hidden = hud(at: 7.5)
        #expect(hidden?.picker == nil && hidden?.buttons.isEmpty == true && hidden?.touches.isEmpty == true)
    }

    @Test func reduceMotionCrossfadesScreens() throws {
        let scene = try makeScene("hud: {}\nsettings: {reduce_motion: true}\ntimeline:\n  - {time: 1.0, open: help}\n")
        let simulation = SceneSimulation(scene: scene, width: 640, height: 360)
        simulation.advance(toFrame: 33)
        let screen = simulation.snapshot().hud?.screens.first
        #expect(screen?.presence == 1 && (screen?.alpha ?? 1) < 1)
    }
}
