import Foundation

/// A sharp rise being heard out: the background it rose from and its frames since the onset.
struct ClapCandidate {
    /// The frame at which it rose.
    let onsetFrame: Int
    /// The background in each band (0.5–1.5, 1.5–4, 4–10 kHz).
    let bandBackgrounds: [Float]
    /// The loudest other sound of the last second or so.
    let loudest: Float
    /// The baseline in the whole band.
    let whole: ClapShape
    /// The baseline in the highs, when the background is a voice.
    let highs: ClapShape?
    /// The frames from the onset on.
    var frames: [EnergyFrame]

    /// Whether the first milliseconds rose enough, in the whole band or the highs.
    func rose(_ settings: ClapDetectorSettings) -> Bool {
        whole.rose(frames.map(\.total), riseDecibels: settings.riseDecibels)
            || highs?.rose(frames.map(\.highs), riseDecibels: settings.riseDecibels) == true
    }

    /// Whether the newest frame is well above every earlier one, in the whole band or the
    /// highs: something new has started, and a clap only falls after its attack.
    func risesAgain(_ settings: ClapDetectorSettings) -> Bool {
        let rise = ClapShape.ratio(settings.riseAgainDecibels)
        guard let last = frames.last else { return false }
        let earlier = frames.dropLast()
        if last.total > (earlier.map(\.total).max() ?? 0) * rise { return true }
        return highs != nil && last.highs > (earlier.map(\.highs).max() ?? 0) * rise
    }

    /// How far the clap rose above the background, in dB, once its 18 frames are heard; nil
    /// if it is not a clap.
    /// `bandwidths` are the bands' noise bandwidths in Hz, to compare their spectra per hertz.
    func strength(_ settings: ClapDetectorSettings, bandwidths: [Float]) -> Double? {
        let whole = frames.map(\.total)
        // A clap near the kiosk stands out of the talk around it, a word's consonant does not.
        guard ClapShape.attack(whole) > loudest * ClapShape.ratio(settings.aboveLoudestDecibels) else { return nil }
        // Each band's loudest 3 ms of the attack, measured once for every check below.
        let attacks = (0..<3).map { band in ClapShape.attack(frames.map { $0[band] }) }
        // A clap is bright; a word's "k" or a voice's pitch pulse is not, however short.
        guard BurstSpectrum(attacks: attacks, backgrounds: bandBackgrounds, bandwidths: bandwidths)
            .isBright(shortfallDecibels: settings.highsShortfallDecibels) else { return nil }
        if self.whole.isClap(whole, settings: settings) && rises(attacks, in: 0..<3, settings) {
            return decibels(self.whole.rise(whole))
        }
        // Through a voice: the clap is heard in the highs, and in the middle band; the voice
        // fills the lowest band. A thud lifts its lows more than its highs, a clap does not.
        let highs = frames.map(\.highs)
        guard let shape = self.highs, shape.isClap(highs, settings: settings), rises(attacks, in: 1..<3, settings),
              attacks[0] / max(bandBackgrounds[0], 1e-12) <= shape.rise(highs) else { return nil }
        return decibels(shape.rise(highs))
    }

    /// Whether each of `bands` rose (its `attacks`) above its own background: a clap is broadband.
    private func rises(_ attacks: [Float], in bands: Range<Int>, _ settings: ClapDetectorSettings) -> Bool {
        bands.allSatisfy { band in attacks[band] > bandBackgrounds[band] * ClapShape.ratio(settings.bandRiseDecibels) }
    }

    private func decibels(_ ratio: Float) -> Double { 10 * log10(Double(ratio)) }
}
