# TwentyNine: `make run` to count hands, `make test` to check everything.
# Both install what is missing (libncurses-dev, libsqlite3-dev, tmux, strace, openssh-client) with apt-get first.

PREFIX ?= /usr/local
SWIFT ?= swift
SWIFTC ?= swiftc
# One release build for everything: the tests, `make run`, `make install` and the self-play tool,
# so that none compiles for another. Optimised, because the exhaustive checks score 13 million
# hands; -enable-testing, because the tests read the modules' internals.
RELEASE_FLAGS = -c release -Xswiftc -enable-testing
BIN_PATH = $(CURDIR)/.build/release

# make install: the binary of that same build linked again with the Swift standard library (and
# FoundationEssentials) inside, so it runs without the toolchain, stripped; the man page; bash, zsh
# and fish completions. `make uninstall` removes exactly these files. SwiftPM's own
# --static-swift-stdlib would compile every module a second time (it changes every compile
# command), so the link is made here from the objects of the build, as SwiftPM links the program
# (its objects, the executable's entry point renamed for the tests, the libraries Package.swift
# names) but with -static-stdlib, and with the two libraries static FoundationEssentials needs,
# which objects compiled for the shared one do not name; and SQLite (shared, from libsqlite3-dev),
# which the game store calls through its own wrapper: no Foundation beyond FoundationEssentials. The server `twentynine serve` becomes,
# twentynine-serve, is linked the same way with CoreFoundation and ICU too: SwiftNIO SSH imports
# the whole of Foundation (so it is a program of its own, and twentynine loads no ICU).
STATIC_BINARY = $(BIN_PATH)/twentynine-static
STATIC_SERVER = $(BIN_PATH)/twentynine-serve-static
BIN_DIR = $(DESTDIR)$(PREFIX)/bin
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BIN_DIR)/twentynine $(BIN_DIR)/twentynine-serve $(MAN_DIR)/twentynine.1 $(BASH_DIR)/twentynine \
	$(ZSH_DIR)/_twentynine $(FISH_DIR)/twentynine.fish
# Where `make test` installs, for the install tests.
TEST_PREFIX = $(CURDIR)/.build/install-test
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release static run test test-fast test-long bench bench-serve fsrs-fixture install uninstall clean crib-tables selfplay-pegging selfplay-games selfplay-score selfplay-discards selfplay-levels selfplay-dealer selfplay-sprt selfplay-agreement selfplay-review selfplay-identity selfplay-groups selfplay-group-throws group-crib-tables fingerprint odds-tables keep-pegging show-tables

all: build

# Installs the system packages the build and the tests need, only when they are absent.
deps:
	@missing=""; \
	[ -f /usr/include/ncursesw/curses.h ] || [ -f /usr/include/ncurses.h ] || missing="$$missing libncurses-dev"; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	[ -x /usr/bin/strace ] || missing="$$missing strace"; \
	[ -x /usr/bin/ssh ] && [ -x /usr/bin/ssh-keygen ] || missing="$$missing openssh-client"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product twentynine
	$(SWIFT) build $(RELEASE_FLAGS) --product twentynine-serve

run: release
	@"$(BIN_PATH)/twentynine" $(ARGS)

# The installed binary: the release build's objects linked with the standard library inside.
static: release
	$(SWIFTC) -o "$(STATIC_BINARY)" -static-stdlib -emit-executable \
		-Xlinker --gc-sections -Xlinker --defsym -Xlinker main=twentynine_main \
		"@$(BIN_PATH)/twentynine.product/Objects.LinkFileList" -lncursesw -lsqlite3 -lm \
		-l_FoundationCShims -l_FoundationCollections
	$(SWIFTC) -o "$(STATIC_SERVER)" -static-stdlib -emit-executable \
		-Xlinker --gc-sections -Xlinker --defsym -Xlinker main=ServeMain_main \
		"@$(BIN_PATH)/twentynine-serve.product/Objects.LinkFileList" -lncursesw -lsqlite3 -lm \
		-l_FoundationCShims -l_FoundationCollections -lCoreFoundation -l_FoundationICU

