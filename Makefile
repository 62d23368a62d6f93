# backupctl — build, test and demo on a Debian machine that has only the Swift toolchain.
# Every system package the build or the tests need is installed here (apt-get; sudo when
# not root); Python's test peers (jsonschema, hypothesis-jsonschema, moto) go into a virtual
# environment in .venv.

SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := pkg-config libarchive-dev libsqlite3-dev libssl-dev libsodium-dev libcurl4-openssl-dev libxml2 \
	libzstd-dev zlib1g-dev sqlite3 zstd tar python3 python3-venv man-db groff-base zsh fish bsdutils age
VENV := .venv
PYTHON := $(CURDIR)/$(VENV)/bin/python
DEMO := demo
BACKUPCTL := .build/release/backupctl

.PHONY: all build deps python-deps test crashtest sanitize lint format demo bench bench-compare bench-stages fuzz fuzz-build clean

all: build

# Installs the Debian packages that are missing (and only those).
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The independent peers the tests use: jsonschema (differential schema tests), hypothesis-jsonschema
# (records drawn from the published schema, Tests/Fixtures/schema-records.py) and moto's S3 server
# (the object-storage tests and `make bench` run it on 127.0.0.1).
# hypothesis is pinned: hypothesis-jsonschema 0.23.1 calls an internal API (`many.more`) that
# later hypothesis releases removed (6.170 fails; 6.155.2 is the newest release checked).
HYPOTHESIS_VERSION = 6.155.2
python-deps: deps
	@if ! $(PYTHON) -c 'import jsonschema, hypothesis, hypothesis_jsonschema, moto.server, werkzeug; \
			assert hypothesis.__version__ == "$(HYPOTHESIS_VERSION)"' 2>/dev/null; then \
		python3 -m venv $(VENV) && \
		$(PYTHON) -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18' 'moto[server]>=5.1,<6' \
			'hypothesis==$(HYPOTHESIS_VERSION)' 'hypothesis-jsonschema==0.23.1'; \
	fi

build: deps
	$(SWIFT) build -c release

test: deps python-deps
	$(SWIFT) build --build-tests
	BACKUPCTL_TEST_PYTHON=$(PYTHON) $(SWIFT) test --skip-build

# Crash tests (Docs/reliability.md §3): export, import (merge, replace, into a new store),
# migrate and backup SIGKILLed before every durable step of a clean run, on SQLite and property-list
# stores, then after timed delays; the store, the outputs, the lock and the temporary files are
# checked after each kill and after the next command. `make test` runs three steps of each.
# CRASH_POINTS=all|N (steps per command), CRASH_TIMED=N (timed kills per command),
# CRASH_SIZE=small|medium|large (the sample stores).
CRASH_POINTS ?= all
CRASH_TIMED ?= 10
CRASH_SIZE ?= small
crashtest: deps python-deps
	$(SWIFT) build --build-tests
	BACKUPCTL_TEST_PYTHON=$(PYTHON) BACKUPCTL_CRASH_POINTS=$(CRASH_POINTS) BACKUPCTL_CRASH_TIMED=$(CRASH_TIMED) \
		BACKUPCTL_CRASH_SIZE=$(CRASH_SIZE) $(SWIFT) test --skip-build --filter CrashTests

