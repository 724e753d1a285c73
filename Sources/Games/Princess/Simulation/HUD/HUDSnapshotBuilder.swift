import ECS
import Effects
import Foundation

/// Turns the HUD's state into what is drawn at a moment: animation curves in time, and the
/// scene's canvas positions scaled to the output.
struct HUDSnapshotBuilder {
    let state: HUDState
    let time: Double
    let settings: SceneSettings
    let scaleX: Float
    let scaleY: Float
    let outputWidth: Int
    let present: Bool

    /// Seconds a press takes to go down and come back.
    static let pressTime = 0.3
    /// Seconds of the bounce when an action starts.
    static let bounceTime = 0.45
    /// Seconds a screen takes to come in, and to go.
    static let openTime = 0.45, closeTime = 0.3, turnTime = 0.35
    /// Seconds a caption takes to fade in and out.
    static let captionFade = 0.3

    func build(menuAnchor: (String) -> (Vec2, Float)?) -> HUDSnapshot {
        let configuration = state.configuration
        let calm = settings.reduceMotion
        var picker: PickerView?
        if configuration.picker {
            let progress = Float(min(max((time - state.selectedAt) / 0.35, 0), 1))
            picker = PickerView(selected: state.selected, previous: progress < 1 ? state.previousSelected : nil,
                                progress: calm ? 1 : progress)
        }
        let buttons = configuration.actionBar ? HUDButton.allCases.map(button) : []
        return HUDSnapshot(
            scale: Float(outputWidth) / Float(configuration.pointsWide) * Float(settings.uiScale), picker: picker, buttons: buttons,
            touches: configuration.touches ? touches() : [], menu: menu(menuAnchor), captions: captions(),
            screens: [state.closingScreen, state.screen].compactMap { $0.flatMap(screen) }, settings: settings)
    }

    private func scaled(_ p: Vec2) -> Vec2 { Vec2(p.x * scaleX, p.y * scaleY) }

    private func fraction(_ since: Double?, over duration: Double) -> Float? {
        guard let since, time >= since, time <= since + duration else { return nil }
        return Float((time - since) / duration)
    }

    private func button(_ button: HUDButton) -> ButtonView {
        let slot = HUDState.slot(button)
        var scale: Float = 1
        if let t = fraction(state.pressed[slot], over: Self.pressTime) {
            // Down to 0.82 in the first third, back up in the rest.
            scale = t < 1 / 3 ? 1 - 0.18 * (t * 3) : 0.82 + 0.18 * Easing.smooth((t - 1 / 3) * 1.5)
        } else if !settings.reduceMotion, let t = fraction(bounceStart(slot), over: Self.bounceTime) {
            scale = 1 + 0.14 * Float(sin(Double(t) * .pi)) * (1 - t)
        }
        var hint: Float = 0
        if state.configuration.hint == button {
            let phase: Double = time * 2 * Double.pi / 1.2
            hint = settings.reduceMotion ? 1 : Float(0.5 + 0.5 * sin(phase))
        }
        return ButtonView(button: button, scale: scale, enabled: button.isEffect || present,
                          hint: hint, active: time < state.activeUntil[slot])
    }

    /// A pressed button bounces once its press is over; one whose action started some
    /// other way (a clap, a double tap) bounces at once.
    private func bounceStart(_ slot: Int) -> Double? {
        guard let started = state.started[slot] else { return nil }
        if let pressed = state.pressed[slot], abs(pressed - started) < 0.05 { return started + Self.pressTime }
        return started
    }

