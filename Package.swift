// swift-tools-version:6.0
import PackageDescription

// The AVX2 kernel's module is compiled for AVX2 on x86-64 machines (the manifest sees the
// building machine's architecture, so cross-compiling to another one is not covered).
#if arch(x86_64)
let avx2: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-mavx2"])]
#else
let avx2: [SwiftSetting] = []
#endif

/// Optimised even in a debug build: the clap detector's spectra, run by the tests over minutes
/// of replayed rooms, and the shared sessions' thousands of simulated networks took most of the
/// suite's CPU time unoptimised (the release build is optimised anyway; Swift does not reorder
/// floating-point arithmetic, so the results agree).
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// Not optimised even in a release build: modules that read, plan and wire once per command and
/// never run per frame or per sample (scene files, traces, the game seam, the orchestration, the
/// catalogue, QA's checker and the tool's own). Optimising them cost a new clone's first `make
/// render` about a minute; without it a render and a passing `check` are as fast.
let unoptimisedInRelease: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

/// The games of one module each. A game `Name` is the module `NameGame` in Sources/Games/Name and
/// its tests `NameGameTests` in Tests/Games/Name: its line here is all this file says of it
/// (docs/games/new-game.md). The princess game, of three modules, is written out below.
let games = [
    "Example",
    "GlitchSquad",
    "FindIt",
    "BubblePop",
]

/// What a game may use: every kit (the `any-game` line of docs/architecture.md allows the same).
let gameKits: [Target.Dependency] = ["Audio", "CCairo", "CPango", "CVBus", "Drawing", "ECS", "Effects", "Feedback", "GameKit", "SavedState",
                                     "Scene", "Skins", "Speech", "Trace", "Vocabulary", .product(name: "Yams", package: "Yams")]
/// What a game's tests use besides its kits: the lobby, the QA checker and the shared test support.
let gameTestKits: [Target.Dependency] = ["Catalogue", "Golden", "TestSupport"]
/// The modules of the games of `games`, for the catalogue.
let gameModules: [Target.Dependency] = games.map { .target(name: $0 + "Game") }

/// A game's module and its test target, made from its name in `games`.
func gameTargets(_ name: String) -> [Target] {
    [.target(name: name + "Game", dependencies: gameKits, path: "Sources/Games/" + name),
     .testTarget(name: name + "GameTests", dependencies: [.target(name: name + "Game")] + gameKits + gameTestKits, path: "Tests/Games/" + name)]
}

