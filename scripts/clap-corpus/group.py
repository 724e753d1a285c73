#!/usr/bin/env python3
"""How the detector's "a group applauds" decision (Sources/Audio/Detection/GroupApplause.swift)
separates applause from everything else in the clap corpus, and whether its limits hold for a
recording they were not set on.

    scripts/clap-corpus/group.py CORPUS

It measures what GroupApplause measures, the same way (1 ms frames of the four bands, 10 ms
blocks, the last 0.6 s, held 0.1 s more, a clap for the group at most every 0.5 s), and prints:
- per applause recording, each measure inside the applause (10th percentile / median / 90th);
- per category of the corpus, how many windows pass every test, and the claps the group
  decision alone would make (applause: seconds with one, of the whole seconds it claps);
- leaving one applause recording out: every limit learned from the other three (their 5th or
  95th percentile inside the applause, widened by 2 dB, 20 % for the impulse rate) and the
  held-out recording's seconds heard, with the claps those limits make where nobody applauds.
"""
import collections
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loso import bands, db, read_wav  # noqa: E402

WINDOW, HOLD, REPEAT = 60, 10, 0.5  # blocks of 10 ms, blocks, seconds
LIMITS = dict(above=10, steadiness=5, sway=10, low=-7, middle=12, high=-18, impulses=10)
WAY = dict(above="min", steadiness="max", sway="max", low="max", middle="max", high="min", impulses="min")


def blocks(e):
    """10 ms blocks: band means and impulses (a frame 5 dB over frames t-12..t-3, 5 ms apart)."""
    B = e["B"]
    n = len(B)
    before = np.concatenate([np.full(3, 1e-20), np.convolve(B, np.ones(10) / 10, "full")[:n - 3]])
    impulse, last = np.zeros(n, bool), -100
    for t in np.nonzero(B >= before * 10 ** 0.5)[0]:
        if t >= 13 and t - last >= 5:
            impulse[t], last = True, t
    nb = n // 10
    mean = lambda a: a[:nb * 10].reshape(nb, 10).mean(1)  # noqa: E731
    return dict(B=mean(B), L=mean(e["L"]), M=mean(e["M"]), P=mean(e["P"]), H=mean(e["H"]),
                I=impulse[:nb * 10].reshape(nb, 10).sum(1))


def windows(f):
    """The measures of every window ending at each block (None before the first full one)."""
    out, room = [], None
    for j in range(len(f["B"])):
        level = db(f["B"][j])
        room = level if room is None or level < room else room + 0.01  # rises 1 dB a second
        if j < WINDOW - 1:
            out.append(None)
            continue
        s = slice(j - WINDOW + 1, j + 1)
        levels = db(f["B"][s])
        chunks = db(f["B"][s].reshape(-1, 5).mean(1))
        out.append(dict(t=(j + 1) / 100, above=np.sort(levels)[WINDOW // 10] - room, steadiness=levels.std(),
                        sway=chunks.max() - chunks.min(), low=db(f["L"][s].sum()) - db(f["B"][s].sum()),
                        middle=db(f["M"][s].sum() / 1000) - db(f["P"][s].sum() / 2500),
                        high=db(f["H"][s].sum() / 6000) - db(f["P"][s].sum() / 2500),
                        impulses=f["I"][s].sum() * 100 / WINDOW))
    return out


def passes(w, limits):
    return all(w[k] >= v if WAY[k] == "min" else w[k] <= v for k, v in limits.items())


def claps(ws, limits):
    """When the group decision alone makes a clap."""
    held, last, out = 0, -9.0, []
    for w in ws:
        held = held + 1 if w is not None and passes(w, limits) else 0
        if held >= HOLD and w["t"] - last >= REPEAT - 1e-9:
            out.append(w["t"])
            last = w["t"]
    return out


def seconds(item, times):
    start, end = item["spans"][0]
    whole = int(end - start)
    return sum(any(start + k <= t < start + k + 1 for t in times) for k in range(whole)), whole


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else ".build/clap-corpus"
    items = json.load(open(corpus + "/truth.json"))["items"]
    measured = [(item, windows(blocks(bands(read_wav(corpus + "/" + item["file"]))))) for item in items]
    inside = {}
    for item, ws in measured:
        if item["category"] == "applause":
            start, end = item["spans"][0]
            inside[item["source"]] = [w for w in ws if w and start + 0.6 <= w["t"] <= end]
            print(f"{item['source']:16} " + "  ".join(
                f"{k} {np.percentile([w[k] for w in inside[item['source']]], 10):.1f}/"
                f"{np.median([w[k] for w in inside[item['source']]]):.1f}/"
                f"{np.percentile([w[k] for w in inside[item['source']]], 90):.1f}" for k in LIMITS))
    passing, total, made = collections.Counter(), collections.Counter(), collections.Counter()
    for item, ws in measured:
        key = item["category"]
        for w in ws:
            if w is not None:
                total[key] += 1
                passing[key] += passes(w, LIMITS)
        times = claps(ws, LIMITS)
        if key == "applause":
            heard, whole = seconds(item, times)
            print(f"applause {item['source']:16} the group decision alone: a clap in {heard}/{whole} s, {len(times)} claps")
        else:
            made[key] += len(times)
    for key in sorted(total):
        if key != "applause":
            print(f"{key:8} windows passing every test {passing[key]}/{total[key]}, claps for a group {made[key]}")
    print("leaving one applause recording out:")
    for held in sorted(inside):
        others = [w for s, ws in inside.items() if s != held for w in ws]
        learned = {}
        for k in LIMITS:
            values = [w[k] for w in others]
            widen = 0.2 * np.percentile(values, 5) if k == "impulses" else 2
            learned[k] = np.percentile(values, 5) - widen if WAY[k] == "min" else np.percentile(values, 95) + widen
        false = sum(len(claps(ws, learned)) for item, ws in measured if item["category"] not in ("applause", "among"))
        item, ws = next((i, ws) for i, ws in measured if i["source"] == held)
        heard, whole = seconds(item, claps(ws, learned))
        print(f"  {held:16} a clap in {heard}/{whole} s; claps where nobody applauds {false}; limits "
              + ", ".join(f"{k} {v:.1f}" for k, v in learned.items()))


if __name__ == "__main__":
    main()
