import Drawing

/// Where things are on FindIt's portrait screens, as fractions of the screen: one place that
/// both the painter (to draw) and the kiosk's taps (to hit) read, so a button is tapped
/// where it is drawn.
enum FindItLayout {
    /// Tiles across Home's grid, and the most shown.
    static let columns = 2
    static let maxTiles = 6

    /// Home's title.
    static let title = LayoutRect(x: 0.05, y: 0.025, width: 0.9, height: 0.08)
    /// The grid's tile `index` (reading order).
    static func tile(_ index: Int) -> LayoutRect {
        let column = index % columns, row = index / columns
        return LayoutRect(x: 0.05 + Double(column) * 0.47, y: 0.125 + Double(row) * 0.235, width: 0.43, height: 0.215)
    }
    /// Home's start button and [+].
    static let start = LayoutRect(x: 0.05, y: 0.85, width: 0.62, height: 0.085)
    static let add = LayoutRect(x: 0.72, y: 0.85, width: 0.23, height: 0.085)
    /// The back button, top left of the detail and register screens (the mission card has none).
    static let back = LayoutRect(x: 0.03, y: 0.02, width: 0.2, height: 0.055)
    /// The mission card and its button.
    static let missionCard = LayoutRect(x: 0.07, y: 0.1, width: 0.86, height: 0.62)
    static let go = LayoutRect(x: 0.15, y: 0.78, width: 0.7, height: 0.09)
    /// Register: the viewfinder, the strip of photos, the message, the buttons, the bar.
    static let viewfinder = LayoutRect(x: 0.06, y: 0.09, width: 0.88, height: 0.46)
    static let strip = LayoutRect(x: 0.06, y: 0.57, width: 0.88, height: 0.09)
    static let banner = LayoutRect(x: 0.06, y: 0.675, width: 0.88, height: 0.09)
    static let shutter = LayoutRect(x: 0.06, y: 0.80, width: 0.42, height: 0.085)
    static let save = LayoutRect(x: 0.52, y: 0.80, width: 0.42, height: 0.085)
    static let trainingBar = LayoutRect(x: 0.1, y: 0.915, width: 0.8, height: 0.035)

    /// `rect` (fractions) in pixels of a `width`×`height` screen.
    static func pixels(_ rect: LayoutRect, _ width: Double, _ height: Double) -> LayoutRect {
        LayoutRect(x: rect.x * width, y: rect.y * height, width: rect.width * width, height: rect.height * height)
    }

    /// What a tap at (x, y) (fractions) does on `screen`, whose catalogue holds `items`; nil
    /// where there is no button. The kiosk's child taps what the flow scripts in a scene.
    static func tap(x: Double, y: Double, screen: FindItScreen, items: [String]) -> FlowStep.Action? {
        switch screen {
        case .home:
            if start.contains(x, y), let first = items.first { return .start(item: first) }
            if add.contains(x, y) { return .register }
            for (index, item) in items.prefix(maxTiles).enumerated() where tile(index).contains(x, y) { return .open(item: item) }
        case .detail(let item):
            if back.contains(x, y) { return .back }
            if go.contains(x, y) { return .start(item: item) }
        case .mission:
            // The document's mission card leads only on to the game (§4.2): no back button.
            if go.contains(x, y) { return .play }
        case .register:
            if back.contains(x, y) { return .back }
        case .result:
            return .back
        case .game, .success:
            break
        }
        return nil
    }
}