/// The studio's web server brings SwiftNIO, Hummingbird and their packages, which a render never
/// builds but SwiftPM resolves and plans all the same (about 25 s of a new clone's first render):
/// `make render` sets ARIA_RENDER_ONLY=1 to leave them, the studio and its tests out.
let withStudio = Context.environment["ARIA_RENDER_ONLY"] == nil
/// The studio's server, its own program so that aria-render never links SwiftNIO: `aria-render
/// studio` hands over to it (docs/studio.md).
let studioProducts: [Product] = [.executable(name: "aria-studio", targets: ["aria-studio"])]
let studioPackages: [Package.Dependency] = [
    // The studio's web server and its WebSocket (docs/studio.md); only Studio imports them.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
]
let studioTargets: [Target] = [
    // The studio: a local web page with the player, the timeline and hot reload; every use
    // of SwiftNIO and Hummingbird stays in this module.
    .target(name: "Studio", dependencies: ["GameKit", "Golden", "ImageDiff", "Output", "Rendering", "Scene", "Trace",
                                           .product(name: "Hummingbird", package: "hummingbird"),
                                           .product(name: "HummingbirdCore", package: "hummingbird"),
                                           .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                                           .product(name: "NIOCore", package: "swift-nio"),
                                           .product(name: "NIOHTTP1", package: "swift-nio"),
                                           .product(name: "Logging", package: "swift-log"),
                                           .product(name: "HTTPTypes", package: "swift-http-types")],
            resources: [.copy("Page")]),
    .executableTarget(name: "aria-studio", dependencies: ["Catalogue", "Studio", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .testTarget(name: "StudioTests", dependencies: ["DevTools", "ImageDiff", "Output", "Studio", "TestSupport"]),
]

/// aria-render: the scene of Aria's Magic as a deterministic 2D ECS, rendered headless with Cairo.
/// docs/architecture.md draws the modules and which may import which; ArchitectureTests keeps to it.
let package = Package(
    name: "aria-render",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aria-render", targets: ["aria-render"]),
        .executable(name: "aria-bench", targets: ["aria-bench"]),
        .library(name: "ECS", targets: ["ECS"]),
    ] + (withStudio ? studioProducts : []),
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ] + (withStudio ? studioPackages : []),
    targets: [
        // C libraries, found through pkg-config; `make` installs the Debian packages.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse-simple", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "cairo-xcb", providers: [.apt(["libcairo2-dev", "libxcb1-dev", "libxcb-shm0-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Intel's ISA-L: the fast PNGs' deflate streams, several times faster than libdeflate's.
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // Text of the HUD: Pango lays it out, pangocairo draws it (fonts from fontconfig).
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // Designers' skins: SVG drawn by librsvg onto the same Cairo canvas.
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        // SHA-256 of shard manifests' scene hash, from the system's libcrypto.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Profiles: the system's SQLite (a Swift wrapper of it cost the first render a minute and
        // a half of compiling; what SavedState needs of it is a connection and a few statements).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // The simulation: pure Swift, no I/O.
        .target(name: "ECS"),
        .target(name: "Vocabulary"),
        .target(name: "Effects", dependencies: ["ECS", "Vocabulary"]),
        // The scene layer: the scene file (YAML/JSON with positions, its header, diagnostics and caps)
        // and the timeline with the input queue.
        .target(name: "Scene", dependencies: ["ECS", "Yams"], swiftSettings: unoptimisedInRelease),
        // The CV event bus: camera detections (scripted, recorded, streamed, mocked) to events a game subscribes to. Pure.
        .target(name: "CVBus", dependencies: ["Scene"], swiftSettings: unoptimisedInRelease),
        .target(name: "Trace", dependencies: ["ECS", "Scene"], swiftSettings: unoptimisedInRelease),
        // Feedback: sound cues and haptics as every game traces them, and the switches that gate them.
        .target(name: "Feedback", dependencies: ["Trace", "Vocabulary"], swiftSettings: unoptimisedInRelease),
        // Saved state: what a game keeps between runs, per game and profile, in one SQLite file.
        .target(name: "SavedState", dependencies: ["CSQLite"], swiftSettings: unoptimisedInRelease),
        // The seam: what engine modules know of a game (module, scene, simulation, painter, run)
        // and the catalogue's way from a scene file to its game.
        .target(name: "GameKit", dependencies: ["CVBus", "ECS", "Audio", "Drawing", "Feedback", "SavedState", "Scene", "Trace", "Vocabulary"], swiftSettings: unoptimisedInRelease),
        .target(name: "Princess", dependencies: ["ECS", "Effects", "Vocabulary", "Scene", "Trace", "Feedback"], path: "Sources/Games/Princess/Simulation"),
        .target(name: "ImageDiff"),
        // Shard plans, piece manifests and the checks before assembly: pure Swift.
        .target(name: "Shards", dependencies: ["Scene"], swiftSettings: unoptimisedInRelease),
        // The shared (SharePlay) session: message schema, validator, network model, conflict rules.
        .target(name: "PrincessSync", dependencies: ["Trace", "Scene", "ECS", "Effects", "Princess"], path: "Sources/Games/Princess/Sync",
                swiftSettings: optimisedInDebug),
        // Sound: its DSP is pure; PulseAudio lives in Audio/Pulse.
        .target(name: "Audio", dependencies: ["CPulse", "Vocabulary"], swiftSettings: optimisedInDebug),
        // The edges: pixels, files, programs, screens.
        // The drawing kit: canvas, text, particles and the widgets games share, on Cairo and Pango.
        .target(name: "Drawing", dependencies: ["Effects", "Vocabulary", "CCairo", "CPango"]),
        // Skins: SVG art parsed once and drawn by librsvg, and the skin folders' skin.yaml.
        .target(name: "Skins", dependencies: ["Drawing", "Scene", "Vocabulary", "CCairo", "CRsvg"]),
        .target(name: "PrincessGame", dependencies: ["GameKit", "PrincessSync", "SavedState", "Scene", "Audio", "Drawing", "Trace", "ECS", "Effects", "Princess", "Vocabulary", "CCairo", "Skins"], path: "Sources/Games/Princess/Game"),
        .target(name: "Output", dependencies: ["Drawing", "Trace", "Audio", "ImageDiff", "Shards", "Vocabulary", "CCairo", "CX11", "CDeflate", "CISAL", "YUVKernelAVX2", "PNGFilterAVX2", "Scene"]),
        // The yuv420p conversion's AVX2 kernel: one of the two modules compiled for AVX2, called
        // only once Output has asked the processor (cpuid) that it has it.
        .target(name: "YUVKernelAVX2", swiftSettings: avx2),
        // The PNG "Up" filter's AVX2 kernel, likewise called only once Output has asked.
        .target(name: "PNGFilterAVX2", swiftSettings: avx2),
        // One render from request to files, for any game: the orchestration the tool wires.
        .target(name: "Rendering", dependencies: ["Audio", "Drawing", "GameKit", "Output", "Scene", "Shards", "Trace", "CCrypto"], swiftSettings: unoptimisedInRelease),
        // The lobby: the one module that lists the games.
        .target(name: "Catalogue", dependencies: ["GameKit", "PrincessGame"] + gameModules, swiftSettings: unoptimisedInRelease),
        .target(name: "Golden", dependencies: ["Audio", "Drawing", "Fingerprint", "GameKit", "ImageDiff", "Output", "ReviewPictures", "Scene", "Shards", "Trace"],
                swiftSettings: unoptimisedInRelease),
        // The versions of the libraries and fonts that golden frames and soundtracks depend on.
        .target(name: "Fingerprint", dependencies: ["CCairo", "Drawing", "GameKit", "Skins", "Speech"], swiftSettings: unoptimisedInRelease),
        // The pictures a QA report shows beside its text: two soundtracks' waveforms drawn with Cairo.
        .target(name: "ReviewPictures", dependencies: ["CCairo", "Drawing", "ImageDiff", "Output", "Trace"], swiftSettings: unoptimisedInRelease),
        .target(name: "Speech", dependencies: ["Audio", "Vocabulary", "CEspeakNG"]),
        .target(name: "Kiosk", dependencies: ["CVBus", "Drawing", "Trace", "ECS", "GameKit", "SavedState", "Scene", "Audio", "Output"]),
        .executableTarget(
            name: "aria-render",
            dependencies: ["Audio", "CVBus", "Catalogue", "Drawing", "Fingerprint", "GameKit", "Golden", "ImageDiff", "Kiosk", "Output", "Rendering",
                           "Scene", "Shards", "Trace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], swiftSettings: unoptimisedInRelease
        ),
        // Headless Chromium driven through its DevTools protocol: the studio's tests and benchmark.
        .target(name: "DevTools"),
        .executableTarget(name: "aria-bench", dependencies: ["Catalogue", "DevTools", "ECS", "Effects", "GameKit", "Golden", "ImageDiff", "Output", "Vocabulary"]),

        // One test target per module, the shared test support, and the tool end to end.
        .target(name: "TestSupport", dependencies: ["Drawing", "GameKit", "ImageDiff", "Skins"], path: "Tests/TestSupport"),
        // The princess game's fixtures that other modules' tests render and play: its scenes opened, its snapshots, its sounds.
        .target(name: "PrincessTestSupport", dependencies: ["Audio", "ECS", "Effects", "GameKit", "Princess", "PrincessGame", "Vocabulary"],
                path: "Tests/Games/Princess/Support"),
        .testTarget(name: "ECSTests", dependencies: ["ECS"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "TestSupport"]),
        .testTarget(name: "TraceTests", dependencies: ["Scene", "Trace", "TestSupport"]),
        .testTarget(name: "FeedbackTests", dependencies: ["Feedback", "Trace"]),
        .testTarget(name: "EffectsTests", dependencies: ["ECS", "Effects", "Vocabulary"]),
        .testTarget(name: "PrincessTests", dependencies: ["Trace", "Scene", "ECS", "Princess", "Vocabulary", "Feedback"], path: "Tests/Games/Princess/Simulation"),
        .testTarget(name: "AudioTests", dependencies: ["Audio", "Vocabulary", "TestSupport"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "Audio", "Vocabulary"]),
        .testTarget(name: "PrincessGameTests", dependencies: ["Audio", "CCairo", "GameKit", "Drawing", "ECS", "Effects", "Princess", "PrincessGame", "SavedState", "Scene", "Vocabulary", "TestSupport", "PrincessTestSupport"], path: "Tests/Games/Princess/Game"),
        .testTarget(name: "OutputTests", dependencies: ["ECS", "Effects", "Drawing", "Princess", "PrincessGame", "Output", "ImageDiff", "Vocabulary", "TestSupport", "PrincessTestSupport"]),
        .testTarget(name: "ShardsTests", dependencies: ["Shards"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "TestSupport"]),
        .testTarget(name: "PrincessSyncTests", dependencies: ["Scene", "ECS", "Effects", "Princess", "PrincessSync"], path: "Tests/Games/Princess/Sync",
                    // The previous build's messages, read by path (SyncWireFixtureTests).
                    exclude: ["Fixtures"]),
        .testTarget(name: "GoldenTests", dependencies: ["Audio", "DevTools", "Fingerprint", "GameKit", "Scene", "Speech", "Shards", "Catalogue", "Trace", "Princess", "PrincessGame", "Output", "ImageDiff", "Golden", "TestSupport"]),
        .testTarget(name: "KioskTests", dependencies: ["CVBus", "GameKit", "Drawing", "Trace", "ECS", "Princess", "PrincessGame", "Output", "Audio", "Kiosk", "SavedState", "Vocabulary", "TestSupport", "PrincessTestSupport", "Scene", "Feedback"]),
        .testTarget(name: "AriaRenderTests", dependencies: ["Drawing", "Princess", "PrincessGame", "Output", "ImageDiff", "Audio", "TestSupport", "Yams"]),
        .testTarget(name: "RenderingTests", dependencies: ["Audio", "Catalogue", "GameKit", "Output", "Rendering", "Scene", "TestSupport"]),
        .testTarget(name: "CVBusTests", dependencies: ["CVBus", "Scene"]),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "ECS", "Vocabulary", "TestSupport", "CCairo"]),
        .testTarget(name: "SkinsTests", dependencies: ["Skins", "Drawing", "Scene"]),
        .testTarget(name: "GameKitTests", dependencies: ["Audio", "ECS", "Feedback", "GameKit", "Drawing", "Scene", "Trace", "TestSupport", "Vocabulary"]),
        .testTarget(name: "SavedStateTests", dependencies: ["CSQLite", "SavedState", "TestSupport"]),
    ] + games.flatMap(gameTargets) + (withStudio ? studioTargets : []),
    swiftLanguageModes: [.v5]
)
