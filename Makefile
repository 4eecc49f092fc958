# One command each: run, test, bench, format. Each installs what is missing first.
JOBS ?= $(shell nproc)
SEED ?=

.PHONY: all deps build run test test-release test-asan bench format format-check clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

run: build
	./build/release/hearts play $(if $(SEED),--seed $(SEED),)

test: deps format-check test-release test-asan

test-release: build
	ctest --preset release -j $(JOBS)

test-asan: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

bench: build
	./build/release/hearts bench

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

format-check:
	@clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.h') && echo "format: ok"

clean:
	rm -rf build
