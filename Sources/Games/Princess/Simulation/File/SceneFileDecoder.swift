import ECS
import Foundation
import Scene
import Trace

/// Turns a parsed scene document into a `SceneDescription`, collecting every problem.
struct SceneFileDecoder {
    /// The top-level keys, in documentation order.
    static let topLevelKeys = ["version", "game", "canvas", "simulation_rate", "seed", "duration", "background",
                               "settings", "limits", "selected", "characters", "moves", "timeline", "clap_audio", "rules", "hud", "session", "skins"]
    static let settingsKeys = ["sound", "volume", "face_tracking", "sensitivity", "reduce_motion", "high_contrast",
                               "haptics", "microphone", "clap_sensitivity", "clap_cooldown", "expression_cooldown", "ui_scale"]
    /// The longest cooldown a scene may set, in seconds.
    static let maxCooldown = 60.0

    let reader: ValueReader
    let name: String

    /// The scene, or nil when any problem was reported.
    func decode(_ root: DocumentNode) -> SceneDescription? {
        guard let top = reader.fields(root, "the scene", allowed: Self.topLevelKeys) else { return nil }

        let headerDecoder = SceneHeaderDecoder(reader: reader)
        let (header, durationValid) = headerDecoder.decode(top, name: name)
        let width = header.canvasWidth, height = header.canvasHeight
        let layout = SceneLayout(width: Float(width), height: Float(height))

        let backdrop = top["background"].flatMap { reader.choice($0, "background", among: Backdrop.allCases, what: "background") } ?? .bedroom
        let settings = top["settings"].map { SceneSettings().applying(decodeSettings($0, "settings")) } ?? SceneSettings()
        var limits = SceneLimits.defaults(canvasHeight: height)
        if let node = top["limits"], let fields = reader.fields(node, "limits", allowed: ["max_characters", "min_spawn_distance"]) {
            limits.maxCharacters = fields["max_characters"].flatMap { reader.integer($0, "limits.max_characters", in: 1...50) } ?? limits.maxCharacters
            limits.minSpawnDistance = fields["min_spawn_distance"]
                .flatMap { reader.number($0, "limits.min_spawn_distance", in: 0...Double(width), unit: "pixels") }
                .map(Float.init) ?? limits.minSpawnDistance
        }
        let selected = top["selected"].flatMap { reader.choice($0, "selected", among: CharacterKind.allCases, what: "character kind") } ?? .sparkle
        let (characters, characterLines) = top["characters"].map { decodeCharacters($0, layout: layout) } ?? ([], [:])
        if characters.count > limits.maxCharacters, let node = top["characters"] {
            reader.report(node.position, "the scene starts with \(characters.count) characters but limits.max_characters is \(limits.maxCharacters)")
        }

        var movesDecoder = SceneMovesDecoder(reader: reader)
        let (moves, moveNames) = top["moves"].map { movesDecoder.decode($0) } ?? ([], [])
        let sceneDuration = header.duration
        let timeline = top["timeline"].map {
            TimelineDecoder(reader: reader, duration: sceneDuration, settingsDecoder: decodeSettings,
                            moveNames: moveNames).decode($0)
        } ?? []
        let sessionDecoder = SessionDecoder(reader: reader, duration: sceneDuration)
        let session = top["session"].flatMap(sessionDecoder.decode)
        sessionDecoder.checkPeers(of: timeline, session: session)
        let ids = TimelineTargetChecker(reader: reader).check(timeline, characters: characters, characterLines: characterLines,
                                                              selected: selected, session: session)
        let clapAudio = top["clap_audio"].flatMap(headerDecoder.clapAudio)
        let rules = top["rules"].map { RuleDecoder(reader: reader, vocabulary: .princess(moves: moves)).rules($0, "rules") } ?? []
        let hud = top["hud"].flatMap { HUDDecoder(reader: reader).decode($0) }
        let skins = top["skins"].map { decodeSkins($0, headerDecoder, ids: ids) } ?? DecodedSkins()
        let skinChanges = top["timeline"].map { self.skinChanges($0, headerDecoder, ids: ids) } ?? []
        UIEntryChecker(reader: reader).check(timeline, hasHUD: top["hud"] != nil)

        guard reader.diagnostics.isEmpty, durationValid else { return nil }
        var scene = SceneDescription(
            name: name, canvasWidth: width, canvasHeight: height, framesPerSecond: header.framesPerSecond,
            simulationRate: header.simulationRate, seed: header.seed, duration: header.duration, backdrop: backdrop,
            settings: settings, limits: limits, selectedKind: selected,
            characters: characters, timeline: timeline.map(\.entry), clapAudio: clapAudio, hud: hud)
        scene.rules = rules
        scene.session = session
        scene.skins = skins.kinds.compactMapValues { $0 }
        scene.characterSkins = skins.characters
        scene.skinChanges = skinChanges
        scene.moves = moves
        scene.movesFiles = movesDecoder.files
        return scene
    }

