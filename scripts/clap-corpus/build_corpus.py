#!/usr/bin/env python3
"""Builds the clap evaluation corpus from real recordings shipped in Debian packages.

Run fetch-sources.sh first (it unpacks the packages under $ARIA_CLAP_PKGROOT), then
    python3 build_corpus.py [--out corpus] [--seeds seeds]

Output (deterministic, seed 20240601): mono 48 kHz 16-bit WAVs under corpus/<category>/ and
corpus/truth.json, a list of items {file, category, source, condition, duration, claps: [onset
seconds], dontcare: [onset seconds of snaps / electronic claps], speech_source}.

Categories:
  quiet     real claps over a quiet room, 12-40 dB above it; condition dry | reverb | distance.
            Every third clap is a soft one (-15..-25 dB) 0.25-0.4 s after a loud one.
  speech    real claps over real speech whose loud frames (90th percentile of 5 ms RMS) are
            8 dB below the clap's peak 5 ms RMS.
  rhythm    4 claps per second for 4 s (reverb on half of the items).
  talk      speech alone (several speakers, > 90 s in all): every detection is a false alarm.
  perc      percussive non-claps, each hit alone, dry or reverberant: every detection is false.
  snap      finger snaps (dontcare: may count as claps).
  eclap     electronic / doubtful claps (dontcare, reported only).
  music     drum loops and music (false alarms per minute, informational).
  among     real claps with a group applauding 20 dB or more under them (one close clapper,
            the others further away): per clap source and applause recording, 8 s; every third
            clap a soft one 0.25-0.4 s after a loud clap or after a loud percussive sound that
            is not a clap (a refused onset: "hits").  Labels are the mixing's own onsets.
  applause  each applause recording whole, 1.5 s of the room before and after: "spans" is
            when the group claps; "claps" are the single claps that stand out of it, found by
            onset analysis (see applause_claps) and checked on a spectrogram.

Acoustic models (no room impulse responses ship in Debian's sound packages we found):
  room noise  pink noise (1/f power, 80 Hz high-pass) at -62..-50 dBFS RMS;
  reverb      impulse response = direct path + exponentially decaying Gaussian noise starting
              2-8 ms later; the noise is split at 1 kHz and the low part decays 1.4x slower
              (RT60 0.3-0.9 s in the highs), direct-to-reverberant ratio 0..+6 dB;
  distance    2-4 m: a 2nd-order low-pass at 3-6 kHz (air + off-axis), DRR -6..0 dB with
              RT60 0.4-0.9 s, and the level drawn lower (12-30 dB above the room).
Levels: a clap's level is the peak of its 5 ms RMS envelope; "N dB above the room" compares it
with the room noise RMS.  Onset ground truth = first sample of the (possibly reverberated)
clap whose |x| reaches 10 % of the dry clap's peak.
"""
import argparse
import json
import os
import sys

import numpy as np
from scipy.signal import butter, lfilter, fftconvolve, sosfilt

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from audioio import SR, read_any, write_wav, resample  # noqa: E402
import sources as S  # noqa: E402

SEED = 20240601


# ---------------------------------------------------------------------------------------------
# Loading and trimming
# ---------------------------------------------------------------------------------------------
def load_hit(path, max_seconds=0.8):
    """A one-shot sample: leading silence removed (2 ms kept before 10 % of peak), <= max_seconds,
    10 ms fade-out, DC removed."""
    x = read_any(path)
    x = x - np.mean(x)
    pk = np.max(np.abs(x)) + 1e-12
    i0 = max(0, int(np.argmax(np.abs(x) >= 0.1 * pk)) - int(0.002 * SR))
    x = x[i0:i0 + int(max_seconds * SR)].copy()
    # end where the 10 ms envelope stays 60 dB under the peak
    fade = min(len(x), int(0.01 * SR))
    x[-fade:] *= np.linspace(1, 0, fade)
    return x


def onset_index(x):
    """First sample reaching 10 % of the peak."""
    return int(np.argmax(np.abs(x) >= 0.1 * np.max(np.abs(x))))


def peak_rms(x, win=0.005):
    """Peak of the 5 ms RMS envelope."""
    n = int(win * SR)
    e = np.convolve(x ** 2, np.ones(n) / n, "valid") if len(x) > n else np.array([np.mean(x ** 2)])
    return np.sqrt(np.max(e))


