// swift-tools-version:6.0
import PackageDescription

/// aria-render: the scene of Aria's Magic as a deterministic 2D ECS, rendered headless with Cairo.
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

        .target(name: "ECS"),
        .target(name: "Vocabulary"),
        .target(name: "Effects", dependencies: ["ECS", "Vocabulary"]),
        .target(name: "Scene", dependencies: ["ECS", "Effects", "Vocabulary", "Yams"]),
        .target(name: "Audio", dependencies: ["CPulse", "Vocabulary"]),
        .target(name: "Render", dependencies: ["ECS", "Effects", "Scene", "Vocabulary", "CCairo", "CX11", "CZlib", "Yams"]),
        .executableTarget(
            name: "aria-render",
            dependencies: [
                "ECS", "Effects", "Scene", "Audio", "Render", "Vocabulary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "aria-bench", dependencies: ["ECS", "Effects", "Scene", "Audio", "Render", "Vocabulary"]),

        .testTarget(name: "ECSTests", dependencies: ["ECS"]),
        .testTarget(name: "EffectsTests", dependencies: ["ECS", "Effects", "Vocabulary"]),
        .testTarget(name: "SceneTests", dependencies: ["ECS", "Effects", "Scene", "Vocabulary"]),
        .testTarget(name: "AudioTests", dependencies: ["Audio", "Vocabulary"]),
        .testTarget(name: "RenderTests", dependencies: ["ECS", "Effects", "Scene", "Render", "Vocabulary"]),
        // The demo's pacing and trace logic live in the tool; its tests import it (@testable).
        .testTarget(name: "AriaRenderTests", dependencies: ["Scene", "Render", "Audio", "aria-render", "Vocabulary"]),
    ],
    swiftLanguageModes: [.v5]
)
