#!/usr/bin/env bash
# Installs the Debian packages aria-render needs, only those missing.
# Usage: scripts/install-deps.sh [render|fast|test|soak]   (test also installs what the tests
# use; fast what the quick lane's pure suites use; soak what the tests use and the kiosk soak's
# distorting room, `aria-bench kiosk-soak --room distorting`)
set -euo pipefail

purpose="${1:-render}"
packages=(pkg-config libcairo2-dev libpulse-dev libxcb1-dev libxcb-shm0-dev libdeflate-dev libisal-dev ffmpeg)
# The scene hash of shard manifests is SHA-256 from the system's libcrypto; saved state is
# SQLite (profiles: SavedState links the system's libsqlite3).
packages+=(libssl-dev libsqlite3-dev)
# The HUD's text: Pango, a rounded face for children, and fallbacks for non-Latin scripts
# (Noto CJK for Hangul: FindIt speaks Korean, and Quicksand and Noto core have no Hangul).
packages+=(libpango1.0-dev fonts-quicksand fonts-noto-core fonts-noto-cjk fonts-dejavu-core)
# An emoji in a caption is drawn in colour from Noto Color Emoji, not as an empty box.
packages+=(fonts-noto-color-emoji)
# Games speak their lines through libespeak-ng (English, Korean); FindIt draws Hangul in the
# rounded NanumSquareRound of fonts-nanum-extra.
packages+=(libespeak-ng-dev espeak-ng-data fonts-nanum fonts-nanum-extra)
# Designers' skins are SVG, drawn by librsvg onto the Cairo canvas.
packages+=(librsvg2-dev)
# SQLite's own tool reads the saved-state files back from outside (the quick lane's tests too).
case "$purpose" in
    render | fast | test | soak) ;;
    *) echo "install-deps: no purpose $purpose: render, fast, test or soak" >&2; exit 2 ;;
esac
if [[ "$purpose" != "render" ]]; then packages+=(sqlite3); fi
if [[ "$purpose" == "test" || "$purpose" == "soak" ]]; then
    packages+=(pulseaudio pulseaudio-utils xvfb x11-apps x11-utils xdotool imagemagick sox libsox-fmt-all espeak-ng)
    # Tesseract reads the widgets' words back off rendered PNGs, in English and Korean.
    packages+=(tesseract-ocr tesseract-ocr-eng tesseract-ocr-kor)
    # Inkscape re-saves exported skins: SVG written by a tool this project did not write.
    packages+=(inkscape)
    # A real browser: Chromium shows the videos this tool writes (BrowserColourTests).
    packages+=(chromium)
    # A real one-node Slurm cluster for the farm test (scripts/slurm-cluster.sh).
    packages+=(slurmctld slurmd slurm-client munge)
    # The clap corpus of real recordings is mixed with numpy and scipy.
    if ! python3 -c 'import numpy, scipy' 2>/dev/null; then packages+=(python3-numpy python3-scipy); fi
    # Pillow reads the PNG sequences back (PNGEncoderTests).
    if ! python3 -c 'import PIL' 2>/dev/null; then packages+=(python3-pil); fi
fi
# The distorting room's small speaker: swh-plugins' harmonic generator in a LADSPA sink.
if [[ "$purpose" == "soak" ]]; then packages+=(swh-plugins); fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ! command -v swift >/dev/null 2>&1; then
    echo "install-deps: the Swift toolchain (6.0 or later) is not on PATH; install it from swift.org first" >&2
    exit 3
fi

if ((${#missing[@]} == 0)); then
    exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
sudo=""
if [[ "$(id -u)" != "0" ]]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2
        exit 3
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
