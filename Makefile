# riffle — build, test, demo, benchmark, install.
# `make deps` installs the Debian packages riffle needs (as root), or prints the command to run.

PREFIX ?= /usr/local
# Staging root for packagers: files go to $(DESTDIR)$(PREFIX)/…
DESTDIR ?=
# The build installed: release, or debug to install what `make test` already built.
CONFIGURATION ?= release
SWIFT ?= swift
# Build-time libraries (libcurl, libyaml, libxml2, libsqlite3, zlib) and the tools the tests and benchmarks drive; man-db and
# groff-base read the installed manual page (`man -l`) in the install test; newsboat reads what riffle serve serves.
DEBS := libcurl4-openssl-dev libyaml-dev libxml2-dev libsqlite3-dev zlib1g-dev pkg-config curl jq tmux man-db groff-base newsboat
SANDBOX_PORT ?= 8765
# `make test` also runs the config fuzzer on a short budget: a new seed each run (printed; pass
# FUZZ_SEED=N to replay one), FUZZ_COUNT mutated configs, each under 5 s, all within 300 s.
FUZZ_COUNT ?= 20000
FUZZ_SEED ?= $(shell date +%s)

# `make test` runs the unit suites (and the sandbox's own) first, in parallel, then the end-to-end suites —
# the built `riffle` and the reader fixture in tmux, and `riffle` beside a sandbox — one test at a time, so
# that the processes they spawn never compete with each other or with the unit suites.
END_TO_END_SUITES := RiffleTerminalEndToEndTests|RiffleEndToEndTests|ServeEndToEndTests

# `make sanitize`: the unit suites that run every file with unsafe code (RiffleBytes: JSON and the byte writers; the
# item buffer and resume tokens, the export's buffer, XML/HTML, curl, system calls,
# YAML, the plugin I/O loop, the terminal's input thread, serve's gzip), and the reader fixture's tmux tests, built with
# AddressSanitizer in their own build path. Leak reports are off: the Swift runtime keeps allocations alive on
# purpose until exit (its type-name cache shows as a leak). The suites of BUILT_RIFFLE_IN_TMUX are left out: they
# run the built `riffle` in tmux, whose environment does not carry ASAN_OPTIONS (the code it runs is run in-process
# by the other suites).
# ReaderRetryTests runs on its own: its reader waits on timers that, slowed by ASan beside every other suite
# on two cores, miss their deadlines.
ASAN_PATH ?= .build-asan
BUILT_RIFFLE_IN_TMUX := SourceRecoveryTerminalTests|FirstScreenTerminalTests|MovedSourceTerminalTests|HungHostTerminalTests|ReaderViewsTerminalTests|ArticleTerminalTests
ASAN_SUITES := RiffleBytesTests|RiffleCoreTests|RiffleExportTests|RiffleFeedTests|RiffleHTTPTests|RiffleSystemTests|RiffleConfigTests|RifflePluginsTests|RiffleTerminalTests|RiffleTerminalEndToEndTests|RiffleServeTests

.PHONY: all build deps test test-install demo bench man install uninstall lint clean sanitize

all: build

deps:
	@missing=""; for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "make deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else \
	  echo "make deps: missing Debian packages:$$missing"; \
	  echo "run: sudo apt-get update && sudo apt-get install -y$$missing"; \
	  exit 1; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip '$(END_TO_END_SUITES)'
	$(SWIFT) test --skip-build --filter '$(END_TO_END_SUITES)' --no-parallel
	timeout 300 "$$($(SWIFT) build --show-bin-path)/riffle-config-fuzz" \
	  --count $(FUZZ_COUNT) --seed $(FUZZ_SEED) --slow 5
	./scripts/test-install.sh

sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --build-path $(ASAN_PATH)
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 $(SWIFT) test --skip-build --sanitize=address \
	  --build-path $(ASAN_PATH) --filter '$(ASAN_SUITES)' --skip '$(BUILT_RIFFLE_IN_TMUX)|ReaderRetryTests'
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 $(SWIFT) test --skip-build --sanitize=address \
	  --build-path $(ASAN_PATH) --filter ReaderRetryTests

# Installs the debug build into a temporary prefix and uses it as a user would (see the script).
test-install: deps
	./scripts/test-install.sh

# The manual page, generated from the command definitions by swift-argument-parser's generate-manual
# plugin (it builds the package's products in $(CONFIGURATION) and runs each `--experimental-dump-help`).
man: deps
	$(SWIFT) package plugin generate-manual --configuration $(CONFIGURATION)

# The binary, its manual page, bash/zsh/fish completions, the shipped plugins, the example config and a
# systemd user unit running `riffle serve` (lib/systemd/user/riffle.service).
install: deps man
	$(SWIFT) build -c $(CONFIGURATION) --product riffle
	./scripts/install.sh install "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/riffle" \
	  "$$(find .build/plugins/GenerateManual/outputs -name riffle.1 | head -n 1)" "$(DESTDIR)$(PREFIX)" "$(PREFIX)"

uninstall:
	./scripts/install.sh uninstall "" "" "$(DESTDIR)$(PREFIX)"

demo: deps
	$(SWIFT) build --product riffle
	$(SWIFT) build --product riffle-sandbox
	./scripts/demo.sh

bench: deps
	$(SWIFT) build -c release --product riffle-bench
	$(SWIFT) build -c release --product riffle
	$(SWIFT) build -c release --product riffle-sandbox
	./scripts/bench.sh

lint:
	$(SWIFT) format lint --strict -r Sources Tools Tests

clean:
	rm -rf .build $(ASAN_PATH)
