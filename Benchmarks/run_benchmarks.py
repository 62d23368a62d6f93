#!/usr/bin/env python3
"""backupctl's benchmark (design §9): on deterministic sampled stores at three sizes, time
backupctl's export, validate and import beside the floors (tar + zstd over the same section
JSON, zstd -d | tar -x, sqlite3 loading the same rows) and a plain Python reference
(reference_backup.py). Each figure is the median of several runs; peak RSS comes from
/usr/bin/time -v. Writes Benchmarks/results.json and the tables in Docs/performance.md.

With moto installed in .venv (`make python-deps`), also times, for each size, a backup uploaded
to moto's S3 server on 127.0.0.1 and restored from it beside the same on a local folder
(object_storage.py); without moto those figures are skipped with a message.

usage: run_benchmarks.py [--sizes small,medium,large] [--runs 3] [--binary PATH]
                         [--moto-python PATH | --no-s3]
"""
import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the checkout for the module below
import object_storage  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, "work")
REFERENCE = os.path.join(HERE, "reference_backup.py")


def measure_once(command, cwd, env=None):
    """Wall time (s), peak RSS (MB) and CPU time (user + system, s) of one run of `command`."""
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", "bash", "-c", command], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {command}\n{result.stderr[-2000:]}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", result.stderr).group(1))
              for kind in ("User", "System"))
    return seconds, peak, cpu


def remove(*paths):
    for path in paths:
        for suffix in ("", "-wal", "-shm", ".lock"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)


def respell(source, target):
    """A copy of the store `source` whose JSON arrays hold the same records spelled otherwise
    (a space after each comma and colon), as an app with another JSON writer would store them:
    a merge must decode every stored record to compare it. (It finds the records unchanged but
    adds the backup's unreadable elements, whose bytes now differ from the store's: its
    benchmark is a dry run, so that every round does the same work.)"""
    shutil.copy(source, target)
    with sqlite3.connect(target) as database:
        for key, value in database.execute("SELECT key, value FROM entries WHERE kind = 'data'").fetchall():
            if value[:1] == b"[":
                text = json.dumps(json.loads(value), separators=(", ", ": "), ensure_ascii=False)
                database.execute("UPDATE entries SET value = ? WHERE key = ?", (text.encode(), key))


