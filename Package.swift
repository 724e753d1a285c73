// swift-tools-version:6.0
import PackageDescription

// The AVX2 kernel's module is compiled for AVX2 on x86-64 machines (the manifest sees the
// building machine's architecture, so cross-compiling to another one is not covered).
#if arch(x86_64)
let avx2: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-mavx2"])]
#else
let avx2: [SwiftSetting] = []
#endif

/// aria-render: the scene of Aria's Magic as a deterministic 2D ECS, rendered headless with Cairo.
/// docs/architecture.md draws the modules and which may import which; ArchitectureTests keeps to it.
let package = Package(
    name: "aria-render",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aria-render", targets: ["aria-render"]),
        .executable(name: "aria-bench", targets: ["aria-bench"]),
        .library(name: "ECS", targets: ["ECS"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // C libraries, found through pkg-config; `make` installs the Debian packages.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse-simple", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "cairo-xcb", providers: [.apt(["libcairo2-dev", "libxcb1-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Text of the HUD: Pango lays it out, pangocairo draws it (fonts from fontconfig).
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),

        // The simulation: pure Swift, no I/O.
        .target(name: "ECS"),
        .target(name: "Vocabulary"),
        .target(name: "Effects", dependencies: ["ECS", "Vocabulary"]),
        .target(name: "Scene", dependencies: ["ECS", "Effects", "Vocabulary", "Yams"]),
        .target(name: "ImageDiff"),
        // Shard plans, piece manifests and the checks before assembly: pure Swift.
        .target(name: "Shards"),
        // The shared (SharePlay) session: message schema, validator, network model, conflict rules.
        .target(name: "Sync", dependencies: ["ECS", "Effects", "Scene"]),
        // Sound: its DSP is pure; PulseAudio lives in Audio/Pulse.
        .target(name: "Audio", dependencies: ["CPulse", "Vocabulary"]),
        // The edges: pixels, files, programs, screens.
        .target(name: "Render", dependencies: ["ECS", "Effects", "Scene", "Vocabulary", "CCairo", "CPango"]),
        .target(name: "Output", dependencies: ["Scene", "Audio", "Render", "ImageDiff", "Shards", "Vocabulary", "CCairo", "CX11", "CZlib",
                                               "YUVKernelAVX2"]),
        // The yuv420p conversion's AVX2 kernel: the one module compiled for AVX2, called only
        // once Output has asked the processor (cpuid) that it has it.
        .target(name: "YUVKernelAVX2", swiftSettings: avx2),
        .target(name: "Golden", dependencies: ["Scene", "Render", "Output", "ImageDiff", "CCairo", "Yams", "Sync"]),
        .target(name: "Kiosk", dependencies: ["ECS", "Scene", "Audio", "Render", "Output", "Vocabulary"]),
        .executableTarget(
            name: "aria-render",
            dependencies: [
                "ECS", "Scene", "Audio", "Render", "Output", "ImageDiff", "Golden", "Kiosk", "Shards", "Sync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "aria-bench", dependencies: ["ECS", "Effects", "Scene", "Audio", "Render", "Output", "ImageDiff", "Golden", "Shards", "Vocabulary", "Sync"]),

        // One test target per module, the shared test support, and the tool end to end.
        .target(name: "TestSupport", dependencies: ["ECS", "Effects", "Scene", "Render", "ImageDiff", "Vocabulary", "CCairo"], path: "Tests/TestSupport"),
        .testTarget(name: "ECSTests", dependencies: ["ECS"]),
        .testTarget(name: "EffectsTests", dependencies: ["ECS", "Effects", "Vocabulary"]),
        .testTarget(name: "SceneTests", dependencies: ["ECS", "Effects", "Scene", "Vocabulary"]),
        .testTarget(name: "AudioTests", dependencies: ["Audio", "Vocabulary", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["ECS", "Effects", "Scene", "Render", "Output", "Vocabulary", "TestSupport"]),
        .testTarget(name: "OutputTests", dependencies: ["Scene", "Render", "Output", "ImageDiff", "Audio", "Vocabulary", "TestSupport"]),
        .testTarget(name: "ShardsTests", dependencies: ["Shards"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "TestSupport"]),
        .testTarget(name: "SyncTests", dependencies: ["ECS", "Effects", "Scene", "Sync"]),
        .testTarget(name: "GoldenTests", dependencies: ["Scene", "Render", "Output", "ImageDiff", "Golden", "TestSupport"]),
        .testTarget(name: "KioskTests", dependencies: ["ECS", "Scene", "Render", "Output", "Audio", "Kiosk", "Vocabulary", "TestSupport"]),
        .testTarget(name: "AriaRenderTests", dependencies: ["Scene", "Render", "Output", "ImageDiff", "Audio", "Shards", "Vocabulary", "TestSupport", "Yams"]),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
