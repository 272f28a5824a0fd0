// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TwentyNine",
    products: [
        .executable(name: "twentynine", targets: ["twentynine"]),
        .library(name: "CribbageCore", targets: ["CribbageCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Pure cribbage: cards, hands, scoring, distributions, discard analysis.
        .target(name: "CribbageCore"),
        .testTarget(name: "CribbageCoreTests", dependencies: ["CribbageCore"]),

        // The command line and the wiring of the interactive counter.
        .executableTarget(
            name: "twentynine",
            dependencies: [
                "CribbageCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)
