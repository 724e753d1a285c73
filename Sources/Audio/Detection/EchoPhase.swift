import Foundation

/// Tells when the echo stops lining up with what was played, by its phase: a jump of the delay
/// (a dropped or repeated stretch of either stream) turns each bin's phase by the jump times its
/// frequency, while a drift of the clocks turns it slowly and the power spectra hardly change.
///
/// Each bin's transfer from the played sound (read at the tracked delay) to the microphone is
/// learnt from the cross-spectra of the frames that line up. A frame's coherence is how well its
/// cross-spectrum agrees in phase with what was learnt, weighted by its power: near its usual
/// level while the echo stays put; lower while a clap covers the played sound's bins, and lower
/// for as long as the echo stays where it jumped to. A clap is louder than the echo usually is,
/// and over in a few tens of ms; a jump adds nothing. So a run of frames that lost their phase
/// without being louder is a jump.
struct EchoPhase {
    /// Bins compared: those where the played sound is matched (0.2–10 kHz).
    let bins: Range<Int>
    /// Frames in a row the phase has been lost so far, not counting louder ones.
    private(set) var lostFrames = 0
    private var learntRe: [Float], learntIm: [Float]  // each bin's cross-spectrum, smoothed
    private var learntPower: [Float]  // each bin's played power, smoothed alike
    private var usual: Float = 0
    private var usualGain: Float = 0  // the microphone's power in the bins over the played sound's, while they line up
    private var lostRun = 0  // frames since the phase was first lost, louder ones too
    private var regained = 0  // frames in a row that lined up again within a loss
    private var settling = 0  // frames still to learn, unjudged, after the transfer was learnt afresh

    /// How fast each bin's transfer is learnt: about 40 ms of memory.
    static let keep: Float = expf(-1 / 40)
    /// The phase is lost below this share of the usual coherence.
    static let lossShare: Float = 0.5
    /// A frame this much louder than the echo usually is (3 dB) holds something else.
    static let louder: Float = 2
    /// Bins under this share of the mean cross power are not judged (the room's noise there).
    static let binShare: Float = 0.1
    /// A frame whose bins are mostly not learnt yet (a new note) cannot tell.
    static let knownShare: Float = 0.5
    /// A loss ends after this many frames in a row line up again.
    static let regainFrames = 8
    /// After this many frames lost in a row the echo has moved for good: its new phase is learnt
    /// from then on.
    static let relearnFrames = 120
    /// Frames learnt after a relearning before the phase is judged again: the transfer's memory.
    static let settlingFrames = 40

    /// A judge of the bins `bins` of spectra with `binCount` bins.
    init(binCount: Int, bins: Range<Int>) {
        self.bins = bins
        learntRe = [Float](repeating: 0, count: binCount)
        learntIm = learntRe
        learntPower = learntRe
    }

    /// Whether the learnt transfer predicts the echo: no jump suspected (a loss of a few frames
    /// that were not louder, or a clap, which is), and not just learnt afresh.
    var linesUp: Bool { lostFrames <= 3 && usual > 0 && settling == 0 }

    /// The echo predicted in each compared bin from the played spectrum at the tracked delay
    /// (the learnt transfer times what is played), taken from the microphone's spectrum in place.
    func subtract(playedRe: UnsafeBufferPointer<Float>, playedIm: UnsafeBufferPointer<Float>,
                  micRe: UnsafeMutableBufferPointer<Float>, micIm: UnsafeMutableBufferPointer<Float>) {
        for k in bins {
            let power = learntPower[k]
            guard power > 0 else { continue }
            // H = C / S; E = H P.
            let hr = learntRe[k] / power, hi = learntIm[k] / power
            micRe[k] -= hr * playedRe[k] - hi * playedIm[k]
            micIm[k] -= hr * playedIm[k] + hi * playedRe[k]
        }
    }

