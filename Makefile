# tafel: `make run` starts the game server for the browser, `make test` runs every test twice
# (optimised build, then ASan+UBSan), and the threaded parts a third time under ThreadSanitizer. CMake and ctest do the work underneath.
# The optimised build is CMake's Release (-O3), the build type packagers use, so a warning that
# only -O3 shows fails `make test` too; our own builds turn warnings into errors.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan
PREFIX ?= /usr/local

.PHONY: all deps build build-asan build-tsan run test test-fast test-tsan bench install clean
.PHONY: fuzz fuzz-build coverage

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

# Fuzzing (docs/fuzzing.md): the harnesses of tests/fuzz/ with clang's libFuzzer under ASan and
# UBSan, in their own build dir. Each runs FUZZ_TIME seconds on a working corpus under the build
# dir, seeded from the committed one; crashes land in FUZZ_BUILD/artifacts/, logs in logs/.
FUZZ_BUILD ?= build-fuzz
FUZZ_TIME ?= 60
FUZZ_HARNESSES ?= record carc_text game_string bot_spec notation ws play_carcassonne \
	play_targi play_tafelrunde2
FUZZ_CFLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FUZZ_FLAGS ?= -rss_limit_mb=2048 -timeout=60 -print_final_stats=1
# A whole game is a few hundred choices; texts and records need more room.
FUZZ_MAX_LEN ?= 16384
FUZZ_PLAY_MAX_LEN ?= 2048
fuzz-build:
	@scripts/install-deps --fuzz
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DTAFEL_FUZZ=ON \
		-DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DTAFEL_WERROR=ON \
		-DCMAKE_C_FLAGS="$(FUZZ_CFLAGS)" \
		-DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_all

fuzz: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/artifacts $(FUZZ_BUILD)/logs
	@fail=""; for h in $(FUZZ_HARNESSES); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$h; \
		cp -n tests/fuzz/corpus/$$h/* $(FUZZ_BUILD)/corpus/$$h/ 2>/dev/null || true; \
		extra=""; [ -d tests/fuzz/regress/$$h ] && extra=tests/fuzz/regress/$$h; \
		len=$(FUZZ_MAX_LEN); case $$h in play_*) len=$(FUZZ_PLAY_MAX_LEN);; esac; \
		echo "== fuzz_$$h: $(FUZZ_TIME) s (log: $(FUZZ_BUILD)/logs/$$h.log)"; \
		nice -n 19 $(FUZZ_BUILD)/tests/fuzz/fuzz_$$h $(FUZZ_FLAGS) -max_len=$$len \
			-max_total_time=$(FUZZ_TIME) -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$h- \
			$(FUZZ_BUILD)/corpus/$$h $$extra \
			>$(FUZZ_BUILD)/logs/$$h.log 2>&1 || fail="$$fail $$h"; \
		grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' $(FUZZ_BUILD)/logs/$$h.log | tail -1; \
		grep -E 'stat::number_of_executed_units|SUMMARY|^fuzz:' $(FUZZ_BUILD)/logs/$$h.log; \
	done; \
	if [ -n "$$fail" ]; then echo "fuzz: findings in:$$fail (see $(FUZZ_BUILD)/artifacts)"; exit 1; fi

# Line and branch coverage of src/ over the whole ctest suite (gcov, reported by gcovr): the
# totals, then src/core and src/games; the full report in COV_BUILD/coverage/index.html.
# Heavy loops run scaled down (TAFEL_SANITIZE=1, as in the sanitizer build). Warnings are not
# errors here: the instrumentation makes gcc warn where the other builds do not. Counters are
# updated atomically: the threaded tests left negative counts that gcovr cannot read.
COV_BUILD ?= build-cov
coverage:
	@scripts/install-deps --coverage
	@cmake -S . -B $(COV_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O1 -g" \
		-DCMAKE_C_FLAGS="--coverage -fprofile-update=atomic" -DCMAKE_EXE_LINKER_FLAGS=--coverage \
		-DCMAKE_SHARED_LINKER_FLAGS=--coverage -DTAFEL_WERROR=OFF >/dev/null
	@cmake --build $(COV_BUILD) -j $(JOBS)
	@find $(COV_BUILD) -name '*.gcda' -delete
	@cd $(COV_BUILD) && TAFEL_SANITIZE=1 ctest -j $(JOBS) --output-on-failure; echo $$? >ctest.rc
	@mkdir -p $(COV_BUILD)/coverage
	@gcovr -r . --object-directory $(COV_BUILD) --filter 'src/' --exclude-unreachable-branches \
		--json $(COV_BUILD)/coverage.json --html-details $(COV_BUILD)/coverage/index.html \
		--print-summary | tail -3
	@for d in src/core src/games; do echo "== $$d"; gcovr -r . -a $(COV_BUILD)/coverage.json \
		--filter "$$d/" --print-summary -o /dev/null | tail -3; done
	@exit $$(cat $(COV_BUILD)/ctest.rc)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
