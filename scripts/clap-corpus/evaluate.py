#!/usr/bin/env python3
"""Scores `aria-render listen` on the clap corpus, per category and source.

    scripts/clap-corpus/evaluate.py CORPUS [ARIA_RENDER]

A clap is heard when a detection lies within -15..+30 ms of its onset (one detection per clap;
the others are false claps). Detections within -30..+100 ms of a "don't care" onset (finger
snaps, electronic claps) count neither way. A percussion hit is "taken for a clap" when a
detection lies within -30..+150 ms of it. Inside an applause item's spans, detections that
match no labelled clap are other people's claps: neither heard nor false; each whole second of
a span counts as "covered" when it holds at least one detection. Prints one line per category
and source, then a summary line.
"""
import collections
import json
import subprocess
import sys


def score(item, times, group=0):
    """Counts for one corpus item: claps, heard, false, hits, taken, seconds."""
    used = [False] * len(times)
    heard = 0
    for clap in item["claps"]:
        for i, t in enumerate(times):
            if not used[i] and -0.015 <= t - clap <= 0.030:
                used[i] = True
                heard += 1
                break
    for onset in item["dontcare"]:
        for i, t in enumerate(times):
            if not used[i] and -0.030 <= t - onset <= 0.100:
                used[i] = True
    taken = 0
    for hit in item.get("hits", []):
        found = False
        for i, t in enumerate(times):
            if not used[i] and -0.030 <= t - hit <= 0.150:
                used[i] = True
                found = True
        taken += found
    seconds = covered = 0
    for start, end in item.get("spans", []):
        for i, t in enumerate(times):
            if start <= t <= end:
                used[i] = True
        seconds += int(end - start)
        covered += sum(any(start + k <= t < start + k + 1 for t in times) for k in range(int(end - start)))
    return collections.Counter(claps=len(item["claps"]), heard=heard, false=used.count(False),
                               hits=len(item.get("hits", [])), taken=taken, seconds=item["duration"],
                               applause_seconds=seconds, covered=covered, group=group)


def main():
    corpus = sys.argv[1]
    tool = sys.argv[2] if len(sys.argv) > 2 else ".build/release/aria-render"
    items = json.load(open(corpus + "/truth.json"))["items"]
    totals = collections.defaultdict(collections.Counter)
    for item in items:
        out = subprocess.run([tool, "listen", "--file", corpus + "/" + item["file"], "--json"],
                             check=True, capture_output=True, text=True).stdout
        records = [json.loads(line) for line in out.splitlines() if line.strip()]
        times = [r["time"] for r in records]
        totals[(item["category"], item["source"])].update(score(item, times, sum(bool(r.get("group")) for r in records)))
    for (category, source), s in sorted(totals.items()):
        covered = f"  a clap in {s['covered']}/{s['applause_seconds']} s of applause" if s["applause_seconds"] else ""
        covered += f"  claps for a group {s['group']}" if s["group"] else ""
        print(f"{category:8} {source:16} heard {s['heard']:3}/{s['claps']:3}  false {s['false']:2}  "
              f"drums taken {s['taken']}/{s['hits']}  {s['seconds']:.0f} s{covered}")

    def total(category, field):
        return sum(s[field] for (c, _), s in totals.items() if c == category)
    talk = total("talk", "seconds")
    print(f"SUMMARY quiet {total('quiet', 'heard')}/{total('quiet', 'claps')} "
          f"speech {total('speech', 'heard')}/{total('speech', 'claps')} "
          f"rhythm {total('rhythm', 'heard')}/{total('rhythm', 'claps')} | "
          f"talk false {total('talk', 'false')} in {talk:.0f} s ({total('talk', 'false') * 90 / max(talk, 1):.1f} per 90 s) | "
          f"drums {total('perc', 'taken')}/{total('perc', 'hits')} | music false {total('music', 'false')} | "
          f"among {total('among', 'heard')}/{total('among', 'claps')} | "
          f"applause seconds {total('applause', 'covered')}/{total('applause', 'applause_seconds')} "
          f"single claps {total('applause', 'heard')}/{total('applause', 'claps')} false {total('applause', 'false')} | "
          f"claps for a group where nobody applauds "
          f"{sum(s['group'] for (c, _), s in totals.items() if c not in ('among', 'applause'))}")


if __name__ == "__main__":
    main()