# One build of everything, tests included; `swift test --skip-build` then runs it as built. The
# install the install tests check is `make install` into a folder of the build, from that same build.
test: deps
	$(SWIFT) package resolve
	$(SWIFT) build $(RELEASE_FLAGS) --build-tests
	rm -rf "$(TEST_PREFIX)"
	$(MAKE) --no-print-directory install PREFIX="$(TEST_PREFIX)" DESTDIR=
	TWENTYNINE_BIN="$(BIN_PATH)/twentynine" TWENTYNINE_INSTALLED_PREFIX="$(TEST_PREFIX)" \
		$(SWIFT) test $(RELEASE_FLAGS) --skip-build

# The fast loop while working: the same build as `make test` (so neither compiles for the other),
# no install, and every test but the slow tags (tmux, exhaustive, solver) and the install checks.
test-fast: deps
	$(SWIFT) build $(RELEASE_FLAGS) --build-tests
	TWENTYNINE_TEST_FAST=1 TWENTYNINE_BIN="$(BIN_PATH)/twentynine" $(SWIFT) test $(RELEASE_FLAGS) --skip-build

# The checks too long for `make test` (the `.long` trait, Tests/TestSupport/Tags.swift): a whole
# shipped table derived again, a model against thousands of deals played out; `make test` checks
# their prefix or sample. Minutes of both cores.
LONG_TESTS = theShippedCountsAreTheirSample|furtherAgainstSimulation|freshSampleAgrees|sureEnough
test-long: deps
	$(SWIFT) build $(RELEASE_FLAGS) --build-tests
	TWENTYNINE_TEST_LONG=1 TWENTYNINE_BIN="$(BIN_PATH)/twentynine" $(SWIFT) test $(RELEASE_FLAGS) --skip-build --filter '$(LONG_TESTS)'

# The engine measured in seeded self-play (SelfPlayKit, the `selfplay` tool, built with the test
# build's flags so that it shares its products), on both cores, niced: Docs/Measurements.md has the
# figures and what they mean. Every game and deal goes through the match driver the table runs.
# SELFPLAY_ARGS adds or overrides options, as in `make selfplay-games SELFPLAY_ARGS="--seed 7"`.
SELFPLAY = $(SWIFT) build $(RELEASE_FLAGS) --product selfplay && nice -n 10 "$(BIN_PATH)/selfplay"

# The engine's fingerprint (the commit message of an engine change carries it), every level's, and
# whether each table the engine made is current.
fingerprint: deps
	$(SELFPLAY) bench

# A sequential test: is the candidate stronger than the baseline (SELFPLAY_ARGS="--candidate expert
# --baseline beginner --delta 0.01"), twin pairs of games until it decides at α = β = 0.05.
selfplay-sprt: deps
	$(SELFPLAY) sprt $(SELFPLAY_ARGS)

# One ranking: the hint, the computer at the expert level and the review's best name the same
# first option over 2,000 seeded decisions (SELFPLAY_ARGS="--decisions 2000 --seed 29").
selfplay-agreement: deps
	$(SELFPLAY) agreement $(SELFPLAY_ARGS)

# The game review measured: games between two players (SELFPLAY_ARGS="--first expert --second
# greedy --games 200") reviewed as a player's are, each side's error rate with its interval, the
# labels' shares, the decomposition's residual and the seconds a review takes.
selfplay-review: deps
	$(SELFPLAY) review $(SELFPLAY_ARGS)

# The review's identity: 10,000 games of the engine against itself (each its own deal) reviewed;
# the decomposition's residual a game must average within ±0.2 points of win chance. About 80
# minutes on two idle cores (some 0.9 s of one core a game, the review included).
selfplay-identity: deps
	$(SELFPLAY) review --first expert --second expert --games 10000 $(SELFPLAY_ARGS)

# The solved crib tables, solved from scratch by the project's own solver and written as Swift
# source; SolvedCribTests solves again and compares.
crib-tables: deps
	$(SELFPLAY) crib > Sources/CribbageCore/Discard/SolvedCribTables.swift.new
	mv Sources/CribbageCore/Discard/SolvedCribTables.swift.new Sources/CribbageCore/Discard/SolvedCribTables.swift