# The whole test suite under ThreadSanitizer, then under AddressSanitizer (with LeakSanitizer;
# Docs/reliability.md §4), each built in its own scratch path (.build/tsan, .build/asan) so the
# normal build is left alone. --sanitize is SwiftPM's -Xswiftc -sanitize=…, also given to the C
# targets and the link. The backupctl the command tests start is the instrumented one built
# beside the tests, and every instrumented process writes what its sanitizer finds to
# $(SANITIZE_REPORTS)/<tsan|asan>/report.<pid> rather than to the standard error a test reads:
# a failing test or any report fails the target, which prints the reports.
# SANITIZERS=thread or SANITIZERS=address runs one of the two.
# BACKUPCTL_SANITIZER tells the few tests that cannot run under a sanitizer (each says why) to
# stay out (Tests/TestSupport/Sanitizer.swift).
SANITIZERS ?= thread address
SANITIZE_REPORTS := .build/sanitize-reports
# LeakSanitizer reads the suppressions in Fuzz/lsan.supp, each with its reason (objects of the
# Swift runtime and XCTest that live as long as the process). ThreadSanitizer needs none.
SANITIZE_OPTIONS_thread := TSAN_OPTIONS=log_path=REPORTS/report:second_deadlock_stack=1
SANITIZE_OPTIONS_address := ASAN_OPTIONS=log_path=REPORTS/report:detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0
sanitize: deps python-deps
	@status=0; \
	for sanitizer in $(SANITIZERS); do \
		case $$sanitizer in \
			thread) short=tsan; options='$(SANITIZE_OPTIONS_thread)' ;; \
			address) short=asan; options='$(SANITIZE_OPTIONS_address)' ;; \
			*) echo "SANITIZERS: thread and/or address, not $$sanitizer"; exit 2 ;; \
		esac; \
		reports=$(CURDIR)/$(SANITIZE_REPORTS)/$$short; rm -rf $$reports; mkdir -p $$reports; \
		echo "== $$sanitizer sanitizer: building in .build/$$short"; \
		nice $(SWIFT) build --build-tests --scratch-path .build/$$short --sanitize=$$sanitizer || exit 1; \
		echo "== $$sanitizer sanitizer: the test suite"; \
		started=$$(date +%s); \
		env $${options//REPORTS/$$reports} BACKUPCTL_SANITIZER=$$sanitizer BACKUPCTL_TEST_PYTHON=$(PYTHON) \
			nice $(SWIFT) test --skip-build --scratch-path .build/$$short --sanitize=$$sanitizer || status=1; \
		echo "== $$sanitizer sanitizer: tests ran for $$(( $$(date +%s) - started )) s"; \
		if ls $$reports/report.* > /dev/null 2>&1; then \
			status=1; echo "== $$sanitizer sanitizer: $$(ls $$reports | wc -l) reports in $$reports"; cat $$reports/report.*; \
		else \
			echo "== $$sanitizer sanitizer: no report"; \
		fi; \
	done; \
	exit $$status

# Formatting as the toolchain's swift-format sees it, with the rules in .swift-format.
# `make lint` fails on any difference (CI runs it); `make format` rewrites the files.
# It also fails when a target imports a module Package.swift does not declare for it
# (.ci/check_imports.py).
FORMAT_PATHS := Sources Tests Fuzz Plugins Benchmarks Package.swift
# .ci/check_system_calls.py: every system call goes through DurableIO (README, Repository layout).
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)
	SWIFT=$(SWIFT) python3 .ci/check_imports.py
	python3 .ci/check_system_calls.py Sources Fuzz/Harnesses

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

# The main job on the default backend (SQLite), in ./demo — never the user's real store.
demo: build
	rm -rf $(DEMO) && mkdir -p $(DEMO)
	$(BACKUPCTL) sample --store $(DEMO)/store.sqlite --size small --seed 7
	$(BACKUPCTL) export --store $(DEMO)/store.sqlite -o $(DEMO)/backup.ddbackup
	$(BACKUPCTL) validate $(DEMO)/backup.ddbackup
	$(BACKUPCTL) import $(DEMO)/backup.ddbackup --store $(DEMO)/restored.sqlite
	$(BACKUPCTL) status --store $(DEMO)/restored.sqlite

# Times export, validate and import on sampled stores beside tar/zstd/sqlite3 floors and a
# plain Python reference, and a backup uploaded to and restored from moto's S3 server (from
# .venv) beside a local folder; writes Benchmarks/results.json and the tables in
# Docs/performance.md. BENCH_S3=no leaves the S3 figures out (and moto uninstalled).
BENCH_SIZES ?= small,medium,large
BENCH_RUNS ?= 3
BENCH_S3 ?= yes
bench: build $(if $(filter no,$(BENCH_S3)),,python-deps)
	python3 Benchmarks/run_benchmarks.py --sizes $(BENCH_SIZES) --runs $(BENCH_RUNS) \
		$(if $(filter no,$(BENCH_S3)),--no-s3,--moto-python $(PYTHON))

# Two builds side by side (Docs/performance.md, "Comparing two builds"): export, validate and
# import in alternating pairs on one sampled store. BASELINE is the other build's backupctl.
BENCH_SIZE ?= large
BENCH_PAIRS ?= 5
bench-compare: build
	@test -n "$(BASELINE)" || { echo "make bench-compare BASELINE=path/to/other/backupctl"; exit 64; }
	python3 Benchmarks/compare_binaries.py $(BASELINE) $(BACKUPCTL) --size $(BENCH_SIZE) --pairs $(BENCH_PAIRS)

# What each stage of re-encoding the large sample's lookup history costs on one thread — split,
# parse, lenient decode, canonical encode, duplicates — and a copy of each value from the parser's
# tape beside them (Benchmarks/StageCosts; Docs/performance.md, "Export, stage by stage").
STAGE_RUNS ?= 5
STAGE_DIR := .build/bench-stages
bench-stages: build
	@mkdir -p $(STAGE_DIR)
	@test -s $(STAGE_DIR)/lookupHistory.json || { rm -f $(STAGE_DIR)/store.sqlite* && \
		$(BACKUPCTL) sample --store $(STAGE_DIR)/store.sqlite --size large --seed 1 --quiet && \
		sqlite3 $(STAGE_DIR)/store.sqlite \
			"SELECT writefile('$(STAGE_DIR)/lookupHistory.json', value) FROM entries WHERE key = 'lookupHistory'" \
			> /dev/null; }
	.build/release/stage-costs $(STAGE_DIR)/lookupHistory.json --runs $(STAGE_RUNS)

