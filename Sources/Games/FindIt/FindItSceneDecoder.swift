import CVBus
import Foundation
import Scene
import Trace

/// Reads a FindIt scene from a parsed document, every problem with its `file:line:column`.
/// Photos are read here, once (their brightness and feature print), never in the simulation.
enum FindItSceneDecoder {
    /// The top-level keys: the header's, then the game's own.
    static let keys = SceneHeader.keys + ["recognition", "registration", "settings", "time_attack", "celebration_seconds",
                                          "items", "profile_items", "flow", CVSceneSetup.key]
    static let recognitionKeys = ["feature_print_weight", "classifier_weight", "samples_per_second", "warm", "hot",
                                  "hold_threshold", "hold_seconds"]
    static let registrationKeys = ["minimum_photos", "recommended_photos", "dark_below", "training_base_seconds",
                                   "training_seconds_per_photo"]
    static let settingsKeys = ["sound", "haptics", "reduce_motion", "high_contrast"]
    static let itemKeys = ["name", "hint", "difficulty", "photos"]
    /// What a flow step can do.
    static let taps = ["start", "play", "open", "back", "register", "photo", "save"]
    static let flowKeys = ["time", "tap", "item", "file", "angle", "name", "hint", "difficulty"]

    /// The scene, or `SceneErrors` with every problem.
    static func decode(_ document: SceneDocument) throws -> FindItScene {
        let reader = ValueReader(file: document.file)
        guard let top = reader.fields(document.root, "the scene", allowed: keys) else {
            throw SceneErrors(diagnostics: reader.diagnostics)
        }
        let headerDecoder = SceneHeaderDecoder(reader: reader)
        let (header, _) = headerDecoder.decode(top, name: document.name, defaultCanvas: document.defaultCanvas)
        let photos = PhotoReader(reader: reader, folder: URL(fileURLWithPath: document.file).deletingLastPathComponent()
            .standardizedFileURL.path, resolve: headerDecoder.resolve)
        let recognition = top["recognition"].map { self.recognition($0, stepsPerSecond: header.simulationRate, reader: reader) }
            ?? .standard
        let registration = top["registration"].map { self.registration($0, reader: reader) } ?? RegistrationParameters()
        let settings = top["settings"].map { self.settings($0, reader: reader) } ?? FindItSettings()
        let timeAttack = top["time_attack"].flatMap { reader.number($0, "time_attack", in: 1...600, unit: "seconds") }
        let celebration = top["celebration_seconds"].flatMap { reader.number($0, "celebration_seconds", in: 0.5...30, unit: "seconds") } ?? 3
        var items: [(item: FindItItem, photosNode: DocumentNode)] = []
        var known: [KnownItem] = []
        if let node = top["items"] { items = self.items(node, photos: photos, reader: reader, known: &known) }
        var profileItems: [String] = []
        if let node = top["profile_items"], let list = reader.list(node, "profile_items", expected: "item ids") {
            for (index, entry) in list.enumerated() {
                if let id = reader.text(entry, "profile_items[\(index)]", expected: "an item id") { profileItems.append(id) }
            }
        }
        let flow = top["flow"].map { self.flow($0, items: known, profileItems: profileItems, registration: registration,
                                               duration: header.duration, photos: photos, reader: reader) } ?? []
        let cv = top[CVSceneSetup.key].map { CVSceneDecoder(reader: reader, duration: header.duration).decode($0) } ?? CVSceneSetup()
        let rules = top["rules"].map { RuleDecoder(reader: reader, vocabulary: FindItGameModule.words).rules($0, "rules") } ?? []
        if !reader.diagnostics.isEmpty { throw SceneErrors(diagnostics: reader.diagnostics) }
        return FindItScene(header: header, rules: rules, recognition: recognition, registration: registration, settings: settings,
                           items: items.map(\.item), profileItems: profileItems, flow: flow, timeAttackSeconds: timeAttack,
                           celebrationSeconds: celebration, cv: cv)
    }

    // MARK: Parameters

