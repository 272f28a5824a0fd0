import Foundation
import Testing

/// What a fast loop skips (`make test-fast`): `make test` runs everything.
extension Tag {
    /// Drives the real binary in a tmux pane or an interactive shell: seconds a test.
    @Tag public static var tmux: Self
    /// Walks all 12,994,800 (hand, cut) combinations, or every deal of a kind.
    @Tag public static var exhaustive: Self
    /// Solves the solved crib tables from scratch, or plays the engine against itself for a
    /// fresh sample.
    @Tag public static var solver: Self
}

extension Trait where Self == ConditionTrait {
    /// Off in the fast loop (`make test-fast` sets `TWENTYNINE_TEST_FAST=1`), on in `make test`;
    /// every suite with a tag above has it. (`swift test --skip tag:…` needs a later toolchain.)
    public static var slow: Self {
        .disabled(if: ProcessInfo.processInfo.environment["TWENTYNINE_TEST_FAST"] == "1", "make test-fast skips the slow tags")
    }
}

extension Trait where Self == ConditionTrait {
    /// Only in `make test-long` (`TWENTYNINE_TEST_LONG=1`), never in `make test`: a whole shipped
    /// table derived again, or a model played against thousands of deals, minutes of both cores
    /// whose sample or prefix `make test` checks exactly beside it.
    public static var long: Self {
        .enabled(if: ProcessInfo.processInfo.environment["TWENTYNINE_TEST_LONG"] == "1", "make test-long runs it")
    }
}

/// How many seeded runs a property test makes: `full` in `make test`, `fast` in the fast loop
/// (`make test-fast`), which samples fewer of the same runs.
public func seededRuns(full: Int, fast: Int) -> Int {
    ProcessInfo.processInfo.environment["TWENTYNINE_TEST_FAST"] == "1" ? fast : full
}