# Fuzzing (Docs/reliability.md): one libFuzzer executable per folder of Fuzz/Drivers, built
# apart from the normal build (its own scratch path, BACKUPCTL_FUZZ=1 adds the drivers) with
# the fuzzer and the address sanitizer. Each runs FUZZ_SECONDS, starting from the fixtures
# and from the corpus earlier runs grew in $(FUZZ_BUILD)/corpus; an input that crashes, hangs
# or leaks is saved under Tests/Fixtures/fuzz/<harness>/, which `make test` replays.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?= $(patsubst Fuzz/Drivers/fuzz-%,%,$(wildcard Fuzz/Drivers/fuzz-*))
FUZZ_BUILD := .build/fuzz
FUZZ_CRASHES := Tests/Fixtures/fuzz
# Extra libFuzzer options, e.g. FUZZ_OPTIONS=-jobs=2 or -max_len=262144.
FUZZ_OPTIONS ?=
FIXTURES := Tests/Fixtures
FUZZ_SEEDS_json := $(wildcard $(FIXTURES)/JSONTestSuite/test_parsing/*.json) $(wildcard $(FIXTURES)/Backups/*.json) \
	$(wildcard $(FIXTURES)/Stores/*.json)
# The archive harness also starts from the backups decompressed, so mutations reach the tar headers.
FUZZ_SEEDS_archive := $(wildcard $(FIXTURES)/Backups/*.ddbackup) $(FIXTURES)/Backups/v2.json.gz
FUZZ_SEEDS_manifest := $(wildcard $(FIXTURES)/Backups/*.ddbackup)
FUZZ_SEEDS_legacy := $(FIXTURES)/Backups/v1.json $(FIXTURES)/Backups/v2.json.gz
FUZZ_SEEDS_plist := $(wildcard $(FIXTURES)/Stores/*.plist)
# The age harness starts from files the age tool wrote and from the age test kit's vectors, each
# cut after its textual header (the zlib-compressed and the armored ones left out).
FUZZ_SEEDS_ageheader := $(wildcard $(FIXTURES)/age-cli/*.age)
AGE_TESTKIT_VECTORS := $(filter-out %.md %/LICENSE %/ORIGIN %/SOURCE-COMMIT,$(wildcard $(FIXTURES)/age-testkit/*))

# (The linker's "Cannot export local symbol" warnings, one per sanitizer helper, are dropped.)
fuzz-build: deps
	@set -o pipefail; for harness in $(FUZZ_HARNESSES); do \
		BACKUPCTL_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_BUILD) --product fuzz-$$harness \
			2>&1 | grep -v "Cannot export local symbol" || exit 1; \
	done

fuzz: fuzz-build
	@status=0; \
	for harness in $(FUZZ_HARNESSES); do \
		seeds=$(FUZZ_BUILD)/seeds/$$harness; corpus=$(FUZZ_BUILD)/corpus/$$harness; \
		rm -rf $$seeds; mkdir -p $$seeds $$corpus $(FUZZ_CRASHES)/$$harness; \
		case $$harness in \
			json) cp $(FUZZ_SEEDS_json) $$seeds/ ;; \
			archive) cp $(FUZZ_SEEDS_archive) $$seeds/; for backup in $(FUZZ_SEEDS_manifest); do \
				zstd -dcqf $$backup > $$seeds/$$(basename $$backup).tar; done ;; \
			manifest) for backup in $(FUZZ_SEEDS_manifest); do \
				tar -xOf $$backup manifest.json > $$seeds/$$(basename $$backup).manifest.json; done ;; \
			legacy) cp $(FUZZ_SEEDS_legacy) $$seeds/ ;; \
			plist) cp $(FUZZ_SEEDS_plist) $$seeds/ ;; \
			ageheader) cp $(FUZZ_SEEDS_ageheader) $$seeds/; for vector in $(AGE_TESTKIT_VECTORS); do \
				LC_ALL=C sed '/^$$/q' $$vector | grep -q -e '^compressed: ' -e '^armored: yes' || \
				LC_ALL=C sed '1,/^$$/d' $$vector > $$seeds/$$(basename $$vector); done ;; \
		esac; \
		log=$(FUZZ_BUILD)/logs/$$harness.log; mkdir -p $(FUZZ_BUILD)/logs; \
		echo "== fuzz-$$harness for $(FUZZ_SECONDS) s (log: $$log)"; \
		if LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0 SWIFT_BACKTRACE=enable=no \
			$(FUZZ_BUILD)/debug/fuzz-$$harness $$corpus $$seeds -max_total_time=$(FUZZ_SECONDS) \
			-artifact_prefix=$(FUZZ_CRASHES)/$$harness/ -timeout=20 -rss_limit_mb=4096 \
			-report_slow_units=1000000 -print_final_stats=1 $(FUZZ_OPTIONS) > $$log 2>&1; then \
			grep -E '^#[0-9]+' $$log | tail -1; grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' $$log; \
		else \
			status=1; grep -E '^(==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' $$log; \
			echo "fuzz-$$harness stopped on a finding, saved in $(FUZZ_CRASHES)/$$harness/"; \
		fi; \
	done; \
	exit $$status

clean:
	rm -rf .build $(DEMO) $(VENV)
