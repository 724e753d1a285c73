import Audio
import Foundation
import Vocabulary

/// Glitch Squad's sounds, synthesised with the Audio kit's clip builder: the hook's static, the
/// hunt's loud tick, the lock-on blip, the capture's zap, the retro power-up, a button press.
/// Pixel's lines are spoken by espeak-ng in his robot voice (`GlitchSquadVoice`).
public enum GlitchSquadSounds {
    /// The hook's static: broadband hiss with a crackle.
    public static let staticNoise: SoundName = "glitch_static"
    /// The timer's tick, every second of the hunt.
    public static let tick: SoundName = "glitch_tick"
    /// The target acquired: a rising blip.
    public static let lockOn: SoundName = "glitch_lock_on"
    /// Auto-capture: a zap down and a bright chime.
    public static let capture: SoundName = "glitch_capture"
    /// The reward: a retro square-wave arpeggio going up.
    public static let powerUp: SoundName = "glitch_power_up"
    /// A button pressed.
    public static let press: SoundName = "glitch_press"
    /// Pixel's lines.
    public static let hookLine: SoundName = "speech_hook"
    public static let stabilizedLine: SoundName = "speech_stabilized"
    public static let timeoutLine: SoundName = "speech_timeout"
    public static let giveUpLine: SoundName = "speech_give_up"

    /// The briefing line of mission `number`.
    public static func briefingLine(_ number: Int) -> SoundName { SoundName(rawValue: "speech_briefing_\(number)") }

    /// The synthesised effects.
    static let effects: [SoundRecipe] = [
        SoundRecipe(staticNoise) { rate in
            var clip = ClipBuilder(duration: 1.6, sampleRate: rate)
            clip.addNoise(at: 0, duration: 1.6, amplitude: 1, seed: 0x57A71C, q: 0.4, centre: { 2_500 + 1_500 * sin(40 * $0) },
                          envelope: { t in Envelope.swell(t, duration: 1.6, peak: 0.2) * (0.6 + 0.4 * (sin(97 * t) > 0.6 ? 1 : 0)) })
            return clip.samples
        },
        SoundRecipe(tick) { rate in
            var clip = ClipBuilder(duration: 0.12, sampleRate: rate)
            clip.addBell(at: 0, frequency: 1_800, amplitude: 1, attack: 0.001, partials: [(1, 1, 0.012), (2.7, 0.5, 0.006)])
            clip.addNoise(at: 0, duration: 0.02, amplitude: 0.6, seed: 0x71C, q: 2, centre: { _ in 4_000 },
                          envelope: { Envelope.pluck($0, attack: 0.0005, decay: 0.004) })
            return clip.samples
        },
        SoundRecipe(lockOn) { rate in
            var clip = ClipBuilder(duration: 0.3, sampleRate: rate)
            clip.addSweep(at: 0, duration: 0.25, amplitude: 0.8, frequency: { 600 + 2_400 * $0 },
                          envelope: { Envelope.pluck($0, attack: 0.005, decay: 0.08) })
            return clip.samples
        },
        SoundRecipe(capture) { rate in
            var clip = ClipBuilder(duration: 0.9, sampleRate: rate)
            clip.addSweep(at: 0, duration: 0.3, amplitude: 0.7, frequency: { 1_600 - 4_000 * $0 },
                          envelope: { Envelope.pluck($0, attack: 0.003, decay: 0.1) })
            clip.addBell(at: 0.2, frequency: 1_318.5, amplitude: 0.8, partials: [(1, 1, 0.12), (2, 0.4, 0.06), (3, 0.2, 0.03)])
            return clip.samples
        },
        SoundRecipe(powerUp) { rate in
            // C E G C' E' G' C'': a square-ish arpeggio of the 8-bit games, each note 70 ms.
            let notes = [523.25, 659.25, 783.99, 1_046.5, 1_318.5, 1_568.0, 2_093.0]
            var clip = ClipBuilder(duration: 0.07 * Double(notes.count) + 0.3, sampleRate: rate)
            for (index, frequency) in notes.enumerated() {
                let start = 0.07 * Double(index)
                let last = index == notes.count - 1
                clip.addBell(at: start, frequency: frequency, amplitude: 0.6, attack: 0.002,
                             partials: [(1, 1, last ? 0.12 : 0.05), (3, 0.33, last ? 0.08 : 0.04), (5, 0.2, 0.03)])
            }
            return clip.samples
        },
        SoundRecipe(press) { rate in
            var clip = ClipBuilder(duration: 0.1, sampleRate: rate)
            clip.addBell(at: 0, frequency: 880, amplitude: 0.8, attack: 0.002, partials: [(1, 1, 0.02), (2, 0.3, 0.01)])
            return clip.samples
        },
    ]

    /// The lines Pixel says whatever the scene: the hook, the win, the gentle endings, and the
    /// briefings that name no seconds.
    static var fixedLines: [(sound: SoundName, text: String)] {
        [(hookLine, GlitchSquadSimulation.hookLine), (stabilizedLine, GlitchSquadSimulation.stabilizedLine),
         (timeoutLine, GlitchSquadSimulation.timeoutLine), (giveUpLine, GlitchSquadSimulation.giveUpLine)]
            + GlitchSquadMission.campaign.filter { !$0.prompt.contains(GlitchSquadMission.secondsMark) }.map(briefing)
    }

    /// The briefings that say the hunt's seconds, for a hunt of `huntSeconds`.
    static func timedLines(huntSeconds: Int) -> [(sound: SoundName, text: String)] {
        GlitchSquadMission.campaign.filter { $0.prompt.contains(GlitchSquadMission.secondsMark) }
            .map { briefing($0.forHunt(seconds: huntSeconds)) }
    }

    /// A mission's briefing: its problem, then its prompt.
    static func briefing(_ mission: GlitchSquadMission) -> (sound: SoundName, text: String) {
        (briefingLine(mission.number), mission.problem + " " + mission.prompt)
    }

    /// The bank at 48 kHz, made once on first use.
    public static let bank = SoundBank(recipes: effects)
}