def bench_size(size, runs, binary, moto_python):
    """The rows of the main table and, when moto runs, the S3 table's ({"backupBytes", "parts",
    "moto", "rows"}; else None) for one size."""
    work = os.path.join(WORK, size)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    def run(command, env=None):
        subprocess.run(command, cwd=work, shell=True, check=True, stdout=subprocess.DEVNULL, env=env)

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
    respell(os.path.join(work, "store.sqlite"), os.path.join(work, "respelled.sqlite"))
    # An age key pair for the encrypted variants (the `age` package is installed by `make deps`).
    run("age-keygen -o key.txt 2>/dev/null && age-keygen -y key.txt > recipient.txt")
    with open(os.path.join(work, "recipient.txt")) as file:
        recipient = file.read().strip()
    store_path = lambda name: os.path.join(work, name)
    operations = []

    def add(name, group, command, prepare=None, env=None, server=None):
        operations.append({"name": name, "group": group, "command": command, "prepare": prepare, "env": env,
                           "server": server})

    add("backupctl export", "backupctl", f"{binary} export --store store.sqlite -o out.ddbackup --quiet",
        lambda: remove(store_path("out.ddbackup")))
    add("backupctl validate", "backupctl", f"{binary} validate out.ddbackup --quiet")
    add("backupctl import (empty store)", "backupctl", f"{binary} import out.ddbackup --store empty.sqlite --quiet",
        lambda: remove(store_path("empty.sqlite")))
    add("backupctl import (merge, full store)", "backupctl",
        f"{binary} import out.ddbackup --store full.sqlite --quiet --no-safety-snapshot")
    add("backupctl import (merge, full store spelled otherwise)", "backupctl",
        f"{binary} import out.ddbackup --store respelled.sqlite --quiet --no-safety-snapshot --dry-run")
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

    with contextlib.ExitStack() as stack:
        server = stack.enter_context(object_storage.MotoServer(moto_python, store_path("moto.log"))) if moto_python else None
        if server:
            local, key, backup_bytes, parts = object_storage.prepare(server, binary, work, run)
            for name, command, prepare, env in object_storage.operations(server, binary, work, local, key, remove):
                add(name, "s3", command, prepare, env, server if "s3://" in command else None)

        # Rounds over every operation, rather than each operation's runs back to back: the machine
        # is shared and its speed drifts over minutes, and the targets compare operations with one
        # another, so each round's figures come from about the same moment.
        measured = {operation["name"]: [] for operation in operations}
        for _ in range(runs):
            for operation in operations:
                if operation["prepare"]:
                    operation["prepare"]()
                before = operation["server"].cpu_seconds() if operation["server"] else 0
                seconds, peak, _ = measure_once(operation["command"], work, operation["env"])
                server_cpu = operation["server"].cpu_seconds() - before if operation["server"] else None
                measured[operation["name"]].append((seconds, peak, server_cpu))
        # Encryption's cost is a few percent at most, below what the rounds' order shows (the
        # operation after the merge import runs while its writes are flushed). So each target
        # is measured apart: plain and encrypted runs in pairs, alternating which goes first,
        # each after a `sync`; the median of the pairs' ratios.
        by_name = {operation["name"]: operation for operation in operations}
        pairs = {f"{what} (paired)": paired_ratio(by_name[plain], by_name[encrypted], max(10, 3 * runs), work)
                 for what, plain, encrypted in [
                     ("export", "backupctl export", "backupctl export (encrypted, age X25519)"),
                     ("import", "backupctl import (empty store)", "backupctl import (empty store, encrypted)")]}
        for name, measures in pairs.items():
            for measure, ratios in measures.items():
                print(f"  {size:6} encryption overhead, {name}, {measure:4} time: median "
                      f"{(statistics.median(ratios) - 1) * 100:+.1f} % (pairs from {(min(ratios) - 1) * 100:+.1f} % "
                      f"to {(max(ratios) - 1) * 100:+.1f} %)", flush=True)
    rows, s3_rows = [], []
    for operation in operations:
        name, group = operation["name"], operation["group"]
        seconds = statistics.median(run[0] for run in measured[name])
        peak = statistics.median(run[1] for run in measured[name])
        unit_bytes = backup_bytes if group == "s3" else json_bytes
        row = {"size": size, "operation": name, "group": group, "seconds": round(seconds, 3),
               "mbPerSecond": round(unit_bytes / 1e6 / seconds, 1), "peakRSSMB": round(peak, 1)}
        if operation["server"]:
            row["serverCPUSeconds"] = round(statistics.median(run[2] for run in measured[name]), 3)
        (s3_rows if group == "s3" else rows).append(row)
        unit = "MB/s of backup" if group == "s3" else "MB/s"
        print(f"  {size:6} {name:44} {seconds:8.3f} s {unit_bytes / 1e6 / seconds:8.1f} {unit:14} {peak:8.1f} MB",
              flush=True)
    s3 = {"backupBytes": backup_bytes, "parts": parts, "moto": server.version, "rows": s3_rows} if server else None
    return json_bytes, rows, s3, pairs


def paired_ratio(plain, encrypted, pairs, work):
    """The ratios of `encrypted`'s time to `plain`'s, one per pair, as {"wall": [...], "cpu":
    [...]} (CPU: user + system time of the process); the pairs alternate which runs first, and
    every run follows a `sync`, so neither inherits the other's writeback."""
    ratios = {"wall": [], "cpu": []}
    for index in range(pairs):
        measured = {}
        for operation in (plain, encrypted) if index % 2 == 0 else (encrypted, plain):
            if operation["prepare"]:
                operation["prepare"]()
            subprocess.run(["sync"], check=True)
            measured[operation["name"]] = measure_once(operation["command"], work, operation["env"])
        (wall, _, cpu), (plain_wall, _, plain_cpu) = measured[encrypted["name"]], measured[plain["name"]]
        ratios["wall"].append(wall / plain_wall)
        ratios["cpu"].append(cpu / plain_cpu)
    return ratios


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


