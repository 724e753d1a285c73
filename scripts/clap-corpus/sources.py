"""Where every sound of the clap corpus comes from: Debian packages only.

Each entry names the Debian package, the path of the file inside the package, what the sound
is, its class and its SOURCE (one recordist / kit / session; leave-one-source-out evaluation
groups on it), and the licence the package's copyright file gives for that file.

Classes:
  clap   real acoustic hand clap (must be heard)
  eclap  electronic (drum-machine) or doubtful clap: reported, neither required nor penalised
  snap   finger snap: may count as a clap (neither required nor penalised)
  perc   percussive non-clap (drums, knocks, clicks, cymbals, wood blocks...)
  speech real recorded speech
  music  real music / drum loops
  applause  real recorded applause: a group clapping (and some cheering); single claps in it
            are labelled by onset analysis (build_corpus.py, docs/clap-corpus.md)
"""
import glob
import os

# Where fetch-sources.sh unpacks the .debs ($ARIA_CLAP_PKGROOT); "/" also works if the
# packages are installed.
ROOTS = [os.environ.get("ARIA_CLAP_PKGROOT", os.path.join(os.path.dirname(os.path.abspath(__file__)), "pkgroot")), "/"]

PACKAGES = {
    # package: (version, licence summary from /usr/share/doc/<package>/copyright)
    "hydrogen-drumkits": "2017.09.19~dfsg-1",
    "hydrogen-data": "1.2.0~beta1+dfsg-1",
    "scratch": "1.4.0.6~dfsg1-6.1",
    "chuck-data": "1.4.2.0-1",
    "python-kivy-examples": "2.1.0-1",
    "freepats": "20060219-4",
    "sonic-pi-samples": "3.2.2~repack-8",
    "lmms-common": "1.2.2+dfsg1-6",
    "alsa-utils": "1.2.8-1",
    "ktuberling-data": "4:22.12.3-1",
    "fillets-ng-data": "1.0.1-1.1",
    "foobillardplus-data": "3.43~svn170+dfsg-7",
    "tuxfootball": "0.3.1-7",
    "frozen-bubble-data": "2.212-11",
    "tuxtype-data": "1.8.3-5.1",
}

H2 = "/usr/share/hydrogen/data/drumkits/"
SP = "/usr/share/sonic-pi/samples/"
GIMME = H2 + "Gimme A Hand 1.0/"
COLOMBO = H2 + "ColomboAcousticDrumkit/"
CHUCK = "/usr/share/doc/chuck-data/examples/book/digital-artists/audio/"

