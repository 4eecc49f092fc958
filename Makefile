# One command each: run, test, bench, format. Each installs what is missing first.
JOBS ?= $(shell nproc)
# Tests that mostly wait on sockets and timers run more at a time than there are cores.
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 3 )))
PORT ?= 8080
DATA ?= data

.PHONY: all deps test-deps build build-tests web run play test test-release test-asan test-tsan test-web bench format format-check clean
.PHONY: build-wasm test-wasm fuzz-smoke lanes build-lane-asan build-lane-tsan build-lane-web
.PHONY: lane-release lane-asan lane-tsan lane-fuzz lane-web

all: build

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

# `hearts` alone: what `make run` needs. The tests are built by the test targets.
build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS) --target hearts

build-tests: deps
	@cmake --preset release >/dev/null
	@$(STAGE) build-release cmake --build --preset release -j $(JOBS)

# The engine and the bots in WebAssembly (wasm/, docs/offline.md), with Debian's emscripten.
# Its compiler runs Node.js scripts that need Debian's node packages (acorn), which a
# Node.js from elsewhere does not look for.
EMSDK_ENV = NODE_PATH=/usr/share/nodejs
define build_wasm
	@$(EMSDK_ENV) cmake --preset wasm >/dev/null
	@$(STAGE) build-wasm env $(EMSDK_ENV) cmake --build --preset wasm -j $(JOBS)
endef
# The wasm build plays 1,000 seeded hands as the native one does (tests/wasm/agree.mjs).
define test_wasm
	$(build_wasm)
	@$(STAGE) wasm-agree node tests/wasm/agree.mjs build/release/hearts build/wasm/wasm
endef
build-wasm: deps
	$(build_wasm)

test-wasm: test-deps build
	$(test_wasm)

# The web client: npm packages are installed when the lock file changes.
web/node_modules/.installed: web/package-lock.json
	@scripts/stage.sh npm-ci sh -c 'cd web && npm ci --no-audit --no-fund'
	touch $@

web: deps web/node_modules/.installed
	$(build_wasm)
	@$(STAGE) web-build sh -c 'cd web && npm run build'

# The game at http://localhost:$(PORT) with its SQLite database in $(DATA)/. The server
# and the client are built at once: npm's install is mostly waiting on the disk.
run: deps
	@$(MAKE) --no-print-directory -j2 build web
	./build/release/hearts serve --port $(PORT) --data-dir $(DATA) --web-dir web/dist

# The terminal game.
play: build
	./build/release/hearts play

# Every stage says how long it took, and the run ends with the table of them
# (scripts/stage.sh; docs/testing.md says what each runs and how to run one test).
STAGE = scripts/stage.sh

test:
	@$(STAGE) --reset
	@$(STAGE) installs $(MAKE) --no-print-directory test-deps
	@$(STAGE) format-check $(MAKE) --no-print-directory format-check
	@$(MAKE) --no-print-directory build-tests || { $(STAGE) --report; exit 1; }
	@$(MAKE) --no-print-directory -j2 --output-sync=target lanes || \
		{ $(STAGE) --report; exit 1; }
	@$(STAGE) --report

# After the release build, `make test` runs in two lanes at once. The test lane runs each
# suite as soon as its build is there, one at a time. The build lane makes the sanitizer
# builds (the ASan one makes the fuzzers too) and the client one after another, at nice
# 15: a test that needs the cores has them, and a build takes what the tests leave (a
# test waiting on a socket or a timer). docs/testing.md has the figures.
# (`lanes` expects the installs and the release build done, as `test` does first.)
lanes: lane-web

build-lane-asan:
	@cmake --preset asan >/dev/null
	@$(STAGE) build-asan nice -n 15 cmake --build --preset asan -j $(JOBS)

build-lane-tsan: build-lane-asan
	@cmake --preset tsan >/dev/null
	@$(STAGE) build-tsan nice -n 15 cmake --build --preset tsan -j $(JOBS)

# (lane-release builds the engine's WebAssembly, which the client's build takes in.)
build-lane-web: build-lane-tsan lane-release web/node_modules/.installed
	@$(STAGE) web-build nice -n 15 sh -c 'cd web && npm run build'

