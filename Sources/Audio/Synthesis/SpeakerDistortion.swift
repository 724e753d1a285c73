/// What a small loudspeaker driven hard does to what it plays: a gentle second- and third-order
/// curve, about 1 % distortion at a peak of 0.5 (a cheap kiosk speaker at the soundtrack's
/// peaks), so the echo carries harmonics and intermodulation between the played partials.
public enum SpeakerDistortion {
    /// `x` as the speaker gives it out.
    public static func shape(_ x: Float) -> Float { x + 0.02 * x * x - 0.16 * x * x * x }
}
