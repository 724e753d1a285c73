import CVBus
import GameKit
import Scene
import Trace

/// What a finger can press in Glitch Squad; the timeline presses them by name, a live touch
/// by where it lands (`GlitchSquadLayout.target(at:)`).
public enum GlitchSquadButton: String, Sendable, CaseIterable {
    case missionCard = "mission_card", accept, giveUp = "give_up", flashlight, returnToBase = "return_to_base"
}

/// The label of the briefing's button: the PRD names it "ACCEPT MISSION" on the briefing
/// screen and "START MISSION" in the flow; `accept` is the default (docs/games/glitch-squad.md).
public enum GlitchSquadButtonLabel: String, Sendable, CaseIterable {
    case accept, start

    /// The words on the button.
    public var text: String { self == .accept ? "ACCEPT MISSION" : "START MISSION" }
}

/// The accessibility and feedback switches a scene starts with.
public struct GlitchSquadSettings: Sendable, Equatable {
    /// Sound cues and Pixel's voice play.
    public var sound = true
    /// Haptics play.
    public var haptics = true
    /// No shake, no zoom, no static flashing: crossfades instead.
    public var reduceMotion = false
    /// Solid cards and strong outlines instead of glass.
    public var highContrast = false

    /// The defaults: everything on, no reduction.
    public init() {}

    /// As the trace names them (a rule's `while`).
    public var traceValues: [String: String] {
        ["sound": String(sound), "haptics": String(haptics), "reduce_motion": String(reduceMotion),
         "high_contrast": String(highContrast)]
    }
}

/// One scripted press of a button.
public struct GlitchSquadPress: Sendable, Equatable {
    /// Seconds into the run.
    public var time: Double
    /// What is pressed.
    public var button: GlitchSquadButton
    /// 1-based line and column of the press in the scene file (0 for one not from a file).
    public var line = 0
    public var column = 0
}

/// A validated Glitch Squad scene: the header, the mission (or the saved campaign's), the
/// switches, the presses of the timeline, the camera's pan and script.
public struct GlitchSquadScene: HeaderedScene, Equatable {
    public var header: SceneHeader
    public var rules: [SceneRule]
    /// The mission played, 1–3; nil plays the saved campaign's next one (mission 1 without a profile).
    public var mission: Int?
    /// The switches.
    public var settings: GlitchSquadSettings
    /// The briefing button's words.
    public var buttonLabel: GlitchSquadButtonLabel
    /// Seconds on the hunt's timer (the PRD's "00:59"): the hunt lasts as long.
    public var huntSeconds: Int
    /// `hunt_seconds` when the scene does not say.
    public static let defaultHuntSeconds = 59
    /// The camera's pan across the kitchen over the hunt: keyframes (seconds into the hunt, 0–1).
    public var cameraPan: [(time: Double, pan: Double)]
    /// The scripted presses, in time order.
    public var presses: [GlitchSquadPress]
    /// The camera's settings and script.
    public var cv: CVSceneSetup
    /// Skin folders by kind (`pixel`, `apple`, `banana`, `orange`), resolved from the scene file's folder.
    public var skins: [String: String] = [:]

    public var startSettings: [String: String] { settings.traceValues }
    public var outline: String {
        "mission \(mission.map(String.init) ?? "from the profile"), \(presses.count) press\(presses.count == 1 ? "" : "es"), "
            + "\(cv.entries) camera script entr\(cv.entries == 1 ? "y" : "ies")"
    }

    public static func == (lhs: GlitchSquadScene, rhs: GlitchSquadScene) -> Bool {
        lhs.header == rhs.header && lhs.mission == rhs.mission && lhs.settings == rhs.settings && lhs.buttonLabel == rhs.buttonLabel
            && lhs.huntSeconds == rhs.huntSeconds && lhs.presses == rhs.presses && lhs.cv == rhs.cv && lhs.skins == rhs.skins
            && lhs.cameraPan.elementsEqual(rhs.cameraPan) { $0.time == $1.time && $0.pan == $1.pan }
    }
}

/// Reads a Glitch Squad scene, every problem with its `file:line:column`.
enum GlitchSquadSceneDecoder {
    /// The top-level keys: the header's, then the game's own.
    static let keys = SceneHeader.keys + ["mission", "settings", "button", "hunt_seconds", "camera_pan", "timeline", "cv", "skins"]
    /// The keys of `settings`.
    static let settingKeys = ["sound", "haptics", "reduce_motion", "high_contrast"]