def db(x):
    return 20 * np.log10(x + 1e-20)


def frame_energy(x, low=500, high=10000):
    """Mean square per 1 ms frame in low..high Hz (the detector's 0.5-10 kHz "clap" band)."""
    sos = butter(4, [low, high], "bandpass", fs=SR, output="sos")
    y = sosfilt(sos, x)
    n = len(y) // (SR // 1000)
    return (y[: n * (SR // 1000)] ** 2).reshape(n, SR // 1000).mean(1) + 1e-20


def applause_claps(x, prominence_db=12.0):
    """Onsets of single claps standing out of applause `x`, in seconds: a 1 ms frame of
    0.5-10 kHz energy 7 dB over the 10 ms before it (the detector's onset rule), whose 5 ms
    peak lies `prominence_db` or more over the median 5 ms level of the applause within
    300 ms around it (its own 70 ms left out).  A clap within 150 ms after one already found
    is left out: the detector hears one clap in that time (its refractory period), so a
    flam or two people clapping at once is one clap."""
    e = frame_energy(x)
    d5 = 10 * np.log10(np.convolve(e, np.ones(5) / 5, "same"))
    found, t, n = [], 12, len(e)
    while t < n - 25:
        if e[t] < e[t - 12:t - 2].mean() * 10 ** 0.7:
            t += 1
            continue
        lo, hi = max(0, t - 300), min(n, t + 300)
        keep = np.ones(hi - lo, bool)
        keep[max(0, t - 30 - lo):t + 40 - lo] = False
        if d5[t:t + 6].max() - np.median(d5[lo:hi][keep]) >= prominence_db and \
                (not found or t / 1000 - found[-1] >= 0.15):
            found.append(t / 1000)
        t += 20
    return found


def same_recording(a, b):
    """Whether two recordings share a waveform: the largest normalised cross-correlation of
    0.5 s of the shorter against the longer, at 16 kHz, over 0.5 (different recordings of
    applause stay near 0.1)."""
    a, b = (resample(a, SR, 16000), resample(b, SR, 16000))
    if len(a) < len(b):
        a, b = b, a
    seg = b[len(b) // 4: len(b) // 4 + 8000]
    if len(seg) < 8000 or len(a) < len(seg):
        return False
    c = fftconvolve(a, seg[::-1], "valid")
    energy = np.sqrt(fftconvolve(a ** 2, np.ones(len(seg)), "valid").clip(0) * np.sum(seg ** 2)) + 1e-12
    return float(np.max(np.abs(c) / energy)) > 0.5


# ---------------------------------------------------------------------------------------------
# Acoustic models
# ---------------------------------------------------------------------------------------------
def room_noise(rng, n, level_db):
    """Pink noise (1/f power) high-passed at 80 Hz, RMS = level_db dBFS."""
    spec = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / SR)
    spec *= 1 / np.sqrt(np.maximum(f, 20))
    spec[f < 80] *= (f[f < 80] / 80) ** 2
    x = np.fft.irfft(spec, n)
    return x / (np.sqrt(np.mean(x ** 2)) + 1e-20) * 10 ** (level_db / 20)


def reverb_ir(rng, rt60, drr_db, predelay):
    """Direct impulse + exponentially decaying noise tail (see module doc)."""
    n = int((rt60 * 1.4 * 1.2 + predelay) * SR)
    t = np.arange(n) / SR
    noise = rng.standard_normal(n)
    b, a = butter(2, 1000 / (SR / 2))
    low = lfilter(b, a, noise)
    high = noise - low
    # amplitude decays 60 dB in rt60: exp(-6.91 t / rt60)
    tail = low * np.exp(-6.91 * t / (1.4 * rt60)) + high * np.exp(-6.91 * t / rt60)
    tail[: int(predelay * SR)] = 0
    tail /= np.sqrt(np.sum(tail ** 2)) + 1e-20
    ir = tail * 10 ** (-drr_db / 20)
    ir[0] += 1.0
    return ir


def distance_filter(x, cutoff):
    b, a = butter(2, cutoff / (SR / 2))
    return lfilter(b, a, x)


def condition_clap(rng, clap, condition):
    """Applies dry / reverb / distance; returns the processed clap (its onset stays at the
    dry onset because the direct path comes first)."""
    if condition == "dry":
        return clap
    if condition == "reverb":
        ir = reverb_ir(rng, rng.uniform(0.3, 0.9), rng.uniform(0, 6), rng.uniform(0.002, 0.008))
        return fftconvolve(clap, ir)
    # distance
    y = distance_filter(clap, rng.uniform(3000, 6000))
    ir = reverb_ir(rng, rng.uniform(0.4, 0.9), rng.uniform(-6, 0), rng.uniform(0.004, 0.012))
    return fftconvolve(y, ir)


def vary(rng, clap):
    """A new instance of a clap: speed 0.92-1.08 (moves its resonances), random polarity."""
    speed = rng.uniform(0.92, 1.08)
    y = resample(clap, int(SR * speed), SR)
    return y * rng.choice([-1.0, 1.0])


def add_at(buf, x, start):
    end = min(len(buf), start + len(x))
    buf[start:end] += x[: end - start]


# ---------------------------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------------------------
class Builder:
    def __init__(self, out, seeds):
        self.out, self.seeds_dir = out, seeds
        self.items, self.seed_rows = [], []
        self.rng = np.random.default_rng(SEED)
        self.by_source = {e[0]: e for e in S.SOURCES}
        self.cache = {}
        self.duplicates = []

    def hits(self, source, max_seconds=0.8):
        """[(samples, path in package)] of a one-shot source."""
        key = (source, max_seconds)
        if key not in self.cache:
            self.cache[key] = [(load_hit(p, max_seconds), pp) for p, pp in S.files_of(self.by_source[source])]
        return self.cache[key]

    def save(self, category, name, x, source, condition, claps, dontcare=(), speech_source=None):
        os.makedirs(os.path.join(self.out, category), exist_ok=True)
        peak = np.max(np.abs(x))
        if peak > 0.97:  # never clip: scale the whole scene (levels are relative)
            x = x * 0.97 / peak
        rel = f"{category}/{name}.wav"
        write_wav(os.path.join(self.out, rel), x)
        self.items.append(dict(file=rel, category=category, source=source, condition=condition,
                               duration=round(len(x) / SR, 3), claps=[round(t, 4) for t in claps],
                               dontcare=[round(t, 4) for t in dontcare], speech_source=speech_source))

    def applause(self, source):
        """One applause recording, mono 48 kHz, DC removed, from its APPLAUSE_START."""
        if ("applause", source) not in self.cache:
            (path, _), = S.files_of(self.by_source[source])
            x = read_any(path)[int(S.APPLAUSE_START.get(source, 0) * SR):]
            self.cache[("applause", source)] = x - np.mean(x)
        return self.cache[("applause", source)]

    def applause_sources(self):
        """The applause sources, leaving out any whose recording another one already is."""
        kept = []
        for e in S.SOURCES:
            if e[2] != "applause":
                continue
            twin = next((k for k in kept if same_recording(self.applause(k), self.applause(e[0]))), None)
            if twin:
                self.duplicates.append(dict(source=e[0], same_as=twin))
            else:
                kept.append(e[0])
        return kept

    def applause_bed(self, source, n):
        """n samples of a group applauding: pieces of 0.6-1.5 s of the recording's middle
        (its fade-in and fade-out left out), joined with 30 ms cross-fades."""
        rng, x = self.rng, self.applause(source)
        lo, hi = int(0.1 * len(x)), int(0.9 * len(x))
        fade = int(0.03 * SR)
        out = np.zeros(0)
        while len(out) < n:
            length = min(int(rng.uniform(0.6, 1.5) * SR), hi - lo)
            start = int(rng.integers(lo, hi - length + 1))
            piece = x[start:start + length].copy()
            if len(out):
                ramp = np.linspace(0, 1, fade)
                out[-fade:] = out[-fade:] * (1 - ramp) + piece[:fade] * ramp
                piece = piece[fade:]
            out = np.concatenate([out, piece])
        return out[:n]

    # -- scenes ------------------------------------------------------------------------------
    def clap_scene(self, source, condition, n_claps=10):
        """Claps over a quiet room; every third clap a soft one right after a loud one."""
        rng = self.rng
        room_db = rng.uniform(-62, -50)
        hits = self.hits(source)
        events, t = [], 0.4
        for k in range(n_claps):
            soft = k % 3 == 2
            lo, hi = (12, 30) if condition == "distance" else (12, 40)
            above = rng.uniform(12, 22) if soft else rng.uniform(max(lo, 24), hi) if k % 3 == 1 else rng.uniform(lo, hi)
            events.append((t, above))
            t += rng.uniform(0.25, 0.4) if k % 3 == 1 else rng.uniform(0.55, 1.0)
        n = int((t + 0.6) * SR)
        buf = room_noise(rng, n, room_db)
        claps = []
        for t0, above in events:
            dry, _ = hits[rng.integers(len(hits))]
            dry = vary(rng, dry)
            gain = 10 ** ((room_db + above) / 20) / peak_rms(dry)
            y = condition_clap(rng, dry * gain, condition)
            start = int(t0 * SR)
            add_at(buf, y, start)
            claps.append((start + onset_index(dry)) / SR)
        return buf, claps

    def speech_stream(self, speakers, seconds, gap=(0.05, 0.35)):
        """Concatenates utterances of `speakers` (round robin) with short pauses; returns
        (samples, list of speaker sources used)."""
        rng = self.rng
        pools = {s: S.files_of(self.by_source[s]) for s in speakers}
        parts, total, used = [], 0, []
        k = 0
        while total < seconds * SR:
            s = speakers[k % len(speakers)]
            k += 1
            path, _ = pools[s][rng.integers(len(pools[s]))]
            u = read_any(path)
            u = u - np.mean(u)
            u /= np.sqrt(np.mean(u ** 2)) + 1e-12
            u *= 10 ** (rng.uniform(-3, 3) / 20)
            parts += [u, np.zeros(int(rng.uniform(*gap) * SR))]
            total += len(u) + len(parts[-1])
            used.append(s)
        return np.concatenate(parts)[: int(seconds * SR)], sorted(set(used))

    def build(self):
        rng = self.rng
        real = [e[0] for e in S.SOURCES if e[2] == "clap"]
        talkers = [e[0] for e in S.SOURCES if e[2] == "speech"]
        # 1. quiet room: dry, reverb, distance
        for src in real:
            for cond in ("dry", "reverb", "distance"):
                x, claps = self.clap_scene(src, cond)
                self.save("quiet", f"{src}_{cond}", x, src, cond, claps)
        # 2. claps over speech 8 dB below them
        for i, src in enumerate(real):
            spk = [talkers[(2 * i) % len(talkers)], talkers[(2 * i + 1) % len(talkers)], "sp-fillets"]
            sp, used = self.speech_stream(spk, 10.0)
            room_db = rng.uniform(-62, -55)
            ref = np.percentile(np.sqrt(np.convolve(sp ** 2, np.ones(240) / 240, "valid")), 90)
            speech_db = rng.uniform(-32, -22)
            sp *= 10 ** (speech_db / 20) / ref
            buf = room_noise(rng, len(sp), room_db) + sp
            claps, t = [], 0.6
            hits = self.hits(src)
            while t < 9.3:
                dry = vary(rng, hits[rng.integers(len(hits))][0])
                cond = ["dry", "reverb", "dry"][len(claps) % 3]
                y = condition_clap(rng, dry * 10 ** ((speech_db + 8) / 20) / peak_rms(dry), cond)
                add_at(buf, y, int(t * SR))
                claps.append((int(t * SR) + onset_index(dry)) / SR)
                t += rng.uniform(1.0, 1.8)
            self.save("speech", f"{src}_over_speech", buf, src, "speech-8dB", claps, speech_source="+".join(used))
        # 3. rhythmic clapping, 4 per second
        for src in real:
            for cond in ("dry", "reverb"):
                room_db = rng.uniform(-60, -50)
                buf = room_noise(rng, int(5.0 * SR), room_db)
                claps = []
                hits = self.hits(src, 0.25)
                for k in range(16):
                    t = 0.4 + k * 0.25 + rng.uniform(-0.01, 0.01)
                    dry = vary(rng, hits[rng.integers(len(hits))][0])
                    y = condition_clap(rng, dry * 10 ** ((room_db + rng.uniform(20, 35)) / 20) / peak_rms(dry), cond)
                    add_at(buf, y[: int(0.25 * SR)] if cond == "dry" else y, int(t * SR))
                    claps.append((int(t * SR) + onset_index(dry)) / SR)
                self.save("rhythm", f"{src}_{cond}", buf, src, cond, claps)
        # 4. speech alone, one file per speaker source
        for spk in talkers:
            seconds = {"sp-fillets": 30.0, "sp-alsa": 12.0}.get(spk, 9.0)
            sp, _ = self.speech_stream([spk], seconds)
            room_db = rng.uniform(-62, -52)
            level = rng.uniform(-30, -14)  # loud frames of the speech, dBFS
            ref = np.percentile(np.sqrt(np.convolve(sp ** 2, np.ones(240) / 240, "valid")), 90)
            x = room_noise(rng, len(sp), room_db) + sp * 10 ** (level / 20) / ref
            self.save("talk", spk, x, spk, "speech", [], speech_source=spk)
        # 5. non-claps, snaps, electronic claps: one file per source, hits 0.7 s apart
        for e in S.SOURCES:
            if e[2] not in ("perc", "snap", "eclap"):
                continue
            room_db = rng.uniform(-60, -50)
            hits = self.hits(e[0], 0.6)
            reps = 2 if e[2] != "perc" else 1
            seq = [h for h in hits for _ in range(reps)]
            buf = room_noise(rng, int((0.4 + 0.7 * len(seq) + 0.6) * SR), room_db)
            times = []
            for k, (x, _) in enumerate(seq):
                cond = ("dry", "reverb")[k % 2]
                y = condition_clap(rng, x * 10 ** ((room_db + rng.uniform(15, 40)) / 20) / peak_rms(x), cond)
                start = int((0.4 + 0.7 * k) * SR)
                add_at(buf, y[: int(0.7 * SR)], start)
                times.append((start + onset_index(x)) / SR)
            cat = {"perc": "perc", "snap": "snap", "eclap": "eclap"}[e[2]]
            if cat == "perc":
                self.save(cat, e[0], buf, e[0], "dry+reverb", [], speech_source=None)
                self.items[-1]["hits"] = [round(t, 4) for t in times]
            else:
                self.save(cat, e[0], buf, e[0], "dry+reverb", [], dontcare=times)
        # 6. music
        for path, _ in S.files_of(self.by_source["music-sonicpi"]):
            x = read_any(path)[: int(8 * SR)]
            x = x / (np.max(np.abs(x)) + 1e-12) * 10 ** (rng.uniform(-12, -3) / 20)
            x = x + room_noise(rng, len(x), -60)
            self.save("music", os.path.basename(path).split(".")[0], x, "music-sonicpi", "music", [])
        # 7. claps among claps: a close clapper over a group applauding 20 dB or more under
        applauding = self.applause_sources()
        refused = self.hits("perc-gimme", 0.6) + self.hits("perc-sonicpi", 0.6)
        for src in real:
            hits = self.hits(src)
            for bed_source in applauding:
                room_db = rng.uniform(-62, -55)
                n = int(8.0 * SR)
                bed = self.applause_bed(bed_source, n)
                bed_db = rng.uniform(-48, -36)
                ref = np.percentile(np.sqrt(np.convolve(bed ** 2, np.ones(240) / 240, "valid")), 90)
                buf = room_noise(rng, n, room_db) + bed * 10 ** (bed_db / 20) / ref
                claps, loud_hits, t, k = [], [], 0.6, 0
                while t < 7.3:
                    kind = k % 3
                    if kind == 1 and k % 6 == 4:  # a loud onset that is not a clap, then a soft clap
                        dry = vary(rng, refused[rng.integers(len(refused))][0])
                        above = rng.uniform(30, 38)
                    else:
                        dry = vary(rng, hits[rng.integers(len(hits))][0])
                        above = rng.uniform(20, 26) if kind == 2 else rng.uniform(30, 38) if kind == 1 else rng.uniform(20, 36)
                    cond = ("dry", "reverb")[k % 2]
                    y = condition_clap(rng, dry * 10 ** ((bed_db + above) / 20) / peak_rms(dry), cond)
                    add_at(buf, y, int(t * SR))
                    onset = (int(t * SR) + onset_index(dry)) / SR
                    (loud_hits if kind == 1 and k % 6 == 4 else claps).append(onset)
                    t += rng.uniform(0.25, 0.4) if kind == 1 else rng.uniform(0.55, 1.0)
                    k += 1
                self.save("among", f"{src}_over_{bed_source}", buf, src, bed_source, claps)
                self.items[-1]["hits"] = [round(h, 4) for h in loud_hits]
        # 8. whole applause: the group claps from 1.5 s to 1.5 s before the end
        for bed_source in applauding:
            x = self.applause(bed_source)
            level = rng.uniform(-30, -18)
            ref = np.percentile(np.sqrt(np.convolve(x ** 2, np.ones(240) / 240, "valid")), 90)
            lead = int(1.5 * SR)
            buf = room_noise(rng, len(x) + 2 * lead, rng.uniform(-62, -55))
            add_at(buf, x * 10 ** (level / 20) / ref, lead)
            single = [lead / SR + c for c in applause_claps(x)]
            self.save("applause", bed_source, buf, bed_source, "whole", single)
            self.items[-1]["spans"] = [[round(lead / SR, 4), round((lead + len(x)) / SR, 4)]]
        with open(os.path.join(self.out, "truth.json"), "w") as f:
            json.dump(dict(seed=SEED, sample_rate=SR, items=self.items), f, indent=1)

    # -- seed excerpts -------------------------------------------------------------------------
    def write_seeds(self):
        """Short raw excerpts (mono, 48 kHz 16-bit, <= 1 s) with provenance."""
        os.makedirs(self.seeds_dir, exist_ok=True)
        rows = []
        for e in S.SOURCES:
            sid, pkg, cls, lic, desc, _ = e
            files = S.files_of(e)
            if cls == "speech":
                files = files[:1]  # one utterance per speaker
            elif cls == "music":
                files = files[:2]
            elif cls == "perc":
                files = files[:: max(1, len(files) // 6)][:6]
            for k, (path, inpkg) in enumerate(files):
                if cls in ("speech", "music"):
                    x = read_any(path)
                    x = x[: SR]
                    x = x * np.linspace(1, 0, len(x)) ** 0.02 if len(x) else x
                else:
                    x = load_hit(path, 0.5 if cls != "clap" else 0.6)
                name = f"{sid}_{k:02d}.wav"
                write_wav(os.path.join(self.seeds_dir, name), x)
                p = pkg if pkg != "mixed" else S.package_of(inpkg)
                rows.append(dict(seed=f"seeds/{name}", source=sid, cls=cls, package=p,
                                 package_version=S.PACKAGES.get(p, "?"), path_in_package=inpkg,
                                 licence=lic if pkg != "mixed" else {
                                     "hydrogen-drumkits": "GPL-2 (Glen MacArthur)", "scratch": "CC-BY-SA-3.0",
                                     "sonic-pi-samples": "CC0", "lmms-common": "GPL-2+",
                                     "freepats": "GPL-2+"}.get(p, "?"),
                                 description=desc, seconds=round(len(x) / SR, 3)))
        return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="folder for the corpus (WAVs and truth.json)")
    ap.add_argument("--seeds", help="also write the short source clips (seeds) here")
    ap.add_argument("--provenance", help="where to write provenance.json (default: in --out)")
    args = ap.parse_args()
    b = Builder(args.out, args.seeds or os.path.join(args.out, "seeds"))
    b.build()
    rows = b.write_seeds() if args.seeds else []
    prov = dict(
        note="Every file used by build_corpus.py, from Debian bookworm packages unpacked by fetch-sources.sh.",
        packages=S.PACKAGES,
        sources=[dict(source=e[0], package=e[1], cls=e[2], licence=e[3], description=e[4],
                      files=[pp for _, pp in S.files_of(e)]) for e in S.SOURCES],
        duplicates=b.duplicates,
        seeds=rows)
    with open(args.provenance or os.path.join(args.out, "provenance.json"), "w") as f:
        json.dump(prov, f, indent=1)
    print(f"{len(b.items)} corpus items" + (f", {len(rows)} seeds" if rows else ""))


if __name__ == "__main__":
    main()