    /// Judges one frame from the microphone's spectrum and the played one at the tracked delay;
    /// returns how many frames in a row (louder ones not counted) the echo's phase has now been
    /// lost: 0 while it lines up.
    mutating func judge(micRe: UnsafeBufferPointer<Float>, micIm: UnsafeBufferPointer<Float>,
                        playedRe: UnsafeBufferPointer<Float>, playedIm: UnsafeBufferPointer<Float>) -> Int {
        var all: Float = 0, heard: Float = 0, played: Float = 0
        for k in bins {
            let cr = micRe[k] * playedRe[k] + micIm[k] * playedIm[k]
            let ci = micIm[k] * playedRe[k] - micRe[k] * playedIm[k]
            all += (cr * cr + ci * ci).squareRoot()
            heard += micRe[k] * micRe[k] + micIm[k] * micIm[k]
            played += playedRe[k] * playedRe[k] + playedIm[k] * playedIm[k]
        }
        // Each bin with a tenth of the mean cross power or more counts alike, by its phase alone:
        // a few strong partials would otherwise decide, and a pure tone shifted by a whole number
        // of its periods looks unmoved.
        let least = Self.binShare * all / Float(bins.count)
        var agreeing: Float = 0, known: Float = 0, counted: Float = 0
        for k in bins {
            let cr = micRe[k] * playedRe[k] + micIm[k] * playedIm[k]
            let ci = micIm[k] * playedRe[k] - micRe[k] * playedIm[k]
            let size = (cr * cr + ci * ci).squareRoot()
            // A bin with nothing in it (a dropout's exact zeros) has no phase at all.
            guard size >= least, size > 0 else { continue }
            counted += 1
            let learnt = (learntRe[k] * learntRe[k] + learntIm[k] * learntIm[k]).squareRoot()
            guard learnt > 0 else { continue }
            known += 1
            agreeing += (cr * learntRe[k] + ci * learntIm[k]) / (learnt * size)
        }
        // Too few of the frame's bins where the transfer is known: learnt, not judged.
        guard known >= Self.knownShare * counted, known > 0, heard > 0, played > 0 else {
            learn(micRe: micRe, micIm: micIm, playedRe: playedRe, playedIm: playedIm, keep: Self.keep)
            return lostFrames
        }
        let coherence = agreeing / known
        if settling > 0 {
            // A transfer learnt afresh is one frame's: it is learnt for a while before frames are
            // judged against it, or every frame after a jump would look lost.
            settling -= 1
            learn(micRe: micRe, micIm: micIm, playedRe: playedRe, playedIm: playedIm, keep: Self.keep)
            return 0
        }
        let lost = coherence < Self.lossShare * usual
        if lost || (lostRun > 0 && regained < Self.regainFrames) {
            // Within a loss, a few frames that line up again (two partials of the shifted echo
            // beating) do not end it; nothing is learnt until it ends.
            if lost {
                regained = 0
                if heard <= Self.louder * usualGain * played { lostFrames += 1 }
            } else {
                regained += 1
            }
            lostRun += 1
            if lostRun < Self.relearnFrames { return lostFrames }
        }
        // Learnt only from frames that line up, so a clap leaves the echo's transfer as it was;
        // after a long loss the echo has moved, and its new transfer is learnt afresh.
        let restart = lostRun >= Self.relearnFrames
        learn(micRe: micRe, micIm: micIm, playedRe: playedRe, playedIm: playedIm, keep: restart ? 0 : Self.keep)
        if !lost && !restart {
            usual += (coherence - usual) * 0.002
            usualGain = usualGain == 0 ? heard / played : usualGain + (heard / played - usualGain) * 0.01
        }
        if restart { settling = Self.settlingFrames }
        lostRun = 0
        lostFrames = 0
        regained = 0
        return 0
    }

    /// Turns the learnt transfer as the played sound is read `samples` later: each bin's phase
    /// by that delay at its frequency, so what was learnt still lines up.
    mutating func shift(bySamples samples: Double, fftSize: Int) {
        for k in bins {
            let angle = Float(2 * Double.pi * Double(k) * samples / Double(fftSize))
            let c = cosf(angle), s = sinf(angle)
            let r = learntRe[k], i = learntIm[k]
            learntRe[k] = r * c - i * s
            learntIm[k] = r * s + i * c
        }
    }

    private mutating func learn(micRe: UnsafeBufferPointer<Float>, micIm: UnsafeBufferPointer<Float>,
                                playedRe: UnsafeBufferPointer<Float>, playedIm: UnsafeBufferPointer<Float>, keep: Float) {
        for k in bins {
            let cr = micRe[k] * playedRe[k] + micIm[k] * playedIm[k]
            let ci = micIm[k] * playedRe[k] - micRe[k] * playedIm[k]
            learntRe[k] = learntRe[k] * keep + cr * (1 - keep)
            learntIm[k] = learntIm[k] * keep + ci * (1 - keep)
            learntPower[k] = learntPower[k] * keep + (playedRe[k] * playedRe[k] + playedIm[k] * playedIm[k]) * (1 - keep)
        }
    }
}