    private func touches() -> [TouchView] {
        var views: [TouchView] = []
        for mark in state.touches {
            let local = time - mark.start
            guard local >= 0 else { continue }
            let progress = Float(min(local / max(mark.duration, 1e-6), 1))
            let fade = Float(max(0, 1 - max(0, local - mark.duration) / HUDState.markFade))
            let from = scaled(mark.from), to = scaled(mark.to)
            switch mark.gesture {
            case .tap:
                views.append(TouchView(kind: .finger, at: from, from: from, progress: progress, alpha: fade))
                views.append(TouchView(kind: .ring, at: from, from: from, progress: min(Float(local / 0.5), 1), alpha: fade))
            case .doubleTap:
                views.append(TouchView(kind: .finger, at: from, from: from, progress: progress, alpha: fade))
                for delay in [0.0, 0.18] where local >= delay {
                    views.append(TouchView(kind: .ring, at: from, from: from, progress: min(Float((local - delay) / 0.5), 1), alpha: fade))
                }
            case .drag:
                let finger = from.lerp(to: to, Easing.smooth(progress))
                views.append(TouchView(kind: .trail, at: finger, from: from, progress: progress, alpha: fade))
                views.append(TouchView(kind: .finger, at: finger, from: finger, progress: progress, alpha: fade))
            case .pinch, .twoFingerTap:
                let spread = (mark.spreadFrom + (mark.spreadTo - mark.spreadFrom) * Easing.smooth(progress)) * scaleY
                for side: Float in [-1, 1] {
                    let finger = Vec2(from.x + side * spread * 0.8, from.y - side * spread * 0.6)
                    views.append(TouchView(kind: .finger, at: finger, from: finger, progress: progress, alpha: fade))
                }
            case .longPress:
                views.append(TouchView(kind: .finger, at: from, from: from, progress: progress, alpha: fade))
                views.append(TouchView(kind: .hold, at: from, from: from, progress: progress, alpha: fade))
            }
        }
        for mark in state.spawnMarks {
            guard let t = fraction(mark.start, over: HUDState.spawnMarkLife) else { continue }
            let at = scaled(mark.at)
            let kind: TouchView.Kind = mark.kind.map { .preview($0) } ?? .ripple
            views.append(TouchView(kind: kind, at: at, from: at, progress: t, alpha: 1 - t * t))
        }
        return views
    }

    private func menu(_ anchor: (String) -> (Vec2, Float)?) -> MenuView? {
        guard let menu = state.menu, time >= menu.opened else { return nil }
        var presence = Float(min((time - menu.opened) / 0.25, 1))
        if let closed = menu.closed {
            presence = min(presence, Float(max(0, 1 - (time - closed - 0.15) / 0.25)))
        }
        guard presence > 0, let (center, height) = anchor(menu.character) else { return nil }
        return MenuView(center: scaled(center), height: height * scaleY, kind: menu.kind,
                        actions: menu.actions, presence: Easing.smooth(presence), picked: menu.picked)
    }

    private func captions() -> [CaptionView] {
        state.captions.compactMap { item in
            let local = time - item.start, duration = item.caption.duration
            guard local >= 0, local <= duration else { return nil }
            let fade = Float(min(local / Self.captionFade, (duration - local) / Self.captionFade, 1))
            var point: Vec2?
            if case .point(let p) = item.caption.place { point = scaled(p) }
            let pop: Float = settings.reduceMotion ? 1 : 0.85 + 0.15 * Easing.smooth(Float(local / Self.captionFade))
            return CaptionView(text: item.caption.text, point: point, place: item.caption.place,
                               alpha: Easing.smooth(fade), scale: min(pop, 1))
        }
    }

    private func screen(_ screen: ScreenState) -> ScreenView? {
        var presence: Float
        if let closed = screen.closed {
            let t = Float((time - closed) / Self.closeTime)
            guard t < 1 else { return nil }
            presence = 1 - Easing.smooth(max(t, 0))
        } else {
            let t = Float(min(max((time - screen.opened) / Self.openTime, 0), 1))
            // A spring: a little past its place, then back.
            presence = t >= 1 ? 1 : Easing.smooth(min(t * 1.25, 1)) + 0.06 * Float(sin(Double(t) * .pi)) * t
        }
        let turn = Float(min(max((time - screen.turned) / Self.turnTime, 0), 1))
        let ticked = screen.screen == .onboarding && state.dontShowOnboarding
        if settings.reduceMotion {
            // Crossfade instead of slides.
            return ScreenView(screen: screen.screen, page: screen.page, previousPage: turn < 1 ? screen.previousPage : nil,
                              turn: turn, presence: 1, alpha: min(max(presence, 0), 1), ticked: ticked)
        }
        return ScreenView(screen: screen.screen, page: screen.page, previousPage: turn < 1 ? screen.previousPage : nil,
                          turn: Easing.smooth(turn), presence: presence, alpha: 1, ticked: ticked)
    }
}
