import Vocabulary

/// How one sound is made: its name and a recipe that synthesises it, mono, at a sample rate.
/// A game hands the engine its recipes; the same recipe always gives the same samples.
public struct SoundRecipe: Sendable {
    /// The sound's name, as the trace writes it.
    public var name: SoundName
    /// The samples at a sample rate (Hz); levels are relative, the bank normalises the peak.
    public var synthesize: @Sendable (_ sampleRate: Double) -> [Float]

    /// A recipe from its parts.
    public init(_ name: SoundName, synthesize: @escaping @Sendable (_ sampleRate: Double) -> [Float]) {
        self.name = name
        self.synthesize = synthesize
    }
}

/// A game's sounds synthesised once at one sample rate and normalised, ready for the mixer.
public struct SoundBank: Sendable {
    /// The sample rate of every clip, in Hz.
    public let sampleRate: Int
    private var clips: [SoundName: [Float]]

    /// The peak every clip is scaled to: loud enough to hear, with headroom for a few at once.
    public static let clipPeak: Float = 0.5
    /// The sample rate of every soundtrack, in Hz.
    public static let standardSampleRate = 48_000

    /// Synthesises every recipe at `sampleRate`.
    public init(recipes: [SoundRecipe], sampleRate: Int = SoundBank.standardSampleRate) {
        self.sampleRate = sampleRate
        self.clips = Dictionary(recipes.map { ($0.name, SoundBank.normalised($0.synthesize(Double(sampleRate)))) },
                                uniquingKeysWith: { _, last in last })
    }

    /// This bank with `recipes` synthesised at its rate beside its own clips (a scene's spoken
    /// lines); throws `SoundBankError` when a recipe gives no sound or takes a name it has.
    public func adding(_ recipes: [SoundRecipe]) throws -> SoundBank {
        var bank = self
        for recipe in recipes {
            guard bank.clips[recipe.name] == nil else { throw SoundBankError("sound '\(recipe.name)' is already in the bank") }
            let samples = recipe.synthesize(Double(sampleRate))
            guard samples.contains(where: { $0 != 0 }) else { throw SoundBankError("sound '\(recipe.name)' could not be made") }
            bank.clips[recipe.name] = SoundBank.normalised(samples)
        }
        return bank
    }

    private static func normalised(_ clip: [Float]) -> [Float] {
        var samples = clip
        let peak = samples.reduce(0) { max($0, abs($1)) }
        if peak > 0 {
            let scale = SoundBank.clipPeak / peak
            for i in samples.indices { samples[i] *= scale }
        }
        return samples
    }

    /// The mono samples of `sound`, or nil when the bank has no such sound (it is then not heard).
    public func clip(_ sound: SoundName) -> [Float]? { clips[sound] }

    /// The names of the sounds it holds, in order.
    public var names: [SoundName] { clips.keys.sorted() }
}

/// Why sounds could not be added to a bank.
public struct SoundBankError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, in one line.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
