#!/usr/bin/env python3
"""Two backupctl builds side by side: is a change within noise of the build before it?

On one sampled store, each operation (export, validate, import into an empty store) runs in
pairs, one run of each build, alternating which goes first and each after a `sync`, so that
both see about the same minutes of a machine whose speed drifts. Prints, per operation, the
median wall and CPU time (user + system) of each build and the medians of the pairs' ratios
NEW/OLD. A ratio's spread between pairs is the noise to compare it with.

usage: compare_binaries.py OLD NEW [--size small|medium|large] [--pairs 5]
       (make bench-compare BASELINE=path/to/old/backupctl compares it with this checkout's
       release build)
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command):
    """Wall and CPU seconds of one run of `command` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def remove_store(path):
    """A store file and its companions (-wal, -shm, lock, safety snapshots)."""
    folder, name = os.path.split(path)
    for entry in os.listdir(folder):
        if entry.startswith(name) or entry.startswith("." + name):
            os.remove(os.path.join(folder, entry))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--size", default="large", choices=["small", "medium", "large"])
    parser.add_argument("--pairs", type=int, default=5)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="backupctl-compare-")
    try:
        store = os.path.join(work, "store.sqlite")
        backup = os.path.join(work, "backup.ddbackup")
        subprocess.run([arguments.new, "sample", "--store", store, "--size", arguments.size, "--quiet"], check=True)
        subprocess.run([arguments.new, "export", "--store", store, "-o", backup, "--quiet"], check=True)

        def export(binary, tag):
            output = os.path.join(work, f"export-{tag}.ddbackup")
            result = timed([binary, "export", "--store", store, "-o", output, "--quiet"])
            os.remove(output)
            return result

        def validate(binary, tag):
            return timed([binary, "validate", backup, "--quiet"])

        def import_empty(binary, tag):
            target = os.path.join(work, f"import-{tag}.sqlite")
            result = timed([binary, "import", backup, "--store", target, "--quiet"])
            remove_store(target)
            return result

        print(f"{arguments.size} sample, {arguments.pairs} pairs\n  old: {arguments.old}\n  new: {arguments.new}")
        for name, operation in [("export", export), ("validate", validate), ("import (empty store)", import_empty)]:
            pairs = []
            for index in range(arguments.pairs):
                order = [("old", arguments.old), ("new", arguments.new)]
                if index % 2:
                    order.reverse()
                pair = {}
                for tag, binary in order:
                    subprocess.run(["sync"], check=True)
                    pair[tag] = operation(binary, tag)
                pairs.append(pair)
            wall = [pair["new"][0] / pair["old"][0] for pair in pairs]
            cpu = [pair["new"][1] / pair["old"][1] for pair in pairs]
            median = lambda tag, which: statistics.median(pair[tag][which] for pair in pairs)
            print(f"{name:21} old {median('old', 0):6.3f} s wall {median('old', 1):6.3f} s CPU | "
                  f"new {median('new', 0):6.3f} s wall {median('new', 1):6.3f} s CPU | new/old: "
                  f"wall {statistics.median(wall):.3f} ({min(wall):.2f}-{max(wall):.2f}), "
                  f"CPU {statistics.median(cpu):.3f} ({min(cpu):.2f}-{max(cpu):.2f})")
            sys.stdout.flush()
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
