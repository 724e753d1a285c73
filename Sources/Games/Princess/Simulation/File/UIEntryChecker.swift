import Scene

/// UI entries of the timeline are drawn by the HUD: a scene using them must have a `hud:`
/// section (a typo'd or forgotten one would otherwise show nothing, silently).
struct UIEntryChecker {
    let reader: ValueReader

    func check(_ timeline: [DecodedTimelineEntry], hasHUD: Bool) {
        guard !hasHUD else { return }
        for decoded in timeline {
            guard case .ui(let input) = decoded.entry.input else { continue }
            reader.report(decoded.timePosition, "the timeline's '\(input.name)' entry is drawn by the app's screen; "
                          + "add a 'hud:' section to the scene (for example 'hud: {}')")
        }
    }
}
