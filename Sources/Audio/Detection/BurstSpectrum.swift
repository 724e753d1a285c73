/// The energy a burst added in each band (0.5–1.5, 1.5–4, 4–10 kHz) over that band's own
/// background, per hertz: the shape of the burst itself, whatever sound it came through.
struct BurstSpectrum {
    /// Added energy per band, as mean squares per hertz of the band's noise bandwidth.
    let added: [Float]

    /// Each band's `attacks` (its loudest 3 ms of the first 5), less `backgrounds`, over
    /// `bandwidths` (Hz).
    init(attacks: [Float], backgrounds: [Float], bandwidths: [Float]) {
        added = (0..<3).map { band in max(0, attacks[band] - backgrounds[band]) / bandwidths[band] }
    }

    /// Whether the 4–10 kHz highs gained, per hertz, nearly as much as 1.5–4 kHz: a clap is
    /// bright. A "k" or "q" burst puts its energy around 2 kHz and a voice's pitch pulse lower
    /// still, so their highs fall well short; a "t" or "s" is bright but not short.
    func isBright(shortfallDecibels: Double) -> Bool {
        added[2] >= added[1] / ClapShape.ratio(shortfallDecibels)
    }
}
