#!/usr/bin/env python3
"""Leave-one-source-out check of how the clap detector's limits are chosen.

    scripts/clap-corpus/loso.py CORPUS

The Swift detector (Sources/Audio/Detection) judges each onset by a few measures in dB. This
script measures them the same way (four Butterworth bands, 1 ms frames, the same windows),
then, for each source of real claps in turn, chooses every limit from the OTHER sources' claps
only (the 1st or 99th percentile of their values, widened by 2 dB) and reports how many of
the held-out source's claps pass, and how many onsets of real talk and percussion pass the
same limits. The defaults in ClapDetectorSettings follow the same rule on all sources, then
are checked end to end by `evaluate.py` and by `swift test` (RealRecordingClapTests).
Its loudness memory leaves out heard claps only; the detector also leaves out refused cracks
that were not voiced (ClapDetectorSettings.crackLowLimitDecibels), so "above_recent" here is
the stricter, older measure.
"""
import collections
import json
import sys

import numpy as np
from scipy.signal import lfilter

SR = 48000
FRAME = 48
EDGES = {"L": (100, 500), "M": (500, 1500), "P": (1500, 4000), "H": (4000, 10000)}


def butterworth(kind, f):
    """RBJ cookbook high- or low-pass, Q = 0.7071, as Biquad.swift makes it."""
    w = 2 * np.pi * min(f, SR * 0.45) / SR
    c, alpha = np.cos(w), np.sin(w) / (2 * 0.7071)
    b = [(1 + c) / 2, -(1 + c), (1 + c) / 2] if kind == "hp" else [(1 - c) / 2, 1 - c, (1 - c) / 2]
    a = [1 + alpha, -2 * c, 1 - alpha]
    return np.array(b) / a[0], np.array(a) / a[0]


def bands(x):
    """Mean-square energy per 1 ms frame in each band (ClapBands.swift)."""
    out = {}
    for name, (low, high) in EDGES.items():
        y = x
        for kind, f in (("hp", low), ("hp", low), ("lp", high), ("lp", high)):
            y = lfilter(*butterworth(kind, f), y)
        n = len(y) // FRAME
        out[name] = (y[:n * FRAME] ** 2).reshape(n, FRAME).mean(1) + 1e-20
    out["B"] = out["M"] + out["P"] + out["H"]
    out["T"] = out["L"] + out["B"]
    return out


def db(v):
    return 10 * np.log10(np.maximum(v, 1e-20))


def read_wav(path):
    import wave
    with wave.open(path, "rb") as w:
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768


def onsets(e, claps_at):
    """Candidate onsets and their measures, as ClapDetector.decide computes them."""
    B, n = e["B"], len(e["B"])
    # The room's level: the detector tracks it causally; here, the quiet tenth of 5 ms means.
    floor = np.full(n, np.percentile(np.convolve(B, np.ones(5) / 5, "same"), 10))
    T = db(e["T"])
    found, t = [], 250
    while t < n - 30:
        bg = {k: e[k][t - 12:t - 2].mean() for k in ("L", "M", "P", "H", "B")}
        if B[t] < bg["B"] * 10 ** 0.7 or B[t] < floor[t] * 10:
            t += 1
            continue
        add = {k: np.maximum(e[k][t:t + 5] - bg[k], 0) for k in ("L", "M", "P", "H", "B")}
        crack = add["B"].max()
        smooth = np.convolve(B[t - 1:t + 21], np.ones(3) / 3, "valid")
        excluded = np.zeros(t, bool)
        for c in claps_at:
            excluded[max(0, c - 5):min(t, c + 300)] = True
        memory = T[:t - 2] - 2 * (t - 2 - np.arange(t - 2)) / 1000
        memory = memory[~excluded[:t - 2]].max() if (~excluded[:t - 2]).any() else -200
        found.append((t, dict(
            low_at_peak=db(add["L"].max()) - db(crack),
            low_after=db(max((e["L"][t + 12:t + 20] - bg["L"]).mean(), 1e-20)) - db(crack),
            body=db(add["M"].max() / 1000) - db(add["P"].max() / 2500),
            high=db(add["H"].max() / 6000) - db(add["P"].max() / 2500),
            dip=db(smooth[:4].max()) - db(smooth[4:].min()),
            above_recent=T[t:t + 12].max() - memory)))
        t += 20
    return found


# Each measure: which way a clap must lie ("max": at most the limit, "min": at least).
TESTS = {"low_at_peak": "max", "low_after": "max", "body": "min", "high": "max", "dip": "min", "above_recent": "min"}


def limits(claps):
    """Every limit from these claps: the 1st or 99th percentile, widened by 2 dB."""
    out = {}
    for name, way in TESTS.items():
        values = np.array([c[name] for c in claps])
        out[name] = np.percentile(values, 99) + 2 if way == "max" else np.percentile(values, 1) - 2
    return out


def passes(measures, lim):
    return all(measures[n] <= lim[n] if w == "max" else measures[n] >= lim[n] for n, w in TESTS.items())


def main():
    corpus = sys.argv[1]
    items = json.load(open(corpus + "/truth.json"))["items"]
    claps, others = collections.defaultdict(list), collections.defaultdict(list)
    talk_seconds = 0.0
    for item in items:
        e = bands(read_wav(corpus + "/" + item["file"]))
        truth = [int(round(c * 1000)) for c in item["claps"]]
        for t, m in onsets(e, truth):
            if any(-15 <= t - c <= 30 for c in truth):
                if item["category"] in ("quiet", "rhythm", "speech"):
                    claps[item["source"]].append(m)
            elif item["category"] in ("talk", "perc") and not any(0 < t - c <= 160 for c in truth):
                others[item["category"]].append(m)
        if item["category"] == "talk":
            talk_seconds += item["duration"]
    print("held-out source   limits chosen on the other sources      held-out claps passing   talk onsets passing   drum hits passing")
    for held in sorted(claps):
        lim = limits([m for s, ms in claps.items() if s != held for m in ms])
        kept = sum(passes(m, lim) for m in claps[held])
        talk = sum(passes(m, lim) for m in others["talk"])
        drums = sum(passes(m, lim) for m in others["perc"])
        shown = " ".join(f"{k}={v:+.0f}" for k, v in lim.items())
        print(f"{held:16} {shown:45} {kept:3}/{len(claps[held]):3}              "
              f"{talk:3} ({talk * 90 / talk_seconds:.1f}/90 s)     {drums:3}/{len(others['perc'])}")
    lim = limits([m for ms in claps.values() for m in ms])
    print("all sources      " + " ".join(f"{k}={v:+.1f}" for k, v in lim.items()))


if __name__ == "__main__":
    main()
