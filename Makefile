# TwentyNine: `make run` to count hands, `make test` to check everything.
# Both install what is missing (libncurses-dev, tmux) with apt-get first.

PREFIX ?= /usr/local
SWIFT ?= swift
# Tests run against an optimised build: the exhaustive checks score 13 million hands.
TEST_FLAGS = -c release -Xswiftc -enable-testing
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release run test bench install uninstall clean

all: build

# Installs the system packages the build and the tests need, only when they are absent.
deps:
	@missing=""; \
	[ -f /usr/include/ncursesw/curses.h ] || [ -f /usr/include/ncurses.h ] || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	@.build/release/twentynine $(ARGS)

test: deps
	$(SWIFT) build $(TEST_FLAGS)
	TWENTYNINE_BIN="$$($(SWIFT) build $(TEST_FLAGS) --show-bin-path)/twentynine" \
		$(SWIFT) test $(TEST_FLAGS)

bench: release
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/twentynine "$(DESTDIR)$(PREFIX)/bin/twentynine"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/twentynine"

clean:
	rm -rf .build Benchmarks/.build