    static func recognition(_ node: DocumentNode, stepsPerSecond: Int, reader: ValueReader) -> RecognitionParameters {
        var parameters = RecognitionParameters.standard
        guard let fields = reader.fields(node, "recognition", allowed: recognitionKeys) else { return parameters }
        func read(_ key: String, in range: ClosedRange<Double>, _ apply: (Double) -> Void) {
            if let value = fields[key].flatMap({ reader.number($0, "recognition.\(key)", in: range) }) { apply(value) }
        }
        read("feature_print_weight", in: 0...1) { parameters.featurePrintWeight = $0 }
        read("classifier_weight", in: 0...1) { parameters.classifierWeight = $0 }
        read("warm", in: 0...1) { parameters.warm = $0 }
        read("hot", in: 0...1) { parameters.hot = $0 }
        read("hold_threshold", in: 0...1) { parameters.holdThreshold = $0 }
        read("hold_seconds", in: 0.1...10) { parameters.holdSeconds = $0 }
        if let node = fields["samples_per_second"], let rate = reader.integer(node, "recognition.samples_per_second", in: 1...60) {
            if stepsPerSecond % rate != 0 {
                reader.report(node.position, "recognition.samples_per_second \(rate) does not divide the \(stepsPerSecond) steps a second; "
                              + "a sample falls on a step (e.g. 5, 6, 10 or 12 at 60 steps a second)")
            } else {
                parameters.samplesPerSecond = rate
            }
        }
        let sum = parameters.featurePrintWeight + parameters.classifierWeight
        if abs(sum - 1) > 1e-9 {
            let at = fields["classifier_weight"] ?? fields["feature_print_weight"] ?? node
            reader.report(at.position, "recognition weights must sum to 1: feature_print_weight \(ValueReader.format(parameters.featurePrintWeight))"
                          + " + classifier_weight \(ValueReader.format(parameters.classifierWeight)) = \(ValueReader.format(RecognitionParameters.rounded(sum)))")
        }
        if !(parameters.warm < parameters.hot) {
            let at = fields["hot"] ?? fields["warm"] ?? node
            reader.report(at.position, "recognition bounds are out of order: warm (\(ValueReader.format(parameters.warm))) must be below hot "
                          + "(\(ValueReader.format(parameters.hot))); cold is everything below warm")
        }
        return parameters
    }

    static func registration(_ node: DocumentNode, reader: ValueReader) -> RegistrationParameters {
        var parameters = RegistrationParameters()
        guard let fields = reader.fields(node, "registration", allowed: registrationKeys) else { return parameters }
        if let value = fields["minimum_photos"].flatMap({ reader.integer($0, "registration.minimum_photos", in: 5...50) }) {
            parameters.minimumPhotos = value
        }
        if let value = fields["recommended_photos"].flatMap({ reader.integer($0, "registration.recommended_photos", in: 5...50) }) {
            parameters.recommendedPhotos = value
        }
        if let value = fields["dark_below"].flatMap({ reader.number($0, "registration.dark_below", in: 0...1) }) { parameters.darkBelow = value }
        if let value = fields["training_base_seconds"].flatMap({ reader.number($0, "registration.training_base_seconds", in: 0...120, unit: "seconds") }) {
            parameters.trainingBaseSeconds = value
        }
        if let value = fields["training_seconds_per_photo"].flatMap({ reader.number($0, "registration.training_seconds_per_photo", in: 0...10, unit: "seconds") }) {
            parameters.trainingSecondsPerPhoto = value
        }
        if parameters.recommendedPhotos < parameters.minimumPhotos, let at = fields["recommended_photos"] {
            reader.report(at.position, "registration.recommended_photos (\(parameters.recommendedPhotos)) is below minimum_photos (\(parameters.minimumPhotos))")
        }
        return parameters
    }

