/// The camera events a game receives: kinds, each for any label or for some. A game that
/// subscribes to any object event also receives the camera's failures, since it needs the
/// camera; a game that subscribes to nothing receives nothing.
public struct CVSubscription: Sendable, Equatable {
    /// One kind, for one label or (nil) for every label.
    public struct Rule: Sendable, Equatable {
        /// The kind.
        public var kind: CVEventKind
        /// The label, or nil for any.
        public var label: String?

        /// A rule from its parts.
        public init(kind: CVEventKind, label: String? = nil) {
            self.kind = kind
            self.label = label
        }

        /// As `GameInfo.requiredCVEvents` writes it: `object_detected` or `object_detected:apple`.
        public var name: String { kind.rawValue + (label.map { ":" + $0 } ?? "") }
    }

    /// The rules, in the game's order.
    public var rules: [Rule]

    /// A subscription of `rules`.
    public init(_ rules: [Rule]) { self.rules = rules }

    /// Nothing: a game without a camera.
    public static let none = CVSubscription([])

    /// The subscription `GameInfo.requiredCVEvents` names (`object_detected:apple`,
    /// `object_removed`…); throws `CVSubscriptionError` for a name that is no kind.
    public init(names: [String]) throws {
        rules = try names.map { name in
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            guard let kind = parts.first.flatMap(CVEventKind.init(rawValue:)) else {
                throw CVSubscriptionError(name: name)
            }
            return Rule(kind: kind, label: parts.count == 2 && !parts[1].isEmpty ? parts[1] : nil)
        }
    }

    /// Whether a game with this subscription receives `event`.
    public func accepts(_ event: CVEvent) -> Bool {
        if !event.kind.isObjectEvent {
            return rules.contains { $0.kind == event.kind || $0.kind.isObjectEvent }
        }
        return rules.contains { $0.kind == event.kind && ($0.label == nil || $0.label == event.label) }
    }
}

/// A required CV event name that is no kind of event (a game's defect, found by its tests).
public struct CVSubscriptionError: Error, Equatable, CustomStringConvertible {
    /// The name.
    public let name: String

    public var description: String {
        "unknown camera event '\(name)'; expected one of \(CVEventKind.allCases.map(\.rawValue).joined(separator: ", ")), "
            + "optionally followed by ':label'"
    }
}
