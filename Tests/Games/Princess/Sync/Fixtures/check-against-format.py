# Independent check: assemble version-1 messages from docs/sync-format.md's table and compare
# with the previous build's encoder's bytes.
import os, struct, sys
def fnv(b):
    h = 0x811C9DC5
    for x in b: h = ((h ^ x) * 0x01000193) & 0xFFFFFFFF
    return h
def text(s): s = s.encode(); return bytes([len(s)]) + s
def msg(version, type_, sender, seq, clock, body):
    head = b"AS" + bytes([version, type_]) + struct.pack("<HI", sender, seq)
    if version >= 2: head += struct.pack("<Q", clock)
    m = head + struct.pack("<H", len(body)) + body
    return m + struct.pack("<I", fnv(m))
kinds = ["sparkle", "luna", "rosie", "crystal", "willow"]
actions = ["wave", "dance", "twirl", "jump", "sparkle"]
effects = ["sparkles", "snow", "bubbles"]
exp = {}
for v in (1, 2):
    exp[f"v{v}-hello"] = msg(v, 1, 1, 1, 7, text("ann"))
    exp[f"v{v}-bye"] = msg(v, 2, 2, 9, 40, b"")
    for i, k in enumerate(kinds):
        body = text(f"ann.{k}-1") + bytes([i]) + struct.pack("<fff", 120.5 + i * 100, 300.25, 1.25)
        if v >= 2: body += struct.pack("<Q", 90 + i)
        exp[f"v{v}-spawn-{k}"] = msg(v, 3, 0, 10 + i, 100 + i, body)
    exp[f"v{v}-update"] = msg(v, 4, 1, 20, 200, text("ben.luna-2") + struct.pack("<fff", 640, 360, 0.75))
    exp[f"v{v}-remove"] = msg(v, 5, 1, 21, 201, text("ann.rosie-1"))
    for i, a in enumerate(actions):
        exp[f"v{v}-action-{a}-all"] = msg(v, 6, 0, 30 + i, 300 + i, bytes([i, 0]))
    exp[f"v{v}-action-jump-character"] = msg(v, 6, 2, 40, 400, bytes([3, 1]) + text("cat.willow-3"))
    for i, e in enumerate(effects):
        exp[f"v{v}-effect-{e}-canvas"] = msg(v, 7, 0, 50 + i, 500 + i, bytes([i, 0]) + struct.pack("<f", -1))
    exp[f"v{v}-effect-snow-point"] = msg(v, 7, 1, 60, 600, bytes([1, 1]) + struct.pack("<fff", 10, 20, 2.5))
    exp[f"v{v}-effect-bubbles-character"] = msg(v, 7, 1, 61, 601, bytes([2, 2]) + text("ann.sparkle-1") + struct.pack("<f", 4))
def stamp(c, p): return struct.pack("<QH", c, p)
recs = [
  text("ann.crystal-1") + bytes([3, 3]) + struct.pack("<fff", 200, 400, 1) + stamp(12, 0) + struct.pack("<Q", 11) + struct.pack("<fff", 250.5, 410, 1.5) + stamp(30, 1),
  text("ben.willow-1") + bytes([1, 4]) + struct.pack("<fff", 900, 500, 2) + stamp(14, 1) + struct.pack("<Q", 0),
  text("cat.luna-1") + bytes([2]) + struct.pack("<fff", 1, 2, 0.5) + stamp(31, 2),
  text("ann.rosie-1") + bytes([4]),
]
exp["v2-snapshot"] = msg(2, 8, 2, 70, 700, struct.pack("<H", 4) + b"".join(recs))
d = sys.argv[1]; bad = 0
assert sorted(exp) == sorted(f[:-4] for f in os.listdir(d) if f.endswith(".bin")), "the files are not the 41 messages"
for name, b in exp.items():
    got = open(f"{d}/{name}.bin", "rb").read()
    if got != b: print("DIFF", name); bad += 1
print(len(exp), "messages;", bad, "differ")