    static func settings(_ node: DocumentNode, reader: ValueReader) -> FindItSettings {
        var settings = FindItSettings()
        guard let fields = reader.fields(node, "settings", allowed: settingsKeys) else { return settings }
        if let value = fields["sound"].flatMap({ reader.bool($0, "settings.sound") }) { settings.sound = value }
        if let value = fields["haptics"].flatMap({ reader.bool($0, "settings.haptics") }) { settings.haptics = value }
        if let value = fields["reduce_motion"].flatMap({ reader.bool($0, "settings.reduce_motion") }) { settings.reduceMotion = value }
        if let value = fields["high_contrast"].flatMap({ reader.bool($0, "settings.high_contrast") }) { settings.highContrast = value }
        return settings
    }

    // MARK: Items

    static func itemID(_ text: String, at position: SourcePosition, _ path: String, reader: ValueReader) -> String? {
        if let problem = SceneFileLimits.idProblem(text, at: path) {
            reader.report(position, problem)
            return nil
        }
        return text
    }

    /// An item of `items:` as the flow's checks know it, even when its own entry is bad (its
    /// problems are reported there, once): its id, and how many photos it lists (nil when it
    /// lists none readable, so the flow does not count them again).
    struct KnownItem {
        var id: String
        var photos: Int?
    }

    static func items(_ node: DocumentNode, photos: PhotoReader, reader: ValueReader,
                      known: inout [KnownItem]) -> [(item: FindItItem, photosNode: DocumentNode)] {
        guard case .mapping(let pairs) = node.value else {
            reader.report(node.position, "items must be a mapping from an item id to its name, hint, difficulty and photos; found \(node.kindDescription)")
            return []
        }
        var items: [(FindItItem, DocumentNode)] = []
        for pair in pairs {
            guard let id = itemID(pair.key, at: pair.keyPosition, "items id", reader: reader) else { continue }
            if known.contains(where: { $0.id == id }) {
                reader.report(pair.keyPosition, "items has the item \(SceneFileLimits.quoted(id)) twice")
                continue
            }
            let path = "items.\(id)"
            known.append(KnownItem(id: id, photos: nil))
            guard let fields = reader.fields(pair.value, path, allowed: itemKeys) else { continue }
            let name = reader.requireKey(fields, "name", path, example: "'name: 아빠의 차 키'").flatMap { reader.text($0, "\(path).name", expected: "the item's name") }
            let hint = fields["hint"].flatMap { reader.text($0, "\(path).hint", expected: "a hint") } ?? ""
            let difficulty = reader.requireKey(fields, "difficulty", path, example: "'difficulty: 2' (1 to 5)")
                .flatMap { reader.integer($0, "\(path).difficulty", in: 1...5) }
            var taken: [FindItPhoto] = []
            var photosNode = pair.value
            if let node = reader.requireKey(fields, "photos", path, example: "'photos: [photos/keys-front.png, …]'") {
                photosNode = node
                if let list = reader.list(node, "\(path).photos", expected: "PNG files or {file, angle}") {
                    // A bad photo is reported at itself; it still counts as one the item lists.
                    known[known.count - 1].photos = list.count
                    for (index, entry) in list.enumerated() {
                        if let photo = photos.photo(entry, "\(path).photos[\(index)]", defaultAngle: PhotoAngle.guide(after: index)) {
                            taken.append(photo)
                        }
                    }
                }
            }
            if let name, let difficulty {
                items.append((FindItItem(id: id, name: name, hint: hint, difficulty: difficulty, photos: taken), photosNode))
            }
        }
        return items
    }

    // MARK: Flow

