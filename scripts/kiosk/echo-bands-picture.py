#!/usr/bin/env python3
"""Draws docs/images/echo-bands.png: a typical room replayed (the default scene's soundtrack,
10 dB down and 26 ms late, plus a real corpus clap at -20 dBFS), as the kiosk compares it band
by band: the microphone's spectrogram, the ceiling of the demo's own sound (the played power
within 3 ms of the delay, times the coupling, 4 dB over it, plus -27 dB of the played power
within an octave, held up by 0.25 dB/ms of decay), and the bins 9 dB over it.

usage: scripts/kiosk/echo-bands-picture.py ARIA_RENDER CLAP_CORPUS OUT.png
numpy and scipy only (no plotting library): the PNG is written by hand."""
import json, struct, subprocess, sys, tempfile, zlib
import numpy as np
from scipy.io import wavfile

tool, corpus, out = sys.argv[1:4]
rate, n, hop = 48000, 512, 48
with tempfile.TemporaryDirectory() as folder:
    subprocess.run([tool, "render", "Scenes/default.yaml", "-o", folder + "/s.wav"], check=True, capture_output=True)
    _, played = wavfile.read(folder + "/s.wav")
played = played.astype(np.float64).mean(axis=1) / 32768
truth = json.load(open(corpus + "/truth.json"))
item = next(i for i in truth["items"] if i["file"] == "quiet/chuck_dry.wav")
_, clapfile = wavfile.read(corpus + "/" + item["file"])
clapfile = clapfile.astype(np.float64) / 32768
if clapfile.ndim > 1:
    clapfile = clapfile.mean(axis=1)
at = int(item["claps"][0] * rate)
clap = clapfile[at - 1920:at + 9600]
clap *= 10 ** (-20 / 20) / np.abs(clap).max()

start, seconds = int(4.3 * rate), 0.6  # a busy stretch of the soundtrack
delay = int(0.026 * rate)
segment = played[start - delay - n:start + int(seconds * rate)]
mic = 0.316 * segment[:len(segment) - delay] if False else 0.316 * segment[0:len(segment)]
mic = np.concatenate([np.zeros(delay), mic])[:len(segment)]
mic[n + delay + int(0.3 * rate):][:len(clap)] += clap[:len(mic[n + delay + int(0.3 * rate):])]
mic += 0.0003 * np.random.default_rng(1).uniform(-1, 1, len(mic))
window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)

def spectra(x):
    frames = [(x[e - n:e] * window) for e in range(n, len(x), hop)]
    return np.abs(np.fft.rfft(np.array(frames), axis=1)) ** 2

heard = spectra(mic)
ref = spectra(np.concatenate([np.zeros(delay), segment])[:len(mic)])
near = np.array([ref[max(0, i - 3):i + 4].max(axis=0) for i in range(len(ref))])
k = np.arange(ref.shape[1])
prefix = np.concatenate([np.zeros((len(near), 1)), np.cumsum(near, axis=1)], axis=1)
lo, hi = np.maximum(1, k // 2), np.minimum(len(k), np.maximum(2 * k, k + 2))
octave = (prefix[:, hi] - prefix[:, lo]) / (hi - lo)
direct = 0.1 * 10 ** 0.4 * (near + 10 ** -2.7 * octave)
ceiling = np.zeros_like(direct)
for i in range(len(direct)):
    ceiling[i] = np.maximum(direct[i], (ceiling[i - 1] if i else 0) * 10 ** -0.025)
clear = heard > 10 ** 0.9 * (ceiling + 1e-6)

top = int(10000 / (rate / n))
def image(values, low, high):
    db = 10 * np.log10(values[:, 1:top].T[::-1] + 1e-12)
    level = np.clip((db - low) / (high - low), 0, 1)
    # A dark blue to yellow ramp.
    return np.stack([255 * level ** 0.8, 200 * level, 120 * (1 - level) + 40 * level], axis=-1).astype(np.uint8)

panels = [image(heard, -40, 40), image(ceiling, -40, 40),
          np.where(clear[:, 1:top].T[::-1, :, None], np.array([250, 240, 80], np.uint8), np.array([30, 30, 60], np.uint8))]
gap = np.full((6, panels[0].shape[1], 3), 255, np.uint8)
picture = np.concatenate([panels[0], gap, panels[1], gap, panels[2]])
picture = np.repeat(np.repeat(picture, 2, axis=0), 2, axis=1)
raw = b"".join(b"\x00" + row.tobytes() for row in picture)
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
height, width = picture.shape[:2]
with open(out, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
print(f"{out}: {width}x{height}; time left to right ({seconds} s), 0-10 kHz bottom to top; "
      "microphone, ceiling, bins 9 dB over it")
