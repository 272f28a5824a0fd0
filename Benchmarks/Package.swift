// swift-tools-version: 6.1
import PackageDescription

// Speed of the core: `cd Benchmarks && swift package --disable-sandbox benchmark`.
// The `stats` benchmark runs the release binary, so build it first: `swift build -c release` above.
let package = Package(
    name: "TwentyNineBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "TwentyNine", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CribbageCore", package: "TwentyNine"),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
