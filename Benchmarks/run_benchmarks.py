#!/usr/bin/env python3
"""backupctl's benchmark (design §9): on deterministic sampled stores at three sizes, time
backupctl's export, validate and import beside the floors (tar + zstd over the same section
JSON, zstd -d | tar -x, sqlite3 loading the same rows) and a plain Python reference
(reference_backup.py). Each figure is the median of several runs; peak RSS comes from
/usr/bin/time -v. Writes Benchmarks/results.json and the table in Docs/performance.md.

usage: run_benchmarks.py [--sizes small,medium,large] [--runs 3] [--binary PATH]
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, "work")
REFERENCE = os.path.join(HERE, "reference_backup.py")


def measure_once(command, cwd, prepare=None):
    """Wall time (s) and peak RSS (MB) of one run of `command`."""
    if prepare:
        prepare()
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", "bash", "-c", command], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {command}\n{result.stderr[-2000:]}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    return seconds, peak


def remove(*paths):
    for path in paths:
        for suffix in ("", "-wal", "-shm", ".lock"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)


def bench_size(size, runs, binary):
    work = os.path.join(WORK, size)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    run = lambda command: subprocess.run(command, cwd=work, shell=True, check=True, stdout=subprocess.DEVNULL)
    run(f"{binary} sample --store store.sqlite --size {size} --seed 1 --quiet")
    run(f"{binary} export --store store.sqlite -o seed.ddbackup --quiet")
    os.makedirs(os.path.join(work, "extracted"))
    run("tar --zstd -xf seed.ddbackup -C extracted")
    sections = sorted(os.listdir(os.path.join(work, "extracted", "sections")))
    json_bytes = sum(os.path.getsize(os.path.join(work, "extracted", "sections", name)) for name in sections)
    entries = "manifest.json " + " ".join(f"sections/{name}" for name in sections)
    load_sql = "CREATE TABLE entries(key TEXT PRIMARY KEY, kind TEXT, value BLOB);" + "".join(
        f"INSERT INTO entries VALUES('{name[:-5]}','data',readfile('extracted/sections/{name}'));" for name in sections)
    with open(os.path.join(work, "load.sql"), "w") as file:
        file.write("PRAGMA journal_mode=WAL;BEGIN;" + load_sql + "COMMIT;")
    shutil.copy(os.path.join(work, "store.sqlite"), os.path.join(work, "full.sqlite"))
    # An age key pair for the encrypted variants (the `age` package is installed by `make deps`).
    run("age-keygen -o key.txt 2>/dev/null && age-keygen -y key.txt > recipient.txt")
    with open(os.path.join(work, "recipient.txt")) as file:
        recipient = file.read().strip()
    store_path = lambda name: os.path.join(work, name)
    operations = []

    def add(name, group, command, prepare=None):
        operations.append((name, group, command, prepare))

    add("backupctl export", "backupctl", f"{binary} export --store store.sqlite -o out.ddbackup --quiet",
        lambda: remove(store_path("out.ddbackup")))
    add("backupctl validate", "backupctl", f"{binary} validate out.ddbackup --quiet")
    add("backupctl import (empty store)", "backupctl", f"{binary} import out.ddbackup --store empty.sqlite --quiet",
        lambda: remove(store_path("empty.sqlite")))
    add("backupctl import (merge, full store)", "backupctl",
        f"{binary} import out.ddbackup --store full.sqlite --quiet --no-safety-snapshot")
    add("backupctl export (encrypted, age X25519)", "encrypted",
        f"{binary} export --store store.sqlite -o out-age.ddbackup --recipient {recipient} --quiet",
        lambda: remove(store_path("out-age.ddbackup")))
    add("backupctl validate (encrypted)", "encrypted", f"{binary} validate out-age.ddbackup --identity key.txt --quiet")
    add("backupctl import (empty store, encrypted)", "encrypted",
        f"{binary} import out-age.ddbackup --store empty-age.sqlite --identity key.txt --quiet",
        lambda: remove(store_path("empty-age.sqlite")))
    add("floor: tar + zstd -3", "floor", f"tar -C extracted -cf - {entries} | zstd -3 -q -c > floor.tar.zst",
        lambda: remove(store_path("floor.tar.zst")))
    add("floor: zstd -d | tar -x", "floor", "rm -rf unpacked && mkdir unpacked && zstd -d -q -c floor.tar.zst | tar -xf - -C unpacked")
    add("floor: sqlite3 load rows", "floor", "sqlite3 loaded.sqlite < load.sql", lambda: remove(store_path("loaded.sqlite")))
    add("python reference export", "reference", f"{sys.executable} {REFERENCE} export store.sqlite reference.tar.zst",
        lambda: remove(store_path("reference.tar.zst")))
    add("python reference import (empty store)", "reference",
        f"{sys.executable} {REFERENCE} import out.ddbackup reference.sqlite", lambda: remove(store_path("reference.sqlite")))

    # Rounds over every operation, rather than each operation's runs back to back: the machine
    # is shared and its speed drifts over minutes, and the targets compare operations with one
    # another, so each round's figures come from about the same moment.
    measured = {name: [] for name, _, _, _ in operations}
    for _ in range(runs):
        for name, _, command, prepare in operations:
            measured[name].append(measure_once(command, work, prepare))
    rows = []
    for name, group, _, _ in operations:
        seconds = statistics.median(run[0] for run in measured[name])
        peak = statistics.median(run[1] for run in measured[name])
        rows.append({"size": size, "operation": name, "group": group, "seconds": round(seconds, 3),
                     "mbPerSecond": round(json_bytes / 1e6 / seconds, 1), "peakRSSMB": round(peak, 1)})
        print(f"  {size:6} {name:44} {seconds:8.3f} s {json_bytes / 1e6 / seconds:8.1f} MB/s {peak:8.1f} MB", flush=True)
    return json_bytes, rows


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            model = next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"cpu": model, "cores": os.cpu_count(), "kernel": platform.release(), "python": platform.python_version(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "load": os.getloadavg()[0]}


def targets(rows, json_bytes):
    by = {row["operation"]: row for row in rows}
    exp, floor = by["backupctl export"]["seconds"], by["floor: tar + zstd -3"]["seconds"]
    imp, ref = by["backupctl import (empty store)"]["seconds"], by["python reference import (empty store)"]["seconds"]
    val = by["backupctl validate"]["mbPerSecond"]
    rss, ref_rss = by["backupctl import (empty store)"]["peakRSSMB"], by["python reference import (empty store)"]["peakRSSMB"]
    exp_age = by["backupctl export (encrypted, age X25519)"]["seconds"]
    imp_age = by["backupctl import (empty store, encrypted)"]["seconds"]
    return [
        {"target": "export ≤ 2× the tar + zstd floor", "value": f"{exp / floor:.2f}× the floor", "met": exp <= 2 * floor},
        {"target": "import into an empty store ≥ 4× faster than the Python reference", "value": f"{ref / imp:.2f}× faster",
         "met": ref >= 4 * imp},
        {"target": "validate ≥ 200 MB/s", "value": f"{val:.0f} MB/s", "met": val >= 200},
        {"target": "import peak RSS ≤ ⅓ of the Python reference's", "value": f"{rss:.0f} MB vs {ref_rss:.0f} MB ({rss / ref_rss:.2f})",
         "met": rss <= ref_rss / 3},
        {"target": "encryption adds ≤ 10 % to export", "value": f"{(exp_age / exp - 1) * 100:+.1f} %",
         "met": exp_age <= 1.10 * exp},
        {"target": "decryption adds ≤ 10 % to import into an empty store", "value": f"{(imp_age / imp - 1) * 100:+.1f} %",
         "met": imp_age <= 1.10 * imp},
    ]


def write_markdown(results, path):
    lines = ["<!-- The table below is written by `make bench` (Benchmarks/run_benchmarks.py). -->", "",
             f"Latest run: {results['machine']['date']} on {results['machine']['cpu']}, "
             f"{results['machine']['cores']} cores, Linux {results['machine']['kernel']} "
             f"(load average {results['machine']['load']:.1f} at start); median of {results['runs']} runs.", ""]
    for size in results["sizes"]:
        lines += [f"### {size['size']} ({size['jsonBytes'] / 1e6:.1f} MB of JSON)", "",
                  "| operation | seconds | MB/s of JSON | peak RSS (MB) |", "|---|---:|---:|---:|"]
        lines += [f"| {row['operation'].replace('|', chr(92) + '|')} | {row['seconds']:.3f} | {row['mbPerSecond']:.1f} | {row['peakRSSMB']:.0f} |"
                  for row in size["rows"]]
        lines.append("")
    if results.get("targets"):
        lines += ["### Targets (large store)", "", "| target | measured | met |", "|---|---|---|"]
        lines += [f"| {t['target']} | {t['value']} | {'yes' if t['met'] else 'no'} |" for t in results["targets"]]
        lines.append("")
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
    text = open(path).read() if os.path.exists(path) else f"# Performance\n\n{begin}\n{end}\n"
    if begin not in text:
        text += f"\n{begin}\n{end}\n"
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    with open(path, "w") as file:
        file.write(head + begin + "\n" + "\n".join(lines) + end + tail)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="small,medium,large")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "backupctl"))
    args = parser.parse_args()
    results = {"machine": machine(), "runs": args.runs, "sizes": []}
    for size in args.sizes.split(","):
        print(f"{size}:", flush=True)
        json_bytes, rows = bench_size(size, args.runs, os.path.abspath(args.binary))
        results["sizes"].append({"size": size, "jsonBytes": json_bytes, "rows": rows})
        if size == "large":
            results["targets"] = targets(rows, json_bytes)
    with open(os.path.join(HERE, "results.json"), "w") as file:
        json.dump(results, file, indent=2)
    write_markdown(results, os.path.join(ROOT, "Docs", "performance.md"))
    for target in results.get("targets", []):
        print(f"{'met' if target['met'] else 'NOT met'}: {target['target']}: {target['value']}")


if __name__ == "__main__":
    main()