    /// The scene, or `SceneErrors` with every problem.
    static func decode(_ document: SceneDocument) throws -> GlitchSquadScene {
        let reader = ValueReader(file: document.file)
        guard let top = reader.fields(document.root, "the scene", allowed: keys) else {
            throw SceneErrors(diagnostics: reader.diagnostics)
        }
        let headerDecoder = SceneHeaderDecoder(reader: reader)
        let (header, _) = headerDecoder.decode(top, name: document.name, defaultCanvas: document.defaultCanvas)
        let mission = top["mission"].flatMap { reader.integer($0, "mission", in: 1...GlitchSquadMission.campaign.count) }
        var settings = GlitchSquadSettings()
        if let node = top["settings"], let fields = reader.fields(node, "settings", allowed: settingKeys) {
            settings.sound = fields["sound"].flatMap { reader.bool($0, "settings.sound") } ?? true
            settings.haptics = fields["haptics"].flatMap { reader.bool($0, "settings.haptics") } ?? true
            settings.reduceMotion = fields["reduce_motion"].flatMap { reader.bool($0, "settings.reduce_motion") } ?? false
            settings.highContrast = fields["high_contrast"].flatMap { reader.bool($0, "settings.high_contrast") } ?? false
        }
        let label = top["button"].flatMap { reader.choice($0, "button", among: GlitchSquadButtonLabel.allCases, what: "button label") } ?? .accept
        let huntSeconds = top["hunt_seconds"].flatMap { reader.integer($0, "hunt_seconds", in: 5...599) } ?? GlitchSquadScene.defaultHuntSeconds
        let pan = top["camera_pan"].map { panKeyframes($0, reader: reader) } ?? [(0, 0.2), (20, 0.8)]
        let presses = top["timeline"].map { timeline($0, duration: header.duration, reader: reader) } ?? []
        let cv = top[CVSceneSetup.key].map { CVSceneDecoder(reader: reader, duration: header.duration).decode($0) } ?? CVSceneSetup()
        let rules = top["rules"].map { RuleDecoder(reader: reader, vocabulary: GlitchSquadEvent.vocabulary).rules($0, "rules") } ?? []
        let skins = top["skins"].map { self.skins($0, reader: reader, header: headerDecoder) } ?? [:]
        if !reader.diagnostics.isEmpty { throw SceneErrors(diagnostics: reader.diagnostics) }
        return GlitchSquadScene(header: header, rules: rules, mission: mission, settings: settings, buttonLabel: label,
                                huntSeconds: huntSeconds, cameraPan: pan, presses: presses, cv: cv, skins: skins)
    }

    /// `skins: {pixel: art/pixel-neon/}`: a skin folder per kind, relative to the scene file
    /// (`built-in` for the built-in look). The folders are read when the run starts, not here.
    private static func skins(_ node: DocumentNode, reader: ValueReader, header: SceneHeaderDecoder) -> [String: String] {
        guard case .mapping(let pairs) = node.value else {
            reader.report(node.position, "skins must map a kind to a skin folder, e.g. 'skins: {pixel: art/pixel-neon/}'; found \(node.kindDescription)")
            return [:]
        }
        var skins: [String: String] = [:]
        for pair in pairs {
            guard GlitchSquadSkins.kinds.contains(pair.key) else {
                let hint = SpellingSuggestion.closest(to: pair.key, among: GlitchSquadSkins.kinds).map { "; did you mean '\($0)'?" } ?? ""
                reader.report(pair.keyPosition, "skins: unknown kind '\(pair.key)' (kinds: \(GlitchSquadSkins.kinds.joined(separator: ", ")))\(hint)")
                continue
            }
            guard let folder = reader.text(pair.value, "skins.\(pair.key)", expected: "a skin folder, relative to the scene file, or built-in") else { continue }
            if folder != "built-in", let resolved = header.skinFolder(folder, at: pair.value, "skins.\(pair.key)") { skins[pair.key] = resolved }
        }
        return skins
    }

    private static func panKeyframes(_ node: DocumentNode, reader: ValueReader) -> [(time: Double, pan: Double)] {
        guard let items = reader.list(node, "camera_pan", expected: "keyframes [seconds into the hunt, pan 0–1]") else { return [] }
        var frames: [(time: Double, pan: Double)] = []
        for (index, item) in items.enumerated() {
            let path = "camera_pan[\(index)]"
            guard case .sequence(let parts) = item.value, parts.count == 2 else {
                reader.report(item.position, "\(path) must be [seconds, pan]; found \(item.kindDescription)")
                continue
            }
            guard let time = reader.number(parts[0], "\(path) time", in: 0...3_600, unit: "seconds"),
                  let pan = reader.number(parts[1], "\(path) pan", in: 0...1) else { continue }
            if let last = frames.last, time <= last.time {
                reader.report(parts[0].position, "\(path) is at \(ValueReader.format(time)) s, not after the keyframe before it; keyframes go forward in time")
                continue
            }
            frames.append((time, pan))
        }
        return frames
    }

    private static func timeline(_ node: DocumentNode, duration: Double, reader: ValueReader) -> [GlitchSquadPress] {
        reader.timelineTaps(node, "timeline", nameKey: "press", among: GlitchSquadButton.allCases, what: "button", duration: duration,
                            expected: "presses like '{time: 4, press: mission_card}'", nameExample: "'press: accept'", order: .sortedByTime)
            .map { GlitchSquadPress(time: $0.time, button: $0.name, line: $0.position.line, column: $0.position.column) }
    }
}
