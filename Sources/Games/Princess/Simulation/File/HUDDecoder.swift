import Scene

/// Reads the scene file's `hud:` section (docs/scene-format.md).
struct HUDDecoder {
    static let keys = ["picker", "action_bar", "touches", "points_wide", "hint", "screen", "page"]
    /// The narrowest and widest screens, in points, a scene may say its canvas shows.
    static let pointsWide = 200.0...2000.0

    let reader: ValueReader

    func decode(_ node: DocumentNode) -> HUDConfiguration? {
        var configuration = HUDConfiguration()
        if node.isNull { return configuration }
        guard let fields = reader.fields(node, "hud", allowed: Self.keys) else { return nil }
        var ok = true
        func flag(_ key: String, _ apply: (Bool) -> Void) {
            guard let value = fields[key] else { return }
            if let bool = reader.bool(value, "hud.\(key)") { apply(bool) } else { ok = false }
        }
        flag("picker") { configuration.picker = $0 }
        flag("action_bar") { configuration.actionBar = $0 }
        flag("touches") { configuration.touches = $0 }
        if let value = fields["points_wide"] {
            if let points = reader.number(value, "hud.points_wide", in: Self.pointsWide, unit: "points (390 is an upright iPhone)") {
                configuration.pointsWide = points
            } else { ok = false }
        }
        if let value = fields["hint"] {
            if let hint = Self.hint(value, "hud.hint", reader: reader) { configuration.hint = hint } else { ok = false }
        }
        if let value = fields["screen"] {
            if let screen = reader.choice(value, "hud.screen", among: UIScreen.allCases, what: "screen") {
                configuration.screen = screen
            } else { ok = false }
        }
        if let value = fields["page"] {
            let pages = configuration.screen?.pageCount ?? 1
            if let page = reader.integer(value, "hud.page", in: 1...pages) { configuration.page = page } else { ok = false }
            if configuration.screen == nil, ok {
                reader.report(value.position, "hud.page needs hud.screen (the screen whose page it is)")
                ok = false
            }
        }
        return ok ? configuration : nil
    }

    /// A hint: a button's name, or `none` for no hint.
    static func hint(_ node: DocumentNode, _ path: String, reader: ValueReader) -> HUDButton?? {
        if case .scalar("none", _) = node.value { return .some(nil) }
        return reader.choice(node, path, among: HUDButton.allCases, what: "button (or none)").map { .some($0) }
    }
}