# The web checks need no build: they run while the test lane would wait for build-asan.
lane-release: web/node_modules/.installed
	@$(STAGE) ctest-release ctest --preset release -j $(TEST_JOBS)
	@$(STAGE) web-typecheck sh -c 'cd web && npm run typecheck'
	@$(STAGE) web-imports sh -c 'cd web && npm run check-imports'
	@$(STAGE) vitest sh -c 'cd web && npm test'
	$(test_wasm)

lane-asan: build-lane-asan lane-release
	@$(STAGE) ctest-asan ctest --preset asan -j $(JOBS)
	@$(STAGE) ctest-asan-int ctest --preset asan-integration -j $(TEST_JOBS)

lane-tsan: build-lane-tsan lane-fuzz
	@$(STAGE) ctest-tsan ctest --preset tsan -j $(JOBS)
	@$(STAGE) ctest-tsan-int ctest --preset tsan-integration -j $(TEST_JOBS)

lane-fuzz: build-lane-asan lane-asan
	@$(STAGE) fuzz-smoke env FUZZ_SEED=$(FUZZ_SEED) JOBS=$(JOBS) tools/fuzz.sh smoke

lane-web: build-lane-web lane-tsan
	@$(STAGE) playwright sh -c 'cd web && npx playwright test --workers=$(JOBS)'

# Each part alone, one step after another.
test-release: build-tests
	@$(STAGE) ctest-release ctest --preset release -j $(TEST_JOBS)

# The sanitizer builds make `hearts` and the unit tests; the integration tests are
# release's, run against that build's server (HEARTS_SERVER_BINARY), whose reports they
# read from its log.
test-asan: test-deps build-tests
	@cmake --preset asan >/dev/null
	@$(STAGE) build-asan cmake --build --preset asan -j $(JOBS)
	@$(STAGE) ctest-asan ctest --preset asan -j $(JOBS)
	@$(STAGE) ctest-asan-int ctest --preset asan-integration -j $(TEST_JOBS)

# The server runs tables on several threads: the tests that run threads, under
# ThreadSanitizer too.
test-tsan: deps build-tests
	@cmake --preset tsan >/dev/null
	@$(STAGE) build-tsan cmake --build --preset tsan -j $(JOBS)
	@$(STAGE) ctest-tsan ctest --preset tsan -j $(JOBS)
	@$(STAGE) ctest-tsan-int ctest --preset tsan-integration -j $(TEST_JOBS)

# The fuzzers (the ASan build's: clang, libFuzzer, ASan, UBSan), each for a fixed number of
# runs from its seed corpus and the random seed FUZZ_SEED, so a result repeats anywhere; a
# crash, leak or undefined behaviour fails. Long runs that look for new inputs: tools/fuzz.sh TARGET SECONDS.
FUZZ_SEED ?= 1
fuzz-smoke: test-deps
	@$(STAGE) fuzz-smoke env FUZZ_SEED=$(FUZZ_SEED) JOBS=$(JOBS) tools/fuzz.sh smoke

# The client is built once (`web`); Playwright runs it against release's server, two
# browsers at a time.
test-web: build web
	@$(STAGE) web-typecheck sh -c 'cd web && npm run typecheck'
	@$(STAGE) web-imports sh -c 'cd web && npm run check-imports'
	@$(STAGE) vitest sh -c 'cd web && npm test'
	@$(STAGE) playwright sh -c 'cd web && npx playwright test --workers=$(JOBS)'

bench: build
	./build/release/hearts bench

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

# Also: no std::filesystem call in the server without an error_code (it would throw on
# a name the system refuses, on an io thread), and the include rules between folders
# (docs/architecture.md, "The folders and their rules").
format-check:
	@clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.h') && echo "format: ok"
	@tools/check-fs-calls.pl $$(git ls-files 'server/*.cpp' 'server/*.h') && echo "filesystem calls: ok"
	@tools/check-includes.pl $$(git ls-files 'server/*.cpp' 'server/*.h' 'engine/*.cpp' 'engine/*.h' \
		'ai/*.cpp' 'ai/*.h') && echo "include rules: ok"
	@tools/check-file-lengths.pl $$(git ls-files 'server/*.cpp' 'server/*.h' 'app/*.cpp' 'app/*.h' \
		'engine/*.cpp' 'engine/*.h' 'ai/*.cpp' 'ai/*.h' 'wasm/*.cpp' 'web/src/*.ts') && echo "file lengths: ok"

clean:
	rm -rf build web/dist
