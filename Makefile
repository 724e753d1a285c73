# The two commands of the quick start. Each installs the Debian packages it needs first.
#   make render   renders the default scene with sound (out/default.mp4)
#   make test     builds everything, runs every test, then checks the golden frames
SWIFT ?= swift
OUT ?= out

.PHONY: render studio test bench clean

render:
	@scripts/install-deps.sh render
	$(SWIFT) build -c release --product aria-render
	.build/release/aria-render render -o $(OUT)/default.mp4

# The studio (docs/studio.md): the web server is a program of its own, built beside aria-render.
SCENE ?= Scenes/default.yaml
studio:
	@scripts/install-deps.sh render
	$(SWIFT) build -c release --product aria-render
	$(SWIFT) build -c release --product aria-studio
	.build/release/aria-render studio $(SCENE)

CLAP_CORPUS ?= .build/clap-corpus

test:
	@scripts/install-deps.sh test
	scripts/clap-corpus/build.sh $(CLAP_CORPUS)
	$(SWIFT) build --build-tests
	ARIA_CLAP_CORPUS=$(abspath $(CLAP_CORPUS)) scripts/with-daemons.sh $(SWIFT) test --skip-build
	scripts/fuzz-scenes.sh 60
	.build/debug/aria-render check --report $(OUT)/report

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

clean:
	rm -rf .build $(OUT)