# Measurement 3: the engine's pegging against greedy pegging on the same hands, by role.
selfplay-pegging: deps
	$(SELFPLAY) pegging --deals 100000 $(SELFPLAY_ARGS)

# Measurement 2: the whole player against the greedy baseline, game points over 20,000 games. The
# player plays to the score for the game points within 30 of 121 (11 to 14 minutes on two cores);
# `SELFPLAY_ARGS="--near 0"` plays for points throughout, `"--goal win"` for the chance to win.
selfplay-games: deps
	$(SELFPLAY) games --games 20000 --near 30 --goal game-points $(SELFPLAY_ARGS)

# Three players' pegging (SELFPLAY_ARGS="--players 4" for two teams): the computer's sampled search
# against the greedy rule, on duplicate deals with the search in each seat in turn.
selfplay-groups: deps
	$(SELFPLAY) groups --deals 2000 $(SELFPLAY_ARGS)

# Three players' or two teams' throw (SELFPLAY_ARGS="--players 4" for teams): by the hand and the
# crib (`GroupThrow`) against the hand alone, every seat pegging as the expert, on duplicate deals
# until the sequential test decides (H1: a gain of 0.1 points a deal).
selfplay-group-throws: deps
	$(SELFPLAY) group-throws --deals 20000 $(SELFPLAY_ARGS)

# The crib with three players or two teams (Sources/CribbageCore/Discard/GroupCribTables.swift):
# the crib's mean by the rank a seat throws, in rounds until the throws settle; GroupThrowTests
# throws the first deals again and finds the same digests.
group-crib-tables: deps
	$(SELFPLAY) group-cribs --deals 400000 --rounds 8 $(SELFPLAY_ARGS) > Sources/CribbageCore/Discard/GroupCribTables.swift.new
	mv Sources/CribbageCore/Discard/GroupCribTables.swift.new Sources/CribbageCore/Discard/GroupCribTables.swift

# The table's expert level against its beginner level, 20,000 games to 121.
selfplay-levels: deps
	$(SELFPLAY) levels --games 20000 $(SELFPLAY_ARGS)

# The first dealer's wins between equal players (the expert against itself), 20,000 games;
# SELFPLAY_ARGS="--players 3" for three players, "--players 4" for two teams.
selfplay-dealer: deps
	$(SELFPLAY) dealer --games 20000 $(SELFPLAY_ARGS)

# Issue 20's measurement 1: the engine playing to the score (discards by the chance to win within
# 30 of 121, a winning card first, pegging by the chance near the end) against the same player for
# points, 200,000 games in twin pairs (some 2 to 3 hours on two cores). `SELFPLAY_ARGS="--peg-near 0"`
# pegs for points but for a winning card (the 200,000-game figure in Docs/Measurements.md);
# `"--from 90"` plays endgames only.
selfplay-score: deps
	$(SELFPLAY) score --games 200000 --near 30 $(SELFPLAY_ARGS)

# Pegging-aware discards against hand ± crib discards, a million duplicate deals (about 20
# minutes on two cores).
selfplay-discards: deps
	$(SELFPLAY) discards --deals 1000000 $(SELFPLAY_ARGS)

# The win tables (Sources/CribbageCore/Odds/WinTables.swift): deals of the table's expert against
# itself, and the chance to win at every score by backward induction, with each cell's error by
# batch means; the header records the engine's fingerprint and the keep pegging table's digest, and
# the first 200 deals' digest, which a test plays again. After `make keep-pegging`.
odds-tables: deps
	$(SELFPLAY) odds --deals 120000 $(SELFPLAY_ARGS) > Sources/CribbageCore/Odds/WinTables.swift.new
	mv Sources/CribbageCore/Odds/WinTables.swift.new Sources/CribbageCore/Odds/WinTables.swift

# The show's counts (Sources/CribbageCore/Odds/ShowTables.swift): the pone's hand, the dealer's
# hand and the crib over deals the table's expert plays, from which the board's chance to win
# during the show is worked out; ShowCountsTests deals them again and compares. After `make keep-pegging`.
show-tables: deps
	$(SELFPLAY) shows --deals 40000 $(SELFPLAY_ARGS) > Sources/CribbageCore/Odds/ShowTables.swift.new
	mv Sources/CribbageCore/Odds/ShowTables.swift.new Sources/CribbageCore/Odds/ShowTables.swift