# (source id, package, class, licence, description, [path globs])
SOURCES = [
    # ---- real acoustic hand claps -------------------------------------------------------
    ("h2-gimme", "hydrogen-drumkits", "clap", "GPL-2 (Glen MacArthur)",
     "real hand clap, 3 impacts in 35 ms (Gimme A Hand kit; the same recording is "
     "hydrogen-data GMRockKit/HandClap.wav and The Black Pearl 1.0/HandClap.wav; the 5 "
     "velocity layers are one sample scaled, so only one is used)",
     [GIMME + "HandClap-Hard.wav"]),
    ("h2-millo-ml2", "hydrogen-drumkits", "clap", "GPL-2 (Emiliano Grilli)",
     "4 real single hand claps, close-miked, tail gated (Millo_MultiLayered2 kit)",
     [H2 + "Millo_MultiLayered2/clap_0[1-4].flac"]),
    ("h2-millo-v1", "hydrogen-drumkits", "clap", "GPL-2 (Emiliano Grilli)",
     "real dry clap with several impacts over 50 ms (Millo-Drums_v.1 kit)",
     [H2 + "Millo-Drums_v.1/clap_Dry_c.flac"]),
    ("chuck", "chuck-data", "clap", "GPL-2.0+ (chuck-data, Files: *)",
     "hand clap with 2-3 impacts and short room tail (ChucK book examples); probably acoustic",
     [CHUCK + "clap_01.wav"]),
    ("scratch", "scratch", "clap", "CC-BY-SA-3.0 (Scratch Media/*)",
     "hand clap(s), 22.05 kHz (no content above 11 kHz), several impacts; probably acoustic",
     ["/usr/share/scratch/Media/Sounds/Percussion/HandClap.wav"]),
    # ---- electronic / doubtful claps -------------------------------------------------------
    ("h2-electro", "hydrogen-drumkits", "eclap", "GPL-2+ (Artemiy Pavlov) / GPL-2+ (hydrogen-data)",
     "electronic claps (ElectricEmpireKit, HardElectro1)",
     [H2 + "ElectricEmpireKit/EE_Clap.flac", H2 + "HardElectro1/Clap_1.flac"]),
    ("h2-808", "hydrogen-data", "eclap", "GPL-2+ (hydrogen-data, Files: *)",
     "TR-808 emulation clap: equally spaced noise bursts + tail", [H2 + "TR808EmulationKit/808_Clap.flac"]),
    ("lmms", "lmms-common", "eclap", "GPL-2+ (lmms-common, Files: *)",
     "drum-machine claps (909-style bursts + noise tail)", ["/usr/share/lmms/samples/drums/clap0[1-4].ogg"]),
    ("freepats", "freepats", "eclap", "GPL-2+ (freepats copyright)",
     "GM drum patch 'Clap Hand': bursts at 0/10/25 ms + tail, drum-machine-like; origin unknown",
     ["/usr/share/midi/freepats/Drum_000/039_Clap_Hand.pat"]),
    ("kivy", "python-kivy-examples", "eclap", "Expat (python-kivy-examples, Files: *); freesound origin",
     "freesound 12908-12910 'sweet trip mm clap' hi/lo/mid: origin unknown",
     ["/usr/share/kivy-examples/audio/1290[89]_sweet_trip_mm_clap_*.wav",
      "/usr/share/kivy-examples/audio/12910_sweet_trip_mm_clap_mid.wav"]),
    # ---- finger snaps (may count as claps) ------------------------------------------------------
    ("snaps", "mixed", "snap", "see per-file package",
     "finger snaps: Gimme A Hand, Scratch, Sonic Pi (CC0), LMMS, freepats",
     [GIMME + "Fingersnap-Hard.wav", "/usr/share/scratch/Media/Sounds/Human/FingerSnap.wav",
      SP + "perc_snap.flac", SP + "perc_snap2.flac", "/usr/share/lmms/samples/misc/snaph01.ogg",
      "/usr/share/midi/freepats/Drum_000/026_Snap.pat"]),
    # ---- percussive non-claps -------------------------------------------------------------
    ("perc-sonicpi", "sonic-pi-samples", "perc", "CC0 (each file, freesound menegass/Neotone/...)",
     "acoustic drum kit hits, cymbals, cowbell, door knock, impacts, ticks, tabla",
     [SP + n + ".flac" for n in (
         "drum_bass_hard", "drum_heavy_kick", "drum_snare_hard", "drum_snare_soft", "drum_tom_hi_hard",
         "drum_tom_lo_hard", "drum_cymbal_closed", "drum_cymbal_hard", "drum_cymbal_open",
         "drum_cymbal_pedal", "drum_splash_hard", "drum_cowbell", "perc_door", "perc_impact1",
         "elec_tick", "elec_wood", "elec_snare", "sn_dolf", "sn_generic", "bd_haus", "tabla_na",
         "tabla_te1", "tabla_ke1", "perc_bell")]),
    ("perc-gimme", "hydrogen-drumkits", "perc", "GPL-2 (Glen MacArthur)",
     "hand percussion: wood block, clave, cajon slap/thump, bongos, cowbell, tambourine, maraca, glass",
     [GIMME + n + "-Hard.wav" for n in (
         "WoodBlock", "Clave", "CajonSlaps", "CajonThumps", "BongoHi", "BongoLo", "Cowbell",
         "Tambourine", "Maraca", "WaterglassHi")]),
    ("perc-colombo", "hydrogen-drumkits", "perc", "GPL-2+ with composition exception (Marcos Guglielmetti)",
     "acoustic drum kit: kick, snares, rim, toms, hi-hats, cymbals", [COLOMBO + "*.flac", COLOMBO + "*.wav"]),
    ("perc-chuck", "chuck-data", "perc", "GPL-2.0+ (chuck-data, Files: *)",
     "clicks, kick, snare, hi-hat, cowbell (ChucK book)",
     [CHUCK + n for n in ("click_01.wav", "click_02.wav", "kick_01.wav", "snare_01.wav", "hihat_01.wav",
                          "cowbell_01.wav", "stereo_fx_01.wav")]),
    # ---- speech --------------------------------------------------------------------------
    ("sp-alsa", "alsa-utils", "speech", "GPL-2 (alsa-utils, Files: *)",
     "one female speaker, channel-test phrases ('Front Center'...)", ["/usr/share/sounds/alsa/[FRS]*_*.wav"]),
    ("sp-fillets", "fillets-ng-data", "speech", "GPL-2+ (fillets-ng-data copyright)",
     "English game dialogue, several voice actors, 22.05 kHz", ["/usr/share/games/fillets-ng/sound/*/en/*.ogg"]),
] + [
    ("sp-ktub-" + lang, "ktuberling-data", "speech", "GPL-2+ (ktuberling-data, Files: *)",
     f"single words spoken by the '{lang}' ktuberling speaker", [f"/usr/share/ktuberling/sounds/{lang}/*.[ow][ga][gv]"])
    for lang in ("en", "de", "fr", "ru", "da", "ca", "it", "es", "nl", "pt")
] + [
    # ---- applause: groups clapping (each a different recording: build_corpus.py checks that
    # no two share a waveform, as several packages ship one recording under different names) --
    ("app-foobillard", "foobillardplus-data", "applause", "GPL-2 (foobillardplus-data, Files: *)",
     "a room of a few dozen people applauding, single claps standing out, 44.1 kHz stereo, 4.9 s",
     ["/usr/share/games/foobillardplus/data/applause.wav"]),
    ("app-tuxfootball", "tuxfootball", "applause", "GPL-2+ (tuxfootball, Files: *)",
     "a stadium crowd cheering and clapping, whistles and shouts, 22 kHz 8-bit, 6.3 s",
     ["/usr/share/games/tuxfootball/sound/crowdcheer.wav"]),
    ("app-frozenbubble", "frozen-bubble-data", "applause", "GPL-2 (frozen-bubble-data, Files: *)",
     "dense applause of a large audience, few claps standing out, 44.1 kHz stereo Ogg, 2.1 s",
     ["/usr/share/games/frozen-bubble/snd/applause.ogg"]),
    ("app-tuxtype", "tuxtype-data", "applause", "GPL-2 (tuxtype-data, Files: *)",
     "an audience cheering and clapping, 22 kHz; its first 1.45 s carry a synthetic sweep of "
     "tones and are not used",
     ["/usr/share/tuxtype/sounds/cheer.wav"]),
] + [
    # ---- music -----------------------------------------------------------------------------
    ("music-sonicpi", "sonic-pi-samples", "music", "CC0 (each file)",
     "drum loops, tabla loop, ambient piano, guitar",
     [SP + n + ".flac" for n in ("loop_amen", "loop_breakbeat", "loop_tabla", "loop_safari", "loop_compus",
                                 "ambi_piano", "guit_em9", "loop_garzul")]),
]


# Seconds skipped at the start of an applause recording (what precedes is not applause).
APPLAUSE_START = {"app-tuxtype": 1.45}


def resolve(pattern):
    """The files matching `pattern` (a path inside a package) under the first root that has any."""
    for root in ROOTS:
        hits = sorted(glob.glob(os.path.join(root, pattern.lstrip("/"))))
        if hits:
            return [(h, pattern if "*" not in pattern and "[" not in pattern else "/" + os.path.relpath(h, root))
                    for h in hits]
    return []


def files_of(entry):
    """[(local path, path inside the package)] of one SOURCES entry."""
    out = []
    for pattern in entry[5]:
        out += resolve(pattern)
    return out


def package_of(path_in_package):
    """Which package ships a file of the mixed 'snaps' entry."""
    p = path_in_package
    if "hydrogen" in p:
        return "hydrogen-drumkits"
    if "scratch" in p:
        return "scratch"
    if "sonic-pi" in p:
        return "sonic-pi-samples"
    if "lmms" in p:
        return "lmms-common"
    if "freepats" in p:
        return "freepats"
    return "?"
