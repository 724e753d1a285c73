/// How the kiosk keeps its own sound, which its microphone hears, from being taken for claps
/// (`demo --echo`).
public enum EchoHandling: String, CaseIterable, Sendable {
    /// The microphone compared with what the demo plays, bin by bin (`OwnSoundMask`).
    case bands
    /// Nothing: for a microphone that cannot hear the speaker (headphones, another room).
    case off
}