    /// The timeline's `skins:` entries (`- time: 2, skins: {luna: built-in}`), in time order;
    /// the timeline decoder has checked their time. `ids` are every character's id.
    func skinChanges(_ node: DocumentNode, _ header: SceneHeaderDecoder, ids: [String]) -> [SkinChange] {
        guard case .sequence(let items) = node.value else { return [] }
        var changes: [SkinChange] = []
        for (index, item) in items.enumerated() {
            guard case .mapping(let pairs) = item.value, let skins = pairs.first(where: { $0.key == "skins" }),
                  let timeNode = pairs.first(where: { $0.key == "time" })?.value,
                  case .scalar(let text, _) = timeNode.value, let time = Double(text) else { continue }
            let decoded = decodeSkins(skins.value, header, ids: ids, path: "timeline[\(index)].skins")
            changes.append(SkinChange(time: time, skins: decoded.kinds, characterSkins: decoded.characters))
        }
        return changes.sorted { $0.time < $1.time }
    }

    /// A `skins:` mapping read: a skin folder per kind and per character id, nil for `built-in`.
    struct DecodedSkins {
        var kinds: [CharacterKind: String?] = [:]
        var characters: [String: String?] = [:]
    }

    /// Every skin folder with a skin.yaml that the top's and the timeline's `skins:` name, under
    /// any key (problems go to this decoder's reader).
    func skinFolders(in root: DocumentNode) -> [String] {
        guard case .mapping(let pairs) = root.value else { return [] }
        let header = SceneHeaderDecoder(reader: reader)
        var found: [DecodedSkins] = []
        for pair in pairs where pair.key == "skins" { found.append(decodeSkins(pair.value, header, ids: nil)) }
        if let timeline = pairs.first(where: { $0.key == "timeline" }), case .sequence(let items) = timeline.value.value {
            for item in items {
                guard case .mapping(let fields) = item.value, let skins = fields.first(where: { $0.key == "skins" }) else { continue }
                found.append(decodeSkins(skins.value, header, ids: nil))
            }
        }
        var folders: [String] = []
        for skins in found {
            for folder in Array(skins.kinds.values) + Array(skins.characters.values) {
                if let folder, !folders.contains(folder) { folders.append(folder) }
            }
        }
        return folders.sorted()
    }

    /// `skins: {luna: art/luna-winter/, willow-2: built-in}`: a skin folder per character kind
    /// or per character (by one of `ids`; nil takes any key as an id), resolved from the scene
    /// file's folder (`built-in` for the built-in look). A key that is a kind names the kind, even
    /// where a character has it as her id, so scenes written before ids could be keys keep their
    /// meaning. The folders are read by the painter, not here (no I/O).
    func decodeSkins(_ node: DocumentNode, _ header: SceneHeaderDecoder, ids: [String]?, path: String = "skins") -> DecodedSkins {
        guard case .mapping(let pairs) = node.value else {
            reader.report(node.position, "\(path) must map a character kind or a character's id to a skin folder, e.g. 'skins: {luna: art/luna-winter/}'; found \(node.kindDescription)")
            return DecodedSkins()
        }
        var skins = DecodedSkins()
        for pair in pairs {
            let kind = CharacterKind(rawValue: pair.key)
            if kind == nil, let ids, !ids.contains(pair.key) {
                let kinds = CharacterKind.allCases.map(\.rawValue)
                let listing = (ids.isEmpty ? "no characters" : "characters: " + ids.joined(separator: ", ")) + "; kinds: " + kinds.joined(separator: ", ")
                reader.report(pair.keyPosition, "\(path): unknown character or kind \(SceneFileLimits.quoted(pair.key)) (\(listing))"
                              + SpellingSuggestion.hint(for: pair.key, among: ids + kinds))
                // Its folder is still looked for, so a missing skin.yaml shows now, not after the key is fixed.
                if case .scalar(let folder, _) = pair.value.value, folder != "built-in" {
                    _ = header.skinFolder(folder, at: pair.value, "\(path).\(pair.key)")
                }
                continue
            }
            guard let folder = reader.text(pair.value, "\(path).\(pair.key)", expected: "a skin folder, relative to the scene file, or built-in") else { continue }
            let resolved: String?
            if folder == "built-in" {
                resolved = nil
            } else if let found = header.skinFolder(folder, at: pair.value, "\(path).\(pair.key)") {
                resolved = found
            } else {
                continue
            }
            if let kind { skins.kinds[kind] = .some(resolved) } else { skins.characters[pair.key] = .some(resolved) }
        }
        return skins
    }

