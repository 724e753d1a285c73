#!/usr/bin/env python3
"""Why claps were missed: `aria-render listen --explain --json` over the clap corpus, per
category and source, naming the test that refused each missed clap.

    scripts/clap-corpus/explain.py CORPUS [ARIA_RENDER] [CATEGORY...]

For every clap of the truth that no detection matched (-15..+30 ms), the refusal nearest its
onset within the same window names the test ("no onset" when the detector heard no onset
there at all). Prints one line per category and source, e.g.
    among   scratch        heard  22/ 24  missed: not_above_recent 1, too_long 1
and, for applause items, how many onsets were refused inside the applause, per test, and how
many claps were the group decision's (a group applauding with no clap standing out).
"""
import collections
import json
import subprocess
import sys


def listen(tool, path):
    """(clap times, [(time, test)] refusals, group claps) of one file."""
    out = subprocess.run([tool, "listen", "--file", path, "--json", "--explain"],
                         check=True, capture_output=True, text=True).stdout
    claps, refusals, group = [], [], 0
    for line in out.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if "refused" in record:
            refusals.append((record["refused"], record["test"]))
        else:
            claps.append(record["time"])
            group += bool(record.get("group"))
    return claps, refusals, group


def main():
    corpus = sys.argv[1]
    tool = sys.argv[2] if len(sys.argv) > 2 else ".build/release/aria-render"
    categories = set(sys.argv[3:]) or {"quiet", "speech", "rhythm", "among", "applause"}
    items = json.load(open(corpus + "/truth.json"))["items"]
    heard, total = collections.Counter(), collections.Counter()
    missed = collections.defaultdict(collections.Counter)
    inside = collections.defaultdict(collections.Counter)
    groups = collections.Counter()
    for item in items:
        if item["category"] not in categories:
            continue
        key = (item["category"], item["source"])
        claps, refusals, group = listen(tool, corpus + "/" + item["file"])
        groups[key] += group
        used = set()
        for onset in item["claps"]:
            total[key] += 1
            match = next((i for i, t in enumerate(claps) if i not in used and -0.015 <= t - onset <= 0.030), None)
            if match is not None:
                used.add(match)
                heard[key] += 1
                continue
            near = [(abs(t - onset), test) for t, test in refusals if -0.015 <= t - onset <= 0.030]
            missed[key][min(near)[1] if near else "no onset"] += 1
        for start, end in item.get("spans", []):
            for t, test in refusals:
                if start <= t <= end:
                    inside[key][test] += 1
    for key in sorted(set(total) | set(inside)):
        why = ", ".join(f"{test} {n}" for test, n in missed[key].most_common())
        line = f"{key[0]:8} {key[1]:16} heard {heard[key]:3}/{total[key]:3}"
        if why:
            line += f"  missed: {why}"
        if inside[key]:
            line += "  refused in the applause: " + ", ".join(f"{t} {n}" for t, n in inside[key].most_common())
        if groups[key]:
            line += f"  claps for the group {groups[key]}"
        print(line)


if __name__ == "__main__":
    main()