    static func flow(_ node: DocumentNode, items: [KnownItem], profileItems: [String], registration: RegistrationParameters,
                     duration: Double, photos: PhotoReader, reader: ValueReader) -> [FlowStep] {
        var steps: [FlowStep] = []
        // What can be hunted so far: the scene's items with their photos, the profile's, and
        // those saved earlier in the flow.
        // An item whose photos could not be counted (its entry says why) is not counted short again.
        var photoCounts: [String: Int] = Dictionary(items.map { ($0.id, $0.photos ?? Int.max) }, uniquingKeysWith: { $1 })
        for id in profileItems where photoCounts[id] == nil { photoCounts[id] = registration.minimumPhotos }
        var registering = 0
        let scripted = reader.timelineTaps(node, "flow", nameKey: "tap", among: taps.map(TapName.init), what: "tap",
                                           otherKeys: flowKeys.filter { $0 != "time" && $0 != "tap" }, duration: duration,
                                           expected: "taps {time, tap, …}", nameExample: "'tap: start'", order: .forwardOnly)
        for entry in scripted {
            let (time, tap, fields, path) = (entry.time, entry.name.rawValue, entry.fields, entry.path)
            func item(_ purpose: String) -> (String, DocumentNode)? {
                guard let node = reader.requireKey(fields, "item", path, example: "'item: keys'"),
                      let id = reader.text(node, "\(path).item", expected: "an item id") else { return nil }
                return (id, node)
            }
            var action: FlowStep.Action?
            switch tap {
            case "start":
                guard let (id, node) = item("start") else { continue }
                guard let count = photoCounts[id] else {
                    let known = photoCounts.keys.sorted()
                    reader.report(node.position, "unknown item \(SceneFileLimits.quoted(id)) in the mission at \(path)"
                                  + SpellingSuggestion.hint(for: id, among: known) + " (items: \(known.joined(separator: ", ")))")
                    continue
                }
                if count < registration.minimumPhotos {
                    reader.report(node.position, "item \(SceneFileLimits.quoted(id)) is hunted at \(path) but has \(count) photo\(count == 1 ? "" : "s");"
                                  + " an item needs at least \(registration.minimumPhotos) to be recognised")
                    continue
                }
                action = .start(item: id)
            case "open":
                guard let (id, node) = item("open") else { continue }
                guard photoCounts[id] != nil else {
                    reader.report(node.position, "unknown item \(SceneFileLimits.quoted(id)) at \(path)"
                                  + SpellingSuggestion.hint(for: id, among: photoCounts.keys.sorted()))
                    continue
                }
                action = .open(item: id)
            case "play": action = .play
            case "back": action = .back
            case "register":
                registering = 0
                action = .register
            case "photo":
                // A photo without a file is one the camera could not take: still a tap.
                var photo: FindItPhoto?
                if let file = fields["file"] {
                    photo = photos.photo(file: file, angle: fields["angle"], path, defaultAngle: PhotoAngle.guide(after: registering))
                    if photo == nil { continue }
                }
                // The guide moves on only for a photo kept: a dark one is taken again from the same side.
                if let photo, photo.analysis.luminance >= registration.darkBelow { registering += 1 }
                action = .photo(photo)
            case "save":
                guard let (id, node) = item("save"),
                      let id = itemID(id, at: node.position, "\(path).item", reader: reader) else { continue }
                let name = reader.requireKey(fields, "name", path, example: "'name: 곰 인형'").flatMap { reader.text($0, "\(path).name", expected: "the item's name") }
                let hint = fields["hint"].flatMap { reader.text($0, "\(path).hint", expected: "a hint") } ?? ""
                let difficulty = reader.requireKey(fields, "difficulty", path, example: "'difficulty: 2' (1 to 5)")
                    .flatMap { reader.integer($0, "\(path).difficulty", in: 1...5) }
                guard let name, let difficulty else { continue }
                // Counted as saved only if the simulation will accept it: refused saves keep it unknown.
                let bright = steps.reversed().prefix { if case .register = $0.action { return false } else { return true } }
                    .filter { if case .photo(let photo?) = $0.action { return photo.analysis.luminance >= registration.darkBelow } else { return false } }.count
                if bright >= registration.minimumPhotos { photoCounts[id] = bright }
                action = .save(id: id, name: name, hint: hint, difficulty: difficulty)
            default:
                continue
            }
            if let action { steps.append(FlowStep(time: time, action: action, line: entry.position.line, column: entry.position.column)) }
        }
        return steps
    }

    /// A tap's name, for `choice`'s did-you-mean.
    struct TapName: RawRepresentable {
        var rawValue: String
        init(_ name: String) { rawValue = name }
        init?(rawValue: String) { self.rawValue = rawValue }
    }
}