    /// A settings mapping (at the top or in a timeline entry) as a change.
    func decodeSettings(_ node: DocumentNode, _ path: String) -> SettingsChange {
        var change = SettingsChange()
        guard let fields = reader.fields(node, path, allowed: Self.settingsKeys) else { return change }
        change.soundEnabled = fields["sound"].flatMap { reader.bool($0, "\(path).sound") }
        change.volume = fields["volume"].flatMap { reader.number($0, "\(path).volume", in: 0...1) }
        change.faceTracking = fields["face_tracking"].flatMap { reader.bool($0, "\(path).face_tracking") }
        change.sensitivity = fields["sensitivity"].flatMap {
            reader.choice($0, "\(path).sensitivity", among: Sensitivity.allCases, what: "sensitivity")
        }
        change.reduceMotion = fields["reduce_motion"].flatMap { reader.bool($0, "\(path).reduce_motion") }
        change.highContrast = fields["high_contrast"].flatMap { reader.bool($0, "\(path).high_contrast") }
        change.haptics = fields["haptics"].flatMap { reader.bool($0, "\(path).haptics") }
        change.microphone = fields["microphone"].flatMap { reader.bool($0, "\(path).microphone") }
        change.clapSensitivity = fields["clap_sensitivity"].flatMap {
            reader.choice($0, "\(path).clap_sensitivity", among: Sensitivity.allCases, what: "clap sensitivity")
        }
        change.clapCooldown = fields["clap_cooldown"].flatMap {
            reader.number($0, "\(path).clap_cooldown", in: 0...Self.maxCooldown, unit: "seconds")
        }
        change.expressionCooldown = fields["expression_cooldown"].flatMap {
            reader.number($0, "\(path).expression_cooldown", in: 0...Self.maxCooldown, unit: "seconds")
        }
        change.uiScale = fields["ui_scale"].flatMap { reader.number($0, "\(path).ui_scale", in: SceneSettings.uiScaleRange) }
        return change
    }

    private func decodeCharacters(_ node: DocumentNode, layout: SceneLayout) -> ([CharacterPlacement], [String: Int]) {
        guard let items = reader.list(node, "characters", expected: "characters ({id, kind, position, scale})") else { return ([], [:]) }
        var placements: [CharacterPlacement] = []
        var lines: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let path = "characters[\(index)]"
            guard let fields = reader.fields(item, path, allowed: ["id", "kind", "position", "scale"]) else { continue }
            let id = reader.requireKey(fields, "id", path, example: "'id: luna'")
                .flatMap { reader.text($0, "\(path).id", expected: "a name for the character") }
            let kind = reader.requireKey(fields, "kind", path, example: "'kind: luna'")
                .flatMap { reader.choice($0, "\(path).kind", among: CharacterKind.allCases, what: "character kind") }
            let position = reader.requireKey(fields, "position", path, example: "'position: [640, 560]'")
                .flatMap { reader.point($0, "\(path).position") }
            let scale = fields["scale"].map { reader.number($0, "\(path).scale", in: 0.5...2.0).map(Float.init) } ?? 1
            if let id, let idNode = fields["id"] {
                if let problem = SceneFileLimits.idProblem(id, at: "\(path).id") {
                    reader.report(idNode.position, problem)
                } else if let first = lines[id] {
                    reader.report(idNode.position, "duplicate character id \(SceneFileLimits.quoted(id)) (first at line \(first))")
                } else if id == "all" {
                    reader.report(idNode.position, "'all' is reserved for actions on every character; choose another id")
                } else {
                    lines[id] = idNode.position.line
                }
            }
            if let position, !layout.isOnFloor(position), let node = fields["position"] {
                reader.report(node.position, "\(path).position must stand on the floor: y from \(ValueReader.format(Double(layout.horizonY))) (the horizon) to \(ValueReader.format(Double(layout.height)))")
            }
            if let id, let kind, let position, let scale {
                placements.append(CharacterPlacement(id: id, kind: kind, position: position, scale: scale))
            }
        }
        return (placements, lines)
    }
}
