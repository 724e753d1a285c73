#!/usr/bin/env python3
"""What the detector's loudness memory ("loudest recent sound") keeps of a refused loud onset,
and for how long it hides the clap after it, measured on the corpus's `among` items: each
refused loud percussive sound (a knock, a drum: the "hits") and the clap 0.25-0.4 s after it.

    scripts/clap-corpus/memory.py CORPUS

The memory takes the loudest 1 ms (0.1-10 kHz) and fades 2 dB a second; a clap must reach
within 5.5 dB of it. Remembered whole, a sound X dB over the next clap hides it for
(X - 5.5) / 2 seconds; with its first 20 ms forgotten, what is left is its loudest
millisecond 20-60 ms after its onset. ClapDetector forgets a refused crack's first 20 ms unless
it was voiced, and forgets a hit that stood alone, voiced or not, from 10 ms before its onset to
50 ms after: its loudest 1 ms (0-12 ms) at least 20 dB over the mean of 10-30 ms before its
onset (hitRiseDecibels) and the mean of 30-50 ms after at least 10 dB under it
(hitFallDecibels); what is left is its loudest millisecond from 50 ms after its onset to the next clap. Other
sounds (talk, the group's claps) may raise the memory too: this isolates what the refused sound
itself leaves.
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
        loud = T[t:t + 12].max()
        rose = loud - 10 * np.log10(e["T"][t - 30:t - 10].mean())
        fell = loud - 10 * np.log10(e["T"][t + 30:t + 50].mean())
        alone = rose >= 20 and fell >= 10
        nxt = [c for c in it["claps"] if 0 < c - h < 3.5]
        if not nxt: continue
        c = int(round(nxt[0] * 1000)); own = T[c:c + 12].max()
        left = T[t + 50:c - 10].max() if alone else peak  # what a hit that stood alone leaves before the clap
        rows.append((peak - own, after - own, (at - t), nxt[0] - h, rose, fell, alone, left - own))
r = np.array(rows)
print("refused loud hits followed by a clap:", len(r))
print("hit's loudest 1 ms over the next clap's: median %.1f dB, range %.1f..%.1f; reached %d..%d ms after its onset" % (np.median(r[:,0]), r[:,0].min(), r[:,0].max(), r[:,2].min(), r[:,2].max()))
hidden = np.maximum(0, (r[:,0] - 5.5) / 2)
print("remembered whole (fade 2 dB/s, limit -5.5 dB): the next clap is hidden for median %.1f s, up to %.1f s; next clap came %.2f-%.2f s later: %d of %d hidden" % (np.median(hidden), hidden.max(), r[:,3].min(), r[:,3].max(), (hidden > r[:,3]).sum(), len(r)))
h2 = np.maximum(0, (r[:,1] - 5.5) / 2)
print("its first 20 ms forgotten: what is left over the next clap: median %.1f dB (range %.1f..%.1f); hidden for median %.1f s, up to %.1f s: %d of %d hidden" % (np.median(r[:,1]), r[:,1].min(), r[:,1].max(), np.median(h2), h2.max(), (h2 > r[:,3]).sum(), len(r)))
print("rose over the 10-30 ms before it: median %.1f dB (%.1f..%.1f); fell by 30-50 ms after: median %.1f dB (%.1f..%.1f); stood alone (rose >= 20, fell >= 10): %d of %d" % (np.median(r[:,4]), r[:,4].min(), r[:,4].max(), np.median(r[:,5]), r[:,5].min(), r[:,5].max(), r[:,6].sum(), len(r)))
a = r[r[:,6] == 1]
h4 = np.maximum(0, (a[:,7] - 5.5) / 2)
print("of those, forgotten from 10 ms before to 50 ms after: what is left over the next clap: median %.1f dB (range %.1f..%.1f); hidden for median %.1f s, up to %.1f s: %d of %d hidden" % (np.median(a[:,7]), a[:,7].min(), a[:,7].max(), np.median(h4), h4.max(), (h4 > a[:,3]).sum(), len(a)))
