#!/usr/bin/env python3
"""Writes FindIt's example photos: small real PNG files (48x48 RGB) of a toy object on a
plain background, one per angle, plus one taken in the dark. Pure Python (zlib), so the
bytes are the same on every machine; run it from this folder to remake them."""
import struct
import zlib

SIZE = 48
ANGLES = ["front", "back", "left", "right", "top"]
# item: (object colour, background colour, shape)
ITEMS = {
    "keys": ((58, 111, 216), (246, 232, 208), "ring"),
    "bear": ((176, 122, 74), (236, 244, 250), "blob"),
    "cup": ((244, 196, 48), (226, 238, 226), "box"),
    "ball": ((232, 72, 72), (250, 240, 228), "blob"),
}


def png(pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def photo(colour, background, shape, angle, light=1.0):
    index = ANGLES.index(angle)
    cx, cy = 24 + (index - 2) * 2, 24 + (1 if index % 2 else -1) * 2
    rx, ry = 13 + index % 3, 11 + (index + 1) % 3
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            dx, dy = (x - cx) / rx, (y - cy) / ry
            inside = {
                "ring": 0.45 <= dx * dx + dy * dy <= 1,
                "blob": dx * dx + dy * dy <= 1,
                "box": abs(dx) <= 0.8 and abs(dy) <= 1,
            }[shape]
            base = colour if inside else background
            shade = 1 - 0.15 * (y / SIZE)  # light from above
            row += [max(0, min(255, int(c * shade * light))) for c in base]
        rows.append(row)
    return png(rows)


for item, (colour, background, shape) in ITEMS.items():
    for angle in ANGLES:
        with open(f"{item}-{angle}.png", "wb") as out:
            out.write(photo(colour, background, shape, angle))
with open("ball-dark.png", "wb") as out:
    out.write(photo(*ITEMS["ball"], "front", light=0.12))