/// Reads a photo entry: a path, or `{file, angle}`; the file must be a readable PNG inside
/// the scene's folder.
struct PhotoReader {
    let reader: ValueReader
    /// The scene file's folder, standardised.
    let folder: String
    /// Makes a path written in the scene absolute.
    let resolve: (String) -> String

    /// A photo of an item's list: a path, or `{file, angle}`.
    func photo(_ node: DocumentNode, _ path: String, defaultAngle: PhotoAngle) -> FindItPhoto? {
        guard case .mapping = node.value else { return photo(file: node, angle: nil, path, defaultAngle: defaultAngle) }
        guard let fields = reader.fields(node, path, allowed: ["file", "angle", "swatch"]) else { return nil }
        if let swatch = fields["swatch"], !fields.has("file") { return self.swatch(swatch, angle: fields["angle"], path, defaultAngle: defaultAngle) }
        guard let file = reader.requireKey(fields, "file", path, example: "'file: photos/keys-front.png'") else { return nil }
        return photo(file: file, angle: fields["angle"], path, defaultAngle: defaultAngle)
    }

    /// A photo described by its one colour (`swatch: "#rrggbb"`), for a scene that has no
    /// folder of its own (the built-in scene, played by a kiosk): a flat picture of that colour.
    func swatch(_ node: DocumentNode, angle angleNode: DocumentNode?, _ path: String, defaultAngle: PhotoAngle) -> FindItPhoto? {
        guard let colour = reader.colour(node, "\(path).swatch") else { return nil }
        var angle = defaultAngle
        if let angleNode {
            guard let chosen = reader.choice(angleNode, "\(path).angle", among: PhotoAngle.allCases, what: "angle") else { return nil }
            angle = chosen
        }
        let rgb = [colour.red, colour.green, colour.blue]
        let luma = (0.299 * Double(rgb[0]) + 0.587 * Double(rgb[1]) + 0.114 * Double(rgb[2])) / 255
        let analysis = PhotoAnalysis(luminance: RecognitionParameters.rounded(luma),
                                     featurePrint: Array((0..<PhotoAnalysis.grid * PhotoAnalysis.grid).map { _ in rgb }.joined()),
                                     width: 1, height: 1)
        return FindItPhoto(file: colour.text, angle: angle, analysis: analysis)
    }

    /// A photo from its file's node and its angle's, if written.
    func photo(file fileNode: DocumentNode, angle angleNode: DocumentNode?, _ path: String, defaultAngle: PhotoAngle) -> FindItPhoto? {
        var angle = defaultAngle
        if let angleNode {
            guard let chosen = reader.choice(angleNode, "\(path).angle", among: PhotoAngle.allCases, what: "angle") else { return nil }
            angle = chosen
        }
        guard let written = reader.text(fileNode, "\(path).file", expected: "a PNG file's path, relative to the scene file") else { return nil }
        let absolute = resolve(written)
        // Resolving symbolic links too: a link inside the folder to a file outside is outside.
        let real = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard written.first != "/", absolute.hasPrefix(folder + "/"), real.hasPrefix(realFolder + "/") else {
            reader.report(fileNode.position, "\(path).file \(SceneFileLimits.quoted(written)) is outside the scene's folder; "
                          + "photos live beside the scene file (e.g. photos/keys-front.png)")
            return nil
        }
        guard FileManager.default.fileExists(atPath: absolute) else {
            reader.report(fileNode.position, "\(path).file \(SceneFileLimits.quoted(written)): there is no such file")
            return nil
        }
        guard let analysis = PhotoAnalysis.read(path: absolute) else {
            reader.report(fileNode.position, "\(path).file \(SceneFileLimits.quoted(written)) is not a readable PNG image")
            return nil
        }
        return FindItPhoto(file: written, angle: angle, analysis: analysis,
                           imageData: FileManager.default.contents(atPath: absolute).map { [UInt8]($0) } ?? [])
    }
}
