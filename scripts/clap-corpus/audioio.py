"""Small audio I/O helpers shared by the corpus builder, detector tests and evaluation.

Everything is read through sox (WAV, FLAC, OGG, AIFF) into mono float64 at 48 kHz, except
GUS patches (.pat, as in freepats), which are parsed here.
"""
import struct
import subprocess
import wave

import numpy as np

SR = 48000


def read_any(path, sr=SR):
    """Returns `path` as mono float64 samples at `sr` Hz (channels averaged)."""
    if str(path).lower().endswith(".pat"):
        x, rate = read_gus_patch(path)
        return resample(x, rate, sr)
    # sox: any format -> raw 32-bit float, mono (channels averaged), high-quality resampling.
    out = subprocess.run(
        ["sox", "-V1", str(path), "-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1",
         "-r", str(sr), "-"],
        check=True, stdout=subprocess.PIPE).stdout
    return np.frombuffer(out, dtype="<f4").astype(np.float64)


def resample(x, rate, sr=SR):
    """Resamples with sox's band-limited resampler (via a raw pipe)."""
    if rate == sr:
        return x
    out = subprocess.run(
        ["sox", "-V1", "-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-r", str(rate), "-",
         "-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-r", str(sr), "-"],
        input=x.astype("<f4").tobytes(), check=True, stdout=subprocess.PIPE).stdout
    return np.frombuffer(out, dtype="<f4").astype(np.float64)


def read_gus_patch(path):
    """The first sample of a Gravis UltraSound patch (.pat): (float samples, rate in Hz).

    Layout: 129-byte file header, 64-byte instrument header, 64-byte layer header (the last
    bytes of the 129-byte header are its reserved area), then per sample a 96-byte header:
    name[7], fractions, data length (uint32 @8), loop start, loop end, rate (uint16 @20),
    ..., modes (uint8 @55: bit0 16-bit, bit1 unsigned), then the data.
    """
    data = open(path, "rb").read()
    off = 129 + 40 + 2 + 63 + 5  # = 239: start of the first sample header
    # The first sample header starts at byte 239 in every GF1PATCH110 file.
    length = struct.unpack_from("<I", data, off + 8)[0]
    rate = struct.unpack_from("<H", data, off + 20)[0]
    modes = data[off + 55]
    raw = data[off + 96: off + 96 + length]
    if modes & 1:
        x = np.frombuffer(raw[: len(raw) // 2 * 2], dtype="<u2" if modes & 2 else "<i2").astype(np.float64)
        if modes & 2:
            x -= 32768
        x /= 32768
    else:
        x = np.frombuffer(raw, dtype=np.uint8 if modes & 2 else np.int8).astype(np.float64)
        if modes & 2:
            x -= 128
        x /= 128
    return x, rate


def write_wav(path, x, sr=SR):
    """Writes mono 16-bit PCM (clipped to [-1, 1))."""
    y = np.clip(np.round(np.asarray(x) * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(y.tobytes())


def read_wav(path):
    """Reads a 16-bit mono WAV written by write_wav: (float64 samples, rate)."""
    with wave.open(str(path), "rb") as w:
        sr = w.getframerate()
        y = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
        if w.getnchannels() > 1:
            y = y.reshape(-1, w.getnchannels()).mean(axis=1)
    return y, sr
