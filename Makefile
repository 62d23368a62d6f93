# backupctl — build, test and demo on a Debian machine that has only the Swift toolchain.
# Every system package the build or the tests need is installed here (apt-get; sudo when
# not root); Python's jsonschema goes into a virtual environment in .venv.

SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := pkg-config libarchive-dev libsqlite3-dev libssl-dev libcurl4-openssl-dev libxml2 zlib1g-dev sqlite3 zstd tar \
	python3 python3-venv man-db groff-base zsh fish bsdutils age
VENV := .venv
PYTHON := $(CURDIR)/$(VENV)/bin/python
DEMO := demo
BACKUPCTL := .build/release/backupctl

.PHONY: all build deps python-deps test lint format demo bench clean

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

# The independent peers the tests use: jsonschema (differential schema tests) and moto's S3
# server (the object-storage tests and `make bench` run it on 127.0.0.1).
python-deps: deps
	@if ! $(PYTHON) -c 'import jsonschema, moto.server, werkzeug' 2>/dev/null; then \
		python3 -m venv $(VENV) && \
		$(PYTHON) -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18' 'moto[server]>=5.1,<6'; \
	fi

build: deps
	$(SWIFT) build -c release

test: deps python-deps
	$(SWIFT) build --build-tests
	BACKUPCTL_TEST_PYTHON=$(PYTHON) $(SWIFT) test --skip-build

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
# plain Python reference, and a backup uploaded to and restored from moto's S3 server (from
# .venv) beside a local folder; writes Benchmarks/results.json and the tables in
# Docs/performance.md. BENCH_S3=no leaves the S3 figures out (and moto uninstalled).
BENCH_SIZES ?= small,medium,large
BENCH_RUNS ?= 3
BENCH_S3 ?= yes
bench: build $(if $(filter no,$(BENCH_S3)),,python-deps)
	python3 Benchmarks/run_benchmarks.py --sizes $(BENCH_SIZES) --runs $(BENCH_RUNS) \
		$(if $(filter no,$(BENCH_S3)),--no-s3,--moto-python $(PYTHON))

clean:
	rm -rf .build $(DEMO) $(VENV)
