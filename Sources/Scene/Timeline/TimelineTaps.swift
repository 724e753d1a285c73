/// One scripted tap of a scene's list: when, which of the game's names, and the entry itself
/// for the game to read its other keys.
package struct TimelineTap<Name> {
    /// Seconds on the scene's clock.
    package var time: Double
    /// What is tapped, one of the game's names.
    package var name: Name
    /// The entry's keys (only those the game allowed).
    package var fields: ValueReader.Fields
    /// The entry's path in the scene (`timeline[3]`), for the game's own diagnostics.
    package var path: String
    /// Where the entry is written.
    package var position: SourcePosition
}

/// How a list of taps is put in time order.
package enum TimelineTapOrder {
    /// Sorted by time; taps at the same time keep the file's order.
    case sortedByTime
    /// In the file's order, which must go forward in time: a tap before the one above it is reported.
    case forwardOnly
}

extension ValueReader {
    /// The taps of the list `node` at `path`: each a mapping `{time, <nameKey>: name, …}`, its
    /// time within the scene's `duration`, its name one of `names` (did-you-mean on a misspelt
    /// one), any other key one of `otherKeys`. An entry with a problem is reported and left out,
    /// every problem of the list at once; a list over `SceneFileLimits.maxTimelineEntries` is
    /// reported whole. One reading for every game that scripts taps.
    package func timelineTaps<Name: RawRepresentable>(
        _ node: DocumentNode, _ path: String, nameKey: String, among names: [Name], what: String, otherKeys: [String] = [],
        duration: Double, expected: String, nameExample: String, order: TimelineTapOrder
    ) -> [TimelineTap<Name>] where Name.RawValue == String {
        guard let items = list(node, path, expected: expected) else { return [] }
        if items.count > SceneFileLimits.maxTimelineEntries {
            report(node.position, "\(path) has \(items.count) entries, over the \(SceneFileLimits.maxTimelineEntries) a scene may have")
            return []
        }
        var taps: [TimelineTap<Name>] = []
        var lastTime = 0.0
        for (index, item) in items.enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard let fields = fields(item, entryPath, allowed: ["time", nameKey] + otherKeys) else { continue }
            let time = requireKey(fields, "time", entryPath, example: "'time: 4' in seconds")
                .flatMap { sceneTime($0, "\(entryPath).time", duration: duration) }
            if let time, order == .forwardOnly {
                if time < lastTime, let written = fields["time"] {
                    report(written.position, "\(entryPath).time is \(Self.format(time)) s, before the step above it "
                           + "(\(Self.format(lastTime)) s); the \(path) goes forward in time")
                }
                lastTime = max(lastTime, time)
            }
            let name = requireKey(fields, nameKey, entryPath, example: nameExample)
                .flatMap { choice($0, "\(entryPath).\(nameKey)", among: names, what: what) }
            if let time, let name { taps.append(TimelineTap(time: time, name: name, fields: fields, path: entryPath, position: item.position)) }
        }
        guard order == .sortedByTime else { return taps }
        return taps.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
            .map(\.element)
    }
}
