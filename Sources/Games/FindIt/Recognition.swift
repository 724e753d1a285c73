/// How warm the hunt is: the hot-and-cold feedback of the document (§3.2).
public enum HuntBand: String, Sendable, CaseIterable, Comparable {
    /// Far off: no reaction.
    case cold
    /// Getting closer: the border changes colour and a light haptic plays.
    case warm
    /// Very close: a strong haptic and visual emphasis.
    case hot

    private var order: Int { HuntBand.allCases.firstIndex(of: self)! }

    public static func < (lhs: HuntBand, rhs: HuntBand) -> Bool { lhs.order < rhs.order }
}

/// The recognition as the document computes it (§2.2): feature-print similarity and
/// classifier confidence weighted together, sampled a few times a second, sorted into bands,
/// and held over a threshold for the success. Every number is a scene parameter.
public struct RecognitionParameters: Sendable, Equatable {
    /// The feature print's weight (the document's 0.6).
    public var featurePrintWeight: Double
    /// The classifier's weight (the document's 0.4).
    public var classifierWeight: Double
    /// Samples a second (the document: 5–10, never every frame).
    public var samplesPerSecond: Int
    /// The confidence at or above which the hunt is warm.
    public var warm: Double
    /// The confidence at or above which the hunt is hot.
    public var hot: Double
    /// The confidence the hold ring needs, strictly over (the document's 0.8).
    public var holdThreshold: Double
    /// Seconds the confidence must stay over the threshold (the document's 1 s).
    public var holdSeconds: Double

    /// The document's values, and our bands (it gives none): warm from 0.4, hot from 0.65.
    public init(featurePrintWeight: Double = 0.6, classifierWeight: Double = 0.4, samplesPerSecond: Int = 10,
                warm: Double = 0.4, hot: Double = 0.65, holdThreshold: Double = 0.8, holdSeconds: Double = 1) {
        self.featurePrintWeight = featurePrintWeight
        self.classifierWeight = classifierWeight
        self.samplesPerSecond = samplesPerSecond
        self.warm = warm
        self.hot = hot
        self.holdThreshold = holdThreshold
        self.holdSeconds = holdSeconds
    }

    /// The defaults.
    public static let standard = RecognitionParameters()

    /// The combined confidence of one sample, rounded to 4 decimals as the trace writes it
    /// (so the band and the hold decide on the number a rule reads back).
    public func confidence(featurePrint: Double, classifier: Double) -> Double {
        Self.rounded(featurePrintWeight * featurePrint + classifierWeight * classifier)
    }

    /// The band of `confidence`.
    public func band(of confidence: Double) -> HuntBand {
        confidence >= hot ? .hot : confidence >= warm ? .warm : .cold
    }

    /// Steps between two samples at `stepsPerSecond`.
    public func stepsBetweenSamples(stepsPerSecond: Int) -> Int { max(1, stepsPerSecond / max(1, samplesPerSecond)) }

    /// Samples the hold needs at `stepsPerSecond`: a full `holdSeconds` of them.
    public func holdSteps(stepsPerSecond: Int) -> Int { Int((holdSeconds * Double(stepsPerSecond)).rounded()) }

    /// `value` to 4 decimals.
    public static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
