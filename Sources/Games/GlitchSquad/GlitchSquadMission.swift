import Foundation

/// One mission of the campaign (the PRD's "POC Mission Script"): the fruit Pixel needs, what
/// he says about it, and what finding it repairs.
public struct GlitchSquadMission: Sendable, Equatable {
    /// 1, 2 or 3.
    public var number: Int
    /// The detector's label of the fruit to find.
    public var target: String
    /// The mission's name on its card.
    public var title: String
    /// Pixel's problem, spoken at the briefing.
    public var problem: String
    /// The prompt on the mission card and in the briefing; `secondsMark` stands for the hunt's
    /// seconds until `forHunt(seconds:)` puts the scene's in.
    public var prompt: String
    /// Pixel's battery before and after (percent).
    public var batteryBefore: Int
    /// Pixel's battery after the capture (percent).
    public var batteryAfter: Int
    /// The Glitch Bits the reward card gives.
    public var coins: Int

    /// The campaign, in order.
    public static let campaign: [GlitchSquadMission] = [
        GlitchSquadMission(number: 1, target: "apple", title: "The Power Source",
                           problem: "My battery is almost empty! I need Red Energy!",
                           prompt: "Find me an APPLE! You have \(secondsMark) seconds!", batteryBefore: 5, batteryAfter: 30, coins: 50),
        GlitchSquadMission(number: 2, target: "banana", title: "The Stabilizer",
                           problem: "I'm wobbly! I need a curved Yellow Stabilizer!",
                           prompt: "Find a BANANA! Go to the kitchen! GO GO GO!", batteryBefore: 30, batteryAfter: 60, coins: 50),
        GlitchSquadMission(number: 3, target: "orange", title: "The Vitamin Shield",
                           problem: "Virus detected! I need Citrus Shields!",
                           prompt: "Find an ORANGE! Quick, Agent!", batteryBefore: 60, batteryAfter: 100, coins: 50),
    ]

    /// Where a prompt names the hunt's seconds.
    public static let secondsMark = "{seconds}"

    /// This mission for a hunt of `seconds`: its prompt says them (the card and Pixel's briefing),
    /// never a number the scene's timer does not count.
    public func forHunt(seconds: Int) -> GlitchSquadMission {
        var mission = self
        mission.prompt = prompt.replacingOccurrences(of: Self.secondsMark, with: String(seconds))
        return mission
    }

    /// The fruit the detector knows.
    public static let fruits = ["apple", "banana", "orange"]
}
