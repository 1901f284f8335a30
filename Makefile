# riffle — build, test, demo, benchmark, install.
# `make deps` installs the Debian packages riffle needs (as root), or prints the command to run.

PREFIX ?= /usr/local
SWIFT ?= swift
# Build-time libraries (libcurl, libyaml, libxml2) and the tools the tests and benchmarks drive.
DEBS := libcurl4-openssl-dev libyaml-dev libxml2-dev pkg-config curl jq tmux
SANDBOX_PORT ?= 8765
# `make test` also runs the config fuzzer on a short budget: a new seed each run (printed; pass
# FUZZ_SEED=N to replay one), FUZZ_COUNT mutated configs, each under 5 s, all within 300 s.
FUZZ_COUNT ?= 20000
FUZZ_SEED ?= $(shell date +%s)

.PHONY: all build deps test demo bench install lint clean

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
	$(SWIFT) test --skip-build
	timeout 300 "$$($(SWIFT) build --show-bin-path)/riffle-config-fuzz" \
	  --count $(FUZZ_COUNT) --seed $(FUZZ_SEED) --slow 5

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
	$(SWIFT) format lint --strict -r Sources Tests

install: deps
	$(SWIFT) build -c release --product riffle
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/riffle" "$(DESTDIR)$(PREFIX)/bin/riffle"

clean:
	rm -rf .build
