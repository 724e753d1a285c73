import ECS
import Effects
import Scene

/// Reads the timeline's UI entries: `open`, `close`, `caption`, `menu_pick` and `hud`
/// (docs/scene-format.md).
struct UIInputDecoder {
    static let keys = ["open", "close", "caption", "menu_pick", "hud", "dont_show_again"]
    /// The longest caption, in characters.
    static let maxCaptionLength = 200

    let reader: ValueReader
    /// The moves the scene loaded: the menu offers them after the built-in five.
    var moveNames: [String] = []

    func decode(_ key: String, _ node: DocumentNode, _ path: String) -> UIInput? {
        switch key {
        case "open": return open(node, path)
        case "close":
            if node.isNull { return .close }
            return reader.choice(node, path, among: UIScreen.allCases, what: "screen").map { _ in .close }
        case "caption": return caption(node, path)
        case "menu_pick":
            if case .mapping = node.value {
                guard let fields = reader.fields(node, path, allowed: ["action"]) else { return nil }
                return reader.requireKey(fields, "action", path, example: "'action: dance'")
                    .flatMap { menuAction($0, "\(path).action") }
            }
            return menuAction(node, path)
        case "hud": return hud(node, path)
        case "dont_show_again": return reader.bool(node, path).map { .dontShowAgain($0) }
        default: return nil
        }
    }

    /// A pick of the menu: a built-in action or a move the scene loaded.
    private func menuAction(_ node: DocumentNode, _ path: String) -> UIInput? {
        reader.name(node, path, among: ActionKind.allCases.map(\.rawValue) + moveNames, what: "action").map { .menuPick(ActionName($0)) }
    }

    private func open(_ node: DocumentNode, _ path: String) -> UIInput? {
        guard case .mapping = node.value else {
            return reader.choice(node, path, among: UIScreen.allCases, what: "screen").map { .open($0, page: 1) }
        }
        guard let fields = reader.fields(node, path, allowed: ["screen", "page"]) else { return nil }
        guard let screen = reader.requireKey(fields, "screen", path, example: "'screen: onboarding'")
            .flatMap({ reader.choice($0, "\(path).screen", among: UIScreen.allCases, what: "screen") }) else { return nil }
        var page = 1
        if let node = fields["page"] {
            guard let value = reader.integer(node, "\(path).page", in: 1...screen.pageCount) else { return nil }
            page = value
        }
        return .open(screen, page: page)
    }

    private func caption(_ node: DocumentNode, _ path: String) -> UIInput? {
        let expected = "the words to show, e.g. 'caption: Clap your hands!'"
        guard case .mapping = node.value else {
            return captionText(node, path, expected: expected).map { .caption(Caption(text: $0)) }
        }
        guard let fields = reader.fields(node, path, allowed: ["text", "duration", "place", "at"]) else { return nil }
        let text = reader.requireKey(fields, "text", path, example: "'text: Smile for sparkles!'")
            .flatMap { captionText($0, "\(path).text", expected: expected) }
        var duration = 2.5
        if let node = fields["duration"] {
            guard let value = reader.number(node, "\(path).duration", in: 0.3...600, unit: "seconds") else { return nil }
            duration = value
        }
        var place = CaptionPlace.top
        switch (fields["place"], fields["at"]) {
        case (let node?, nil):
            let names = ["top", "middle", "bottom"]
            guard case .scalar(let name, _) = node.value, names.contains(name) else {
                let found: String
                if case .scalar(let name, _) = node.value { found = SceneFileLimits.quoted(name) } else { found = node.kindDescription }
                let hint: String
                if case .scalar(let name, _) = node.value { hint = SpellingSuggestion.hint(for: name, among: names) } else { hint = "" }
                reader.report(node.position, "unknown place \(found) in \(path).place\(hint) (expected one of: top, middle, bottom)")
                return nil
            }
            place = name == "middle" ? .middle : name == "bottom" ? .bottom : .top
        case (nil, let node?):
            guard let point = reader.point(node, "\(path).at") else { return nil }
            place = .point(point)
        case (_?, let node?):
            reader.report(node.position, "\(path) has both 'place' and 'at'; give one")
            return nil
        case (nil, nil):
            break
        }
        guard let text else { return nil }
        return .caption(Caption(text: text, duration: duration, place: place))
    }

    private func captionText(_ node: DocumentNode, _ path: String, expected: String) -> String? {
        guard let text = reader.text(node, path, expected: expected) else { return nil }
        guard text.count <= Self.maxCaptionLength else {
            reader.report(node.position, "\(path) is \(text.count) characters long; a caption may have at most \(Self.maxCaptionLength)")
            return nil
        }
        return text
    }

    private func hud(_ node: DocumentNode, _ path: String) -> UIInput? {
        guard let fields = reader.fields(node, path, allowed: ["picker", "action_bar", "touches", "hint"]) else { return nil }
        var change = HUDChange()
        var ok = true
        for (key, keyPath) in [("picker", \HUDChange.picker), ("action_bar", \HUDChange.actionBar), ("touches", \HUDChange.touches)] {
            guard let value = fields[key] else { continue }
            if let flag = reader.bool(value, "\(path).\(key)") { change[keyPath: keyPath] = flag } else { ok = false }
        }
        if let value = fields["hint"] {
            if let hint = HUDDecoder.hint(value, "\(path).hint", reader: reader) { change.hint = hint } else { ok = false }
        }
        guard ok else { return nil }
        if change == HUDChange() {
            // An unknown key was reported already; only an empty mapping is reported here.
            guard case .mapping(let pairs) = node.value, pairs.isEmpty else { return nil }
            reader.report(node.position, "\(path) changes nothing; give at least one of: picker, action_bar, touches, hint")
            return nil
        }
        return .hud(change)
    }
}