# The keep pegging table (Sources/CribbageCore/Pegging/KeepPeggingTable.swift): every keep of four
# ranks played out 1,000 times as dealer and 1,000 as pone by the engine against itself through the
# match driver (about an hour on two idle cores). The first of the engine-made tables: the win and
# show tables are made from it. Each keep's result is kept in .build/keep-pegging as it is found, so a run
# stopped part way goes on where it stopped; KeepPeggingTests plays a sample again and compares.
keep-pegging: deps
	$(SELFPLAY) keeps --plays 1000 --store .build/keep-pegging $(SELFPLAY_ARGS) > Sources/CribbageCore/Pegging/KeepPeggingTable.swift.new
	mv Sources/CribbageCore/Pegging/KeepPeggingTable.swift.new Sources/CribbageCore/Pegging/KeepPeggingTable.swift

# The drills' scheduler checked against the reference implementation: py-fsrs from PyPI, installed
# with pip into a venv under .build, writes the expected values (Tests/Fixtures/fsrs-reference.json,
# with its provenance), which FSRSTests reads; `make test` needs neither the network nor Python.
FSRS_VENV = .build/fsrs-venv
fsrs-fixture:
	[ -x $(FSRS_VENV)/bin/python ] || python3 -m venv $(FSRS_VENV)
	$(FSRS_VENV)/bin/pip install -q fsrs==6.3.2
	$(FSRS_VENV)/bin/python Tests/Fixtures/fsrs-reference.py > Tests/Fixtures/fsrs-reference.json.new
	mv Tests/Fixtures/fsrs-reference.json.new Tests/Fixtures/fsrs-reference.json

# Every benchmark of Benchmarks/ (Docs/Architecture.md, "Benchmarks"); BENCH_ARGS adds options of the
# benchmark plugin, as in `make bench BENCH_ARGS="--target StoreBenchmarks"` for the store's alone.
bench: release bench-serve
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark $(BENCH_ARGS)

# `twentynine serve` under load (Docs/Measurements.md, "The server under load"): the release
# server program and the load tool (Sources/ClubLoad), 20, 100 and 200 scripted players on
# SwiftNIO SSH clients on 127.0.0.1, each playing the computer a game to its end with a key every
# 200 to 600 ms; the server's key to frame (p50, p99), bytes a key, memory a player, start-up and
# ssh to the first frame, every game checked in its player's database. Loopback only; at most
# 300 s a number of players (some 4 minutes in all on two idle cores). BENCH_SERVE_ARGS adds
# options: BENCH_SERVE_ARGS="--players 50 --think-ms 1000".
bench-serve: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product twentynine-serve
	$(SWIFT) build $(RELEASE_FLAGS) --product club-load
	"$(BIN_PATH)/club-load" --server "$(BIN_PATH)/twentynine-serve" $(BENCH_SERVE_ARGS)

install: static
	install -d "$(BIN_DIR)" "$(MAN_DIR)" "$(BASH_DIR)" "$(ZSH_DIR)" "$(FISH_DIR)"
	install -m 755 -s "$(STATIC_BINARY)" "$(BIN_DIR)/twentynine"
	install -m 755 -s "$(STATIC_SERVER)" "$(BIN_DIR)/twentynine-serve"
	install -m 644 Docs/twentynine.1 "$(MAN_DIR)/twentynine.1"
	"$(BIN_DIR)/twentynine" --generate-completion-script bash > "$(BASH_DIR)/twentynine"
	"$(BIN_DIR)/twentynine" --generate-completion-script zsh > "$(ZSH_DIR)/_twentynine"
	"$(BIN_DIR)/twentynine" --generate-completion-script fish > "$(FISH_DIR)/twentynine.fish"

uninstall:
	rm -f $(foreach file,$(INSTALLED),"$(file)")

clean:
	rm -rf .build Benchmarks/.build
