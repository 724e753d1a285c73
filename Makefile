# The two commands of the quick start. Each installs the Debian packages it needs first.
#   make render   renders the default scene (out/default.mp4)
#   make test     builds everything and runs every test
SWIFT ?= swift
OUT ?= out

.PHONY: render test build bench check clean

render:
	@scripts/install-deps.sh render
	$(SWIFT) build -c release --product aria-render
	@mkdir -p $(OUT)
	.build/release/aria-render simulate

test:
	@scripts/install-deps.sh test
	$(SWIFT) build --build-tests
	scripts/with-daemons.sh $(SWIFT) test --skip-build

bench:
	@scripts/install-deps.sh render
	$(SWIFT) build -c release --product aria-bench
	.build/release/aria-bench ecs

clean:
	rm -rf .build $(OUT)
