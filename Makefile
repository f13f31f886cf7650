# Two commands do everything on a fresh Debian/Ubuntu machine:
#   make run    install what is missing, build, open the app
#   make test   install what is missing, vet and staticcheck, race tests, fuzz briefly, the window test
.PHONY: run build cli test deps vet race fuzz window-test bench pgo package clean

BIN      := sudoku
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_BUILD := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
APT_TEST  := xvfb xdotool imagemagick poppler-utils
FUZZTIME ?= 300000x

# The binary is built for this machine, as tdoku's is (-march=native): on an
# x86-64 CPU with the v3 level's instructions (AVX2, BMI1/2, FMA, F16C, LZCNT,
# MOVBE) Go may use them (GOAMD64=v3; the fast solver 2-7 % faster, README's
# Performance), elsewhere the portable v1. `make build GOAMD64=v1` forces the
# portable build; `make package` always makes it.
HOST_GOAMD64 := $(shell [ "$$(uname -m)" = x86_64 ] && f=$$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null) && \
	for x in avx avx2 bmi1 bmi2 fma f16c abm movbe xsave; do echo " $$f " | grep -qw $$x || exit 0; done && echo v3)
GOAMD64 ?= $(or $(HOST_GOAMD64),v1)

run: build
	./$(BIN) $(ARGS)

# -buildvcs=auto stamps the version (sudoku --version) from git when there is
# a repository, whatever GOFLAGS says.
build: deps
	GOAMD64=$(GOAMD64) go build -buildvcs=auto -o $(BIN) .

# The same commands without the window: needs no X11 or OpenGL libraries.
cli:
	@command -v go >/dev/null 2>&1 || { echo "Go is needed: https://go.dev/doc/install"; exit 1; }
	CGO_ENABLED=0 GOAMD64=$(GOAMD64) go build -buildvcs=auto -tags nogui -o $(BIN) .

test: deps vet race fuzz window-test

# Installs the system packages (and Go, if there is none) that are missing.
deps:
	@missing=$$(for p in $(APT_BUILD) $(APT_TEST); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	command -v go >/dev/null 2>&1 || missing="$$missing golang-go"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi
	@go version >/dev/null || { echo "Go is needed: https://go.dev/doc/install"; exit 1; }

# staticcheck's default checks, at the version pinned in go.mod (go tool).
vet:
	go vet ./...
	go tool staticcheck ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }

race:
	go test -race -count=1 ./...

fuzz:
	go test -run='^$$' -fuzz='^FuzzReadPuzzles$$' -fuzztime=$(FUZZTIME) ./solver
	go test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./solver
	go test -run='^$$' -fuzz='^FuzzParseSoloID$$' -fuzztime=$(FUZZTIME) ./solver
	go test -run='^$$' -fuzz='^FuzzReadBoards$$' -fuzztime=$(FUZZTIME) ./solver
	go test -run='^$$' -fuzz='^FuzzKillerText$$' -fuzztime=$(FUZZTIME) ./solver
	go test -run='^$$' -fuzz='^FuzzSalvage$$' -fuzztime=$(FUZZTIME) ./gui/store
	go test -run='^$$' -fuzz='^FuzzReadGameFile$$' -fuzztime=$(FUZZTIME) ./gui/game

window-test: build
	bash .ci/window-test.sh ./$(BIN)
	bash .ci/bigfile-test.sh ./$(BIN)

# A Linux desktop package (Sudoku.tar.xz: binary, icon, .desktop file).
package: deps
	GOAMD64=v1 go tool fyne package -os linux -release -name Sudoku
	@ls -la Sudoku.tar.xz

# Checks the fast solver on every puzzle of the shared datasets, runs the Go
# benchmarks per dataset, then times `sudoku bench` over every file (on one
# pinned core when taskset is there). Skips when the datasets are absent.
PUZZLES := ../shared/data/puzzles
PIN     := $(shell command -v taskset >/dev/null 2>&1 && [ "$$(nproc)" -gt 1 ] && echo taskset -c 1)
bench:
	@if ! ls $(PUZZLES)/*.txt >/dev/null 2>&1; then echo "bench: no puzzle files in $(PUZZLES), skipping"; exit 0; fi; \
	set -e; \
	$(MAKE) --no-print-directory build; \
	SUDOKU_ALL_PUZZLES=1 go test -count=1 -run '^TestFastSharedAll$$' ./solver; \
	go test -run '^$$' -bench '^BenchmarkFast$$' -benchmem ./solver; \
	$(PIN) ./$(BIN) bench $(PUZZLES)/*.txt

# Remakes default.pgo, the CPU profile that go build uses for profile-guided
# optimization of the main package (2-8 % on the fast solver): the fast
# solver on every shared file, counting to two, then to the first solution.
pgo:
	CGO_ENABLED=0 GOAMD64=$(GOAMD64) go build -tags nogui -o $(BIN).pgo-tmp .
	$(PIN) ./$(BIN).pgo-tmp bench --time 2s --warmup 200ms --cpuprofile count.pgo-tmp $(PUZZLES)/*.txt
	$(PIN) ./$(BIN).pgo-tmp bench --first --time 1s --cpuprofile first.pgo-tmp $(PUZZLES)/*.txt
	go tool pprof -proto count.pgo-tmp first.pgo-tmp > default.pgo
	rm -f $(BIN).pgo-tmp count.pgo-tmp first.pgo-tmp

clean:
	rm -f $(BIN) Sudoku.tar.xz
