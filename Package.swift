// swift-tools-version: 6.1
import PackageDescription

// Every test target but one is compiled unoptimised even in the release test build: the code they
// test is optimised; their own code is thousands of expectations that take the optimiser minutes
// and run once. CribbageCoreOptimisedTests stays optimised, because its own loops are the work
// (every hand scored, the crib tables solved, the card-by-card references). No module imports a
// test target, so its module is emitted by its one compile job rather than type-checked again in
// a job of its own beside it. Docs/Architecture.md, "The build", has the measurements.
let testsUnoptimised: [SwiftSetting] = [
    .unsafeFlags(["-Onone", "-no-emit-module-separately-wmo"], .when(configuration: .release)),
]

// Data flows one way: key → Action → reduce → view model → ScreenBuffer → terminal.
// CribbageCore knows no screens; CribbageUI knows no ncurses; only Terminal imports CNCurses.
// Canvas holds what both sides of the screen share: the ScreenBuffer, sizes, styles, input.
let package = Package(
    name: "TwentyNine",
    products: [
        .executable(name: "twentynine", targets: ["twentynine"]),
        // The SSH server `twentynine serve` becomes: a program of its own, so that twentynine's
        // every run starts without the whole of Foundation (and ICU) that SwiftNIO SSH imports.
        .executable(name: "twentynine-serve", targets: ["ServeMain"]),
        // For the benchmarks package (Benchmarks/), which measures each layer on its own.
        .library(name: "CribbageCore", targets: ["CribbageCore"]),
        .library(name: "Canvas", targets: ["Canvas"]),
        .library(name: "CribbageUI", targets: ["CribbageUI"]),
        .library(name: "Terminal", targets: ["Terminal"]),
        .library(name: "GameStore", targets: ["GameStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // `twentynine serve`: the SSH server (ClubServer).
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssh", exact: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // Pure cribbage: cards, hands, scoring, distributions, discard analysis.
        .target(name: "CribbageCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),

        // What the program keeps: one SQLite database in the XDG data folder (twentynine.sqlite),
        // today's files imported once and written again by `game --export`.
        .target(name: "GameStore", dependencies: ["CribbageCore", "CSQLite"]),

        // SQLite's C API (Debian's libsqlite3-dev, from `make deps`), for the game store's own
        // thin wrapper (Sources/GameStore/SQLite.swift): no library over it imports Foundation.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),

        // The drawing primitives: ScreenBuffer, Size, Style, Glyphs, and the input events.
        .target(name: "Canvas"),

        // The screens, pure: state, actions, reducer, view models, rendering into a ScreenBuffer.
        .target(name: "CribbageUI", dependencies: ["CribbageCore", "Canvas"]),

        // The ncurses binding: a C shim for what Swift cannot import, and a crash handler.
        .target(name: "CNCurses", linkerSettings: [.linkedLibrary("ncursesw")]),

        // The only Swift module that imports CNCurses: set-up, drawing, input, teardown.
        .target(name: "Terminal", dependencies: ["CNCurses", "Canvas"]),

        // `twentynine serve`: the scenes over SSH, each session a backend drawing on its channel,
        // each player's files in a folder of their own.
        .target(
            name: "ClubServer",
            dependencies: [
                "CribbageCore", "CribbageUI", "Canvas", "GameStore", "Terminal",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // The command line: every command, and the interactive counter on the terminal; a library,
        // so that the tests run a command in process.
        .target(
            name: "TwentyNineCommands",
            dependencies: [
                "CribbageCore",
                "GameStore",
                "Canvas",
                "CribbageUI",
                "Terminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The executable: `TwentyNine.main()`.
        .executableTarget(name: "twentynine", dependencies: ["TwentyNineCommands"]),

        // `twentynine-serve`: the server, with `serve`'s options and a player's keeper from the
        // command line's library.
        .executableTarget(name: "ServeMain", dependencies: ["ClubServer", "TwentyNineCommands"]),

        // The engine measured in seeded self-play (`make selfplay-…`) and the tables it makes: a
        // tool of the repository, not a product, and no part of the twentynine binary; a library of
        // commands, so that the tests run them in process, and a thin executable.
        .target(
            name: "SelfPlayKit",
            dependencies: ["CribbageCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "selfplay", dependencies: ["SelfPlayKit"], path: "Sources/SelfPlay"),

        // `twentynine serve` under load (`make bench-serve`): the server program on loopback and
        // scripted players on SwiftNIO SSH clients, each playing the computer a game; a tool of the
        // repository, not a product.
        .executableTarget(
            name: "club-load",
            dependencies: [
                "GameStore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/ClubLoad"
        ),

        // What the test targets share: the repository and its fixtures (Tests/Fixtures), the
        // published distribution, a seeded generator, and the built binary.
        .target(name: "TestSupport", dependencies: ["CribbageCore"], path: "Tests/TestSupport"),

        .testTarget(name: "CribbageCoreTests", dependencies: ["CribbageCore", "TestSupport"], swiftSettings: testsUnoptimised),
        // The core's tests whose own loops are the work: optimised.
        .testTarget(name: "CribbageCoreOptimisedTests", dependencies: ["CribbageCore", "TestSupport"]),
        .testTarget(name: "GameStoreTests", dependencies: ["GameStore", "CribbageCore", "TestSupport"], swiftSettings: testsUnoptimised),
        .testTarget(
            name: "CribbageUITests",
            dependencies: [
                "CribbageUI", "CribbageCore", "Canvas", "GameStore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: testsUnoptimised
        ),
        // The terminal layer's byte decoding, without a terminal, and its keys through the app.
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Canvas", "CribbageUI", "CribbageCore"], swiftSettings: testsUnoptimised),
        // The SSH server in process, with SwiftNIO SSH clients on loopback.
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "ClubServer", "Canvas", "Terminal", "TestSupport", "TwentyNineCommands", "CribbageUI", "GameStore", "CribbageCore",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: testsUnoptimised
        ),
        // The real binary, end to end: the command line, and the counter in tmux.
        .testTarget(name: "TwentyNineTests", dependencies: ["CribbageCore", "GameStore", "TwentyNineCommands", "SelfPlayKit", "TestSupport"],
                    swiftSettings: testsUnoptimised),
    ]
)
