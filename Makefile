# The two commands of the quick start. Each installs the Debian packages it needs first.
#   make render      renders the default scene with sound (out/default.mp4)
#   make test        builds everything, runs every test, then checks the golden frames
# And the edit-test loop:
#   make test-fast   the pure suites only (no daemon, browser, cluster or clap corpus)
SWIFT ?= swift
OUT ?= out

.PHONY: render studio test test-fast bench setup-times clean

# A render needs neither the studio nor its web server's packages: ARIA_RENDER_ONLY leaves them
# out of the package (Package.swift), so a new clone neither resolves nor plans them.
render:
	@scripts/install-deps.sh render
	ARIA_RENDER_ONLY=1 $(SWIFT) build -c release --product aria-render
	.build/release/aria-render render -o $(OUT)/default.mp4

# The studio (docs/studio.md): the web server is a program of its own, built beside aria-render.
SCENE ?= Scenes/princess/default.yaml
studio:
	@scripts/install-deps.sh render
	$(SWIFT) build -c release --product aria-render
	$(SWIFT) build -c release --product aria-studio
	.build/release/aria-render studio $(SCENE)

# The corpus of real clap recordings: a link to the mixed corpus kept in ~/.cache/aria-render.
CLAP_CORPUS ?= .build/clap-corpus

# The suites side by side first, then those that run against the clock one at a time, so that
# no real-time test shares the machine with the parallel suite (scripts/run-tests.sh). They
# wait on the clock for most of their phase: in the time they leave idle, at the scheduler's
# idle priority, run the pure suites and the documented commands (the idle-time lane), the
# scene fuzzer (its hang limit raised, since it may wait for a core) and the golden check
# (scripts/in-idle-time.sh). The tests link the debug build; the tool they run as a user
# would is the release one, which renders many times faster (and is the build `make render`
# and a kiosk use).
TOOL = $(abspath .build/release/aria-render)
TEST_ENV = ARIA_RENDER=$(TOOL) ARIA_CLAP_CORPUS=$(abspath $(CLAP_CORPUS))
test:
	@scripts/install-deps.sh test
	scripts/clap-corpus/build.sh $(CLAP_CORPUS)
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product aria-render
	$(TEST_ENV) scripts/run-tests.sh parallel
	$(TEST_ENV) scripts/in-idle-time.sh --beside 'scripts/run-tests.sh idle-time' \
	    --beside 'FUZZ_TIMEOUT=60 scripts/fuzz-scenes.sh 60' --beside '$(TOOL) check --report $(OUT)/report' \
	    -- scripts/run-tests.sh real-time

test-fast:
	@scripts/install-deps.sh fast
	$(SWIFT) build --build-tests
	scripts/run-tests.sh fast

bench:
	@scripts/install-deps.sh render
	$(SWIFT) build -c release --product aria-bench
	.build/release/aria-bench ecs
	.build/release/aria-bench effects
	.build/release/aria-bench render
	.build/release/aria-bench png
	.build/release/aria-bench gif
	.build/release/aria-bench diff
	$(SWIFT) build -c release --product aria-render
	.build/release/aria-bench farm
	.build/release/aria-bench growth
	.build/release/aria-bench sync
	$(SWIFT) build -c release --product aria-studio
	.build/release/aria-bench studio

# The quick start's own figures on this machine: a fresh clone timed through both commands.
setup-times:
	scripts/setup-times.sh

clean:
	rm -rf .build $(OUT)
