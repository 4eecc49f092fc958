# One command each: run, test, bench, format. Each installs what is missing first.
JOBS ?= $(shell nproc)
PORT ?= 8080
DATA ?= data

.PHONY: all deps test-deps build web run play test test-release test-asan test-tsan test-web bench format format-check clean
.PHONY: fuzz-smoke

all: build

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

# The web client: npm packages are installed when the lock file changes.
web/node_modules/.installed: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web: deps web/node_modules/.installed
	cd web && npm run build

# The game at http://localhost:$(PORT) with its SQLite database in $(DATA)/.
run: build web
	./build/release/hearts serve --port $(PORT) --data-dir $(DATA) --web-dir web/dist

# The terminal game.
play: build
	./build/release/hearts play

test: test-deps format-check test-release test-asan test-tsan fuzz-smoke test-web

test-release: build
	ctest --preset release -j $(JOBS)

test-asan: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

# The server runs tables on several threads: its tests run under ThreadSanitizer too.
test-tsan: deps
	cmake --preset tsan >/dev/null
	cmake --build --preset tsan -j $(JOBS)
	ctest --preset tsan -j $(JOBS)

# The parser fuzzers (clang, libFuzzer, ASan, UBSan), each for a fixed number of runs from
# its seed corpus and the random seed FUZZ_SEED, so a result repeats anywhere; a crash, leak
# or undefined behaviour fails. Long runs that look for new inputs: tools/fuzz.sh TARGET SECONDS.
FUZZ_SEED ?= 1
fuzz-smoke: test-deps
	FUZZ_SEED=$(FUZZ_SEED) JOBS=$(JOBS) tools/fuzz.sh smoke

test-web: build web
	cd web && npm run typecheck && npm test && npm run e2e

bench: build
	./build/release/hearts bench

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

# Also: no std::filesystem call in the server without an error_code (it would throw on
# a name the system refuses, on an io thread).
format-check:
	@clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.h') && echo "format: ok"
	@tools/check-fs-calls.pl $$(git ls-files 'server/*.cpp' 'server/*.h') && echo "filesystem calls: ok"

clean:
	rm -rf build web/dist
