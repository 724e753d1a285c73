#!/usr/bin/env python3
"""What moved between two sets of golden frames (old and new Golden/ folders): for every scene,
the frames that differ, the most pixels of one frame that differ beyond pixelmatch's colour
threshold, the largest colour difference (pixelmatch's YIQ distance, 0..1 of the greatest
possible, the scale of the manifest's `threshold`) and the largest difference of one channel,
and side-by-side crops (old | new, enlarged) around the pixel that moved most.

    golden-moves.py OLD_GOLDEN NEW_GOLDEN CROPS_FOLDER > table.md

Reads the PNGs with ImageMagick's `convert` (RGBA bytes) and compares them with numpy; a
difference counted here is pixelmatch's without its anti-aliasing exemption (the check's own
counts, which exempt it, are in its report)."""
import os
import subprocess
import sys

import numpy as np

THRESHOLD = 0.1  # the manifest's tolerance threshold
MAX_YIQ = 35215.0  # pixelmatch's greatest possible YIQ delta
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"  # for the crops' labels


def read(path):
    size = subprocess.run(["identify", "-format", "%w %h", path], check=True, capture_output=True, text=True).stdout
    width, height = map(int, size.split())
    raw = subprocess.run(["convert", path, "-depth", "8", "rgba:-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 4).astype(np.float64)


def blend(image):
    # pixelmatch blends a translucent pixel with white before comparing.
    alpha = image[..., 3:4] / 255
    return 255 + (image[..., :3] - 255) * alpha


def yiq_delta(a, b):
    a, b = blend(a), blend(b)

    def yiq(rgb):
        r, g, bl = rgb[..., 0], rgb[..., 1], rgb[..., 2]
        return (r * 0.29889531 + g * 0.58662247 + bl * 0.11448223,
                r * 0.59597799 - g * 0.27417610 - bl * 0.32180189,
                r * 0.21147017 - g * 0.52261711 + bl * 0.31114694)

    y1, i1, q1 = yiq(a)
    y2, i2, q2 = yiq(b)
    return 0.5053 * (y1 - y2) ** 2 + 0.299 * (i1 - i2) ** 2 + 0.1957 * (q1 - q2) ** 2


def main(old_root, new_root, crops):
    os.makedirs(crops, exist_ok=True)
    print("| scene | frames that moved | most pixels beyond 0.1 in a frame | largest YIQ difference | "
          "largest channel difference | worst spot (frame, x, y) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for scene in sorted(os.listdir(new_root)):
        folder = os.path.join(new_root, scene)
        if not os.path.isdir(folder):
            continue
        frames = sorted(f for f in os.listdir(folder) if f.endswith(".png"))
        moved, most, worst = 0, 0, (0.0, None, 0, 0)
        channel = 0
        for name in frames:
            old_path = os.path.join(old_root, scene, name)
            if not os.path.exists(old_path):
                continue
            old, new = read(old_path), read(os.path.join(folder, name))
            if old.shape != new.shape or np.array_equal(old, new):
                continue
            moved += 1
            delta = yiq_delta(old, new)
            most = max(most, int((delta > MAX_YIQ * THRESHOLD * THRESHOLD).sum()))
            channel = max(channel, int(np.abs(old - new).max()))
            y, x = np.unravel_index(np.argmax(delta), delta.shape)
            largest = float(np.sqrt(delta[y, x] / MAX_YIQ))
            if largest > worst[0]:
                worst = (largest, name, x, y)
        if worst[1] is None:
            print(f"| {scene} | 0 of {len(frames)} | 0 | 0 | 0 | — |")
            continue
        largest, name, x, y = worst
        crop = os.path.join(crops, f"{scene}.png")
        side = 40
        geometry = f"{side}x{side}+{max(x - side // 2, 0)}+{max(y - side // 2, 0)}"
        subprocess.run(["montage", "-label", "before", os.path.join(old_root, scene, name), "-label", "after",
                        os.path.join(folder, name), "-crop", geometry, "+repage", "-filter", "point", "-resize", "400%",
                        "-tile", "2x1", "-geometry", "+4+4", "-font", FONT, "-pointsize", "14", crop], check=True)
        print(f"| {scene} | {moved} of {len(frames)} | {most} | {largest:.3f} | {channel} | "
              f"{name.removeprefix('frame_').removesuffix('.png').lstrip('0') or '0'}, {x}, {y} |")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: golden-moves.py OLD_GOLDEN NEW_GOLDEN CROPS_FOLDER")
    main(*sys.argv[1:])