def targets(rows, json_bytes, pairs):
    by = {row["operation"]: row for row in rows}
    exp, floor = by["backupctl export"]["seconds"], by["floor: tar + zstd -3"]["seconds"]
    imp, ref = by["backupctl import (empty store)"]["seconds"], by["python reference import (empty store)"]["seconds"]
    val = by["backupctl validate"]["mbPerSecond"]
    rss, ref_rss = by["backupctl import (empty store)"]["peakRSSMB"], by["python reference import (empty store)"]["peakRSSMB"]
    merge, merge_rss = by["backupctl import (merge, full store)"]["seconds"], by["backupctl import (merge, full store)"]["peakRSSMB"]
    exp_age, exp_age_cpu = (statistics.median(pairs["export (paired)"][m]) for m in ("wall", "cpu"))
    imp_age, imp_age_cpu = (statistics.median(pairs["import (paired)"][m]) for m in ("wall", "cpu"))
    count = len(pairs["export (paired)"]["wall"])
    return [
        {"target": "export ≤ 2× the tar + zstd floor", "value": f"{exp / floor:.2f}× the floor", "met": exp <= 2 * floor},
        {"target": "import into an empty store ≥ 4× faster than the Python reference", "value": f"{ref / imp:.2f}× faster",
         "met": ref >= 4 * imp},
        {"target": "validate ≥ 200 MB/s", "value": f"{val:.0f} MB/s", "met": val >= 200},
        {"target": "import peak RSS ≤ ⅓ of the Python reference's", "value": f"{rss:.0f} MB vs {ref_rss:.0f} MB ({rss / ref_rss:.2f})",
         "met": rss <= ref_rss / 3},
        {"target": "merge into the full store ≤ 1.5× the import into an empty store", "value": f"{merge / imp:.2f}×",
         "met": merge <= 1.5 * imp},
        {"target": "merge peak RSS ≤ ⅓ of the Python reference import's",
         "value": f"{merge_rss:.0f} MB vs {ref_rss:.0f} MB ({merge_rss / ref_rss:.2f})", "met": merge_rss <= ref_rss / 3},
        {"target": "encryption adds ≤ 10 % to export",
         "value": f"{(exp_age - 1) * 100:+.1f} % wall, {(exp_age_cpu - 1) * 100:+.1f} % CPU (medians of {count} pairs)",
         "met": exp_age <= 1.10 and exp_age_cpu <= 1.10},
        {"target": "decryption adds ≤ 10 % to import into an empty store",
         "value": f"{(imp_age - 1) * 100:+.1f} % wall, {(imp_age_cpu - 1) * 100:+.1f} % CPU (medians of {count} pairs)",
         "met": imp_age <= 1.10 and imp_age_cpu <= 1.10},
    ]


