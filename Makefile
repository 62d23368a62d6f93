# backupctl — build, test and demo on a Debian machine that has only the Swift toolchain.
# Every system package the build or the tests need is installed here (apt-get; sudo when
# not root); Python's jsonschema goes into a virtual environment in .venv.

SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := pkg-config libarchive-dev libsqlite3-dev libssl-dev zlib1g-dev sqlite3 zstd tar python3 python3-venv \
	man-db groff-base zsh fish bsdutils age
VENV := .venv
PYTHON := $(CURDIR)/$(VENV)/bin/python
DEMO := demo
BACKUPCTL := .build/release/backupctl

.PHONY: all build deps python-deps test crashtest lint format demo bench clean

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

# The independent peers the tests use: jsonschema (differential schema tests).
python-deps: deps
	@if ! $(PYTHON) -c 'import jsonschema' 2>/dev/null; then \
		python3 -m venv $(VENV) && \
		$(PYTHON) -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18'; \
	fi

build: deps
	$(SWIFT) build -c release

test: deps python-deps
	$(SWIFT) build --build-tests
	BACKUPCTL_TEST_PYTHON=$(PYTHON) $(SWIFT) test --skip-build

# Crash tests (Docs/crash-testing.md): export, import (merge, replace, into a new store), migrate
# and backup SIGKILLed before every durable step of a clean run, on SQLite and property-list
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

# Formatting as the toolchain's swift-format sees it, with the rules in .swift-format.
# `make lint` fails on any difference (CI runs it); `make format` rewrites the files.
FORMAT_PATHS := Sources Tests Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

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
# plain Python reference; writes Benchmarks/results.json and the table in Docs/performance.md.
BENCH_SIZES ?= small,medium,large
BENCH_RUNS ?= 3
bench: build
	python3 Benchmarks/run_benchmarks.py --sizes $(BENCH_SIZES) --runs $(BENCH_RUNS)

clean:
	rm -rf .build $(DEMO) $(VENV)
