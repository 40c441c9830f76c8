# tafel: `make run` starts the game server for the browser, `make test` runs every test twice
# (optimised build, then ASan+UBSan), and the threaded parts a third time under ThreadSanitizer. CMake and ctest do the work underneath.
# The optimised build is CMake's Release (-O3), the build type packagers use, so a warning that
# only -O3 shows fails `make test` too; our own builds turn warnings into errors.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan
PREFIX ?= /usr/local

.PHONY: all deps build build-asan build-tsan run test test-fast test-tsan bench install clean

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DTAFEL_WERROR=ON >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DTAFEL_SANITIZE=ON -DTAFEL_WERROR=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)

# The build's output goes to a log, shown only if it fails, so that the address to open is the
# last thing on the screen; `tafel play` stays the way to play in the terminal.
run: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DTAFEL_WERROR=ON >/dev/null
	@echo "building tafel (log: $(BUILD)/build.log) ..."
	@cmake --build $(BUILD) -j $(JOBS) >$(BUILD)/build.log 2>&1 || { cat $(BUILD)/build.log; exit 1; }
	@$(BUILD)/src/cli/tafel serve | while IFS= read -r l; do echo "$$l"; case "$$l" in \
		*"serving on "*) url=$${l##* };; *"browser client"*|*"API only"*) \
		printf '\nOpen %s in your browser. Ctrl-C stops the server.\n' "$$url";; esac; done

test: build build-asan
	@echo "== tests (optimised build) =="
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@echo "== tests (ASan + UBSan build) =="
	@cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 TAFEL_SANITIZE=1 ctest --output-on-failure -j $(JOBS)
	@echo "== tests (ThreadSanitizer build: server, client, match) =="
	@$(MAKE) --no-print-directory test-tsan

# ThreadSanitizer: the server, client and match tests only (the engine is single-threaded).
# `make test` runs it last (about 1.5 min on 2 cores).
TSAN_BUILD ?= build-tsan
build-tsan: deps
	@cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="-fsanitize=thread -O1 -g" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DTAFEL_WERROR=ON >/dev/null
	@cmake --build $(TSAN_BUILD) -j $(JOBS)

test-tsan: build-tsan
	@cd $(TSAN_BUILD) && TAFEL_SANITIZE=1 TAFEL_TSAN=1 TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -j $(JOBS) -R '^(server|client|match)_'

test-fast: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/src/cli/tafel bench

# libtafel.so, its headers and tafel.pc under PREFIX (run ldconfig after a system-wide install).
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