def replace_block(text, name, lines):
    """`text` with the lines between <!-- NAME:begin --> and <!-- NAME:end --> replaced (the
    markers are appended when missing)."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in text:
        text += f"\n{begin}\n{end}\n"
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    return head + begin + "\n" + "\n".join(lines) + end + tail


def latest_run(results):
    machine = results["machine"]
    return (f"Latest run: {machine['date']} on {machine['cpu']}, {machine['cores']} cores, Linux {machine['kernel']} "
            f"(load average {machine['load']:.1f} at start, {machine.get('loadEnd', machine['load']):.1f} at the end); "
            f"median of {results['runs']} runs.")


def main_lines(results):
    lines = ["<!-- The table below is written by `make bench` (Benchmarks/run_benchmarks.py). -->", "",
             latest_run(results), ""]
    for size in results["sizes"]:
        lines += [f"### {size['size']} ({size['jsonBytes'] / 1e6:.1f} MB of JSON)", "",
                  "| operation | seconds | MB/s of JSON | peak RSS (MB) |", "|---|---:|---:|---:|"]
        lines += [f"| {escape(row['operation'])} | {row['seconds']:.3f} | {row['mbPerSecond']:.1f} | {row['peakRSSMB']:.0f} |"
                  for row in size["rows"]]
        lines.append("")
    if results.get("targets"):
        lines += ["### Targets (large store)", "", "| target | measured | met |", "|---|---|---|"]
        lines += [f"| {t['target']} | {t['value']} | {'yes' if t['met'] else 'no'} |" for t in results["targets"]]
        lines.append("")
    return lines


def s3_lines(results):
    lines = ["<!-- The tables below are written by `make bench` (Benchmarks/run_benchmarks.py). -->", ""]
    if results.get("s3Skipped"):
        return lines + [f"Not measured in the latest run: {results['s3Skipped']}.", ""]
    lines += [latest_run(results), ""]
    for size in results["sizes"]:
        s3 = size["s3"]
        lines += [f"### {size['size']}: a backup of {s3['backupBytes'] / 1e6:.1f} MB ({size['jsonBytes'] / 1e6:.1f} MB "
                  f"of JSON), uploaded in {s3['parts']} part{'s' if s3['parts'] != 1 else ''}; moto {s3['moto']}", "",
                  "| operation | seconds | MB/s of backup | peak RSS (MB) | moto's CPU (s) |", "|---|---:|---:|---:|---:|"]
        for row in s3["rows"]:
            cpu = f"{row['serverCPUSeconds']:.2f}" if "serverCPUSeconds" in row else ""
            lines.append(f"| {escape(row['operation'])} | {row['seconds']:.3f} | {row['mbPerSecond']:.1f} | "
                         f"{row['peakRSSMB']:.0f} | {cpu} |")
        lines.append("")
    return lines


def escape(cell):
    return cell.replace("|", "\\|")


def write_markdown(results, path):
    text = open(path).read() if os.path.exists(path) else "# Performance\n"
    text = replace_block(text, "bench", main_lines(results))
    text = replace_block(text, "bench-s3", s3_lines(results))
    with open(path, "w") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="small,medium,large")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "backupctl"))
    parser.add_argument("--moto-python", default=os.path.join(ROOT, ".venv", "bin", "python"),
                        help="the Python with moto installed, which runs the S3 server")
    parser.add_argument("--no-s3", action="store_true", help="skip the S3 upload and download figures")
    args = parser.parse_args()
    moto_python = None if args.no_s3 else args.moto_python
    skipped = object_storage.unavailable_reason(moto_python)
    if skipped:
        print(f"S3 figures skipped: {skipped}.", flush=True)
        moto_python = None
    results = {"machine": machine(), "runs": args.runs, "sizes": []}
    if skipped:
        results["s3Skipped"] = skipped
    for size in args.sizes.split(","):
        print(f"{size}:", flush=True)
        json_bytes, rows, s3, pairs = bench_size(size, args.runs, os.path.abspath(args.binary), moto_python)
        results["sizes"].append({"size": size, "jsonBytes": json_bytes, "rows": rows,
                                 "encryptionPairs": {name: {measure: [round(r, 4) for r in ratios]
                                                            for measure, ratios in measures.items()}
                                                     for name, measures in pairs.items()},
                                 **({"s3": s3} if s3 else {})})
        if size == "large":
            results["targets"] = targets(rows, json_bytes, pairs)
    results["machine"]["loadEnd"] = os.getloadavg()[0]
    with open(os.path.join(HERE, "results.json"), "w") as file:
        json.dump(results, file, indent=2)
    write_markdown(results, os.path.join(ROOT, "Docs", "performance.md"))
    for target in results.get("targets", []):
        print(f"{'met' if target['met'] else 'NOT met'}: {target['target']}: {target['value']}")
    if skipped:
        print(f"S3 figures skipped: {skipped}.")


if __name__ == "__main__":
    main()
