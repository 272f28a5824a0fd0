// swift-tools-version: 6.1
import PackageDescription

// Speed of each layer: `make bench`, or `cd Benchmarks && swift package --disable-sandbox benchmark`.
// CoreBenchmarks: scoring, the distribution, the discard advisor, the expert crib solve, and
// the --version (start-up alone), score, stats, discard and crib --solve commands as
// processes. ScreenBenchmarks: a key press through the reducer, the renderer and ncurses, and
// the interactive counter's first frame in tmux. StoreBenchmarks: the database at 0 and at 20,000
// seeded finished games (3 in 4 at the table reviewed): a table key, a game's end, `game --history
// --json` and `game --stats` as processes, the Records screen's first frame in the binary on a
// pseudo-terminal; and a drill session's opening. The process benchmarks run the release binary,
// which `make bench` builds first.
let package = Package(
    name: "TwentyNineBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "TwentyNine", path: ".."),
    ],
    targets: [
        // What the benchmark targets share: the release binary, run as a process.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/BenchmarkSupport"
        ),
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "CribbageCore", package: "TwentyNine"),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScreenBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "CribbageCore", package: "TwentyNine"),
                .product(name: "Canvas", package: "TwentyNine"),
                .product(name: "CribbageUI", package: "TwentyNine"),
                .product(name: "Terminal", package: "TwentyNine"),
            ],
            path: "Benchmarks/ScreenBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "CribbageCore", package: "TwentyNine"),
                .product(name: "GameStore", package: "TwentyNine"),
            ],
            path: "Benchmarks/StoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
