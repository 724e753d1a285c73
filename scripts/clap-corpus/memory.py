#!/usr/bin/env python3
"""What the detector's loudness memory ("loudest recent sound") keeps of a refused loud onset,
and for how long it hides the clap after it, measured on the corpus's `among` items: each
refused loud percussive sound (a knock, a drum: the "hits") and the clap 0.25-0.4 s after it.

    scripts/clap-corpus/memory.py CORPUS

The memory takes the loudest 1 ms (0.1-10 kHz) and fades 2 dB a second; a clap must reach
within 5.5 dB of it. Remembered whole, a sound X dB over the next clap hides it for
(X - 5.5) / 2 seconds; with its first 20 ms forgotten, what is left is its loudest
millisecond 20-60 ms after its onset; ClapDetector remembers those 20 ms apart, fading
4 dB a second (refusedCrackFadeDecibelsPerSecond), and the rest as before. Other sounds (talk, the group's
claps) may raise the memory too: this isolates what the refused sound itself leaves.
"""
import json, sys, numpy as np
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from loso import bands, read_wav, db
C = sys.argv[1] if len(sys.argv) > 1 else ".build/clap-corpus"
items = [i for i in json.load(open(C + "/truth.json"))["items"] if i["category"] == "among"]
rows = []
for it in items:
    e = bands(read_wav(C + "/" + it["file"])); T = db(e["T"])
    for h in it["hits"]:
        t = int(round(h * 1000))
        peak = T[t:t + 20].max(); at = t + int(np.argmax(T[t:t + 20]))
        after = T[t + 20:t + 60].max()  # what is left once its first 20 ms are forgotten
        nxt = [c for c in it["claps"] if 0 < c - h < 3.5]
        if not nxt: continue
        c = int(round(nxt[0] * 1000)); own = T[c:c + 12].max()
        rows.append((peak - own, after - own, (at - t), nxt[0] - h))
r = np.array(rows)
print("refused loud hits followed by a clap:", len(r))
print("hit's loudest 1 ms over the next clap's: median %.1f dB, range %.1f..%.1f; reached %d..%d ms after its onset" % (np.median(r[:,0]), r[:,0].min(), r[:,0].max(), r[:,2].min(), r[:,2].max()))
hidden = np.maximum(0, (r[:,0] - 5.5) / 2)
print("remembered whole (fade 2 dB/s, limit -5.5 dB): the next clap is hidden for median %.1f s, up to %.1f s; next clap came %.2f-%.2f s later: %d of %d hidden" % (np.median(hidden), hidden.max(), r[:,3].min(), r[:,3].max(), (hidden > r[:,3]).sum(), len(r)))
h2 = np.maximum(0, (r[:,1] - 5.5) / 2)
print("its first 20 ms forgotten: what is left over the next clap: median %.1f dB (range %.1f..%.1f); hidden for median %.1f s, up to %.1f s: %d of %d hidden" % (np.median(r[:,1]), r[:,1].min(), r[:,1].max(), np.median(h2), h2.max(), (h2 > r[:,3]).sum(), len(r)))
h3 = np.maximum(np.maximum(0, (r[:,0] - 5.5) / 4), h2)
print("as ClapDetector does (its first 20 ms fading 4 dB/s, the rest 2 dB/s): hidden for median %.1f s, up to %.1f s: %d of %d hidden" % (np.median(h3), h3.max(), (h3 > r[:,3]).sum(), len(r)))
