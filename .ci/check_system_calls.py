#!/usr/bin/env python3
"""Every system call goes through DurableIO (Docs/architecture.md §1): `make lint` runs this.

Reads the Swift files under Sources/ (or the folders given) and fails, naming file, line and
call, where a file outside Sources/DurableIO calls one of the C library's system-call wrappers
(open, read, write, pread, lseek, fstat, stat, rename, unlink, fsync, ioctl, tcgetattr, isatty,
getpid, flock, …) or imports Glibc. DurableIO owns descriptors, checks every result and turns
errno into FileIOError in one place, as swift-system keeps its system calls in one module; the
other targets call its API. The C-wrapper targets call their own C library (sqlite3_*,
archive_*, ZSTD_*, inflate*, EVP_*, curl_*), none of which is listed here.

A file that must call one anyway is listed in ALLOWED with its reason. Before looking at the
tree, the checker runs on SAMPLES, so a change that blinds it fails too.

Swift has methods named read, write, open and close, so those four count only when called as C
is: qualified (`Glibc.read(`), or with C's number of arguments, none labelled. Comments and
string literals are skipped.
"""

import re
import sys
from pathlib import Path

# The C functions that enter the kernel (or only wrap one call that does), by name.
SYSTEM_CALLS = {
    "access", "chmod", "chown", "dup", "dup2", "dup3", "faccessat", "fchmod", "fchown", "fcntl", "fdatasync",
    "flock", "fstat", "fstatat", "fsync", "ftruncate", "getcwd", "getegid", "geteuid", "getgid", "gethostname",
    "getpid", "getppid", "getuid", "ioctl", "isatty", "kill", "link", "linkat", "lseek", "lstat", "mkdir",
    "mkdirat", "mkfifo", "mkstemp", "mmap", "munmap", "openat", "pipe", "pipe2", "poll", "pread", "preadv",
    "pwrite", "pwritev", "raise", "readlink", "readv", "realpath", "rename", "renameat", "renameat2", "rmdir",
    "select", "sigaction", "signal", "stat", "statfs", "symlink", "sync", "tcgetattr", "tcsetattr",
    "ttyname", "umask", "uname", "unlink", "unlinkat", "utimes", "writev",
}
# Names Swift uses for methods too: a call counts with C's arity, every argument unlabelled.
C_ARITY = {"open": {2, 3}, "read": {3}, "write": {3}, "close": {1}}

# Files outside Sources/DurableIO allowed to call system calls or import Glibc, with the reason.
ALLOWED = {
    "Sources/ObjectStorage/Signing/AmzDate.swift": (
        {"import Glibc"},
        "gmtime_r, the C library's calendar arithmetic (no system call), formats each request's "
        "SigV4 time without Foundation's formatters on the signing path",
    ),
    "Sources/Concurrency/WorkerThread.swift": (
        {"import Glibc"},
        "pthread_create and pthread_join: threads are the Concurrency target's one job (every thread "
        "backupctl starts is started there), as system calls are DurableIO's",
    ),
}

HOME = "Sources/DurableIO/"

SAMPLES = [
    # (code, the calls it must report)
    ("let n = pread(fd, base, count, 0)", ["pread"]),
    ("_ = Glibc.close(terminal)", ["close"]),
    ("guard isatty(STDIN_FILENO) == 1 else { return nil }", ["isatty"]),
    ("var status = stat()\nguard stat(path, &status) == 0 else { return }", ["stat"]),
    ("let fd = open(path, O_RDONLY)", ["open"]),
    ("while read(terminal, &byte, 1) == 1 {}", ["read"]),
    ("import Glibc", ["import Glibc"]),
    ("try file.read(into: buffer)\nbackup = try open(decryption)\nlet x = try read(folder)", []),
    ("// pread(fd, base, count, 0)\nlet text = \"lseek(fd, 0, SEEK_SET)\"", []),
    ("func write(_ bytes: UnsafeRawBufferPointer) throws {}\ntry? close()", []),
]


def blank_comments_and_strings(text):
    """The text with comments and string literals blanked (line breaks kept, so lines still count)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i) or text.startswith('#"""', i):
            start = text.index('"""', i) + 3
            end = text.find('"""', start)
            j = n if end < 0 else end + 3
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2 : j - 1]) + '"')
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append('"' + " " * (j - i - 1) + '"')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def arguments(code, start):
    """The top-level arguments of the call whose "(" is at `start`, as text."""
    depth, i, current, found = 0, start, [], []
    while i < len(code):
        c = code[i]
        if c in "([{":
            depth += 1
            if depth > 1:
                current.append(c)
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                found.append("".join(current))
                break
            current.append(c)
        elif c == "," and depth == 1:
            found.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    return [a.strip() for a in found if a.strip()]


CALL = re.compile(r"(?<![\w.])(Glibc\s*\.\s*)?([A-Za-z_]\w*)\s*\(")
DEFINITION = re.compile(r"\b(func|init|case|struct|class|enum|protocol)\s+$")


def findings(text):
    """(line, call) of every system call in Swift source `text`."""
    code = blank_comments_and_strings(text)
    found = []
    for match in re.finditer(r"^\s*(@\w+\s+)*import\s+Glibc\b", code, re.M):
        found.append((code.count("\n", 0, match.start()) + 1, "import Glibc"))
    for match in CALL.finditer(code):
        qualified, name = match.group(1), match.group(2)
        if DEFINITION.search(code[max(0, match.start() - 12) : match.start()]):
            continue
        args = arguments(code, match.end() - 1)
        if name in SYSTEM_CALLS:
            if name == "stat" and not args:
                continue  # `stat()`: the C structure, which only a call fills
        elif name in C_ARITY:
            labelled = any(re.match(r"^[A-Za-z_]\w*\s*:(?!:)", a) for a in args)
            if not qualified and (labelled or len(args) not in C_ARITY[name]):
                continue
        else:
            continue
        found.append((code.count("\n", 0, match.start()) + 1, name))
    return found


def self_test():
    failures = []
    for code, expected in SAMPLES:
        got = sorted(call for _, call in findings(code))
        if got != sorted(expected):
            failures.append(f"  {code!r}: found {got}, expected {sorted(expected)}")
    if failures:
        print("check_system_calls.py does not see what it should:\n" + "\n".join(failures))
        sys.exit(2)


def main(roots):
    self_test()
    problems = []
    for root in roots:
        for path in sorted(Path(root).rglob("*.swift")):
            name = path.as_posix()
            if name.startswith(HOME):
                continue
            allowed = ALLOWED.get(name, (set(), ""))[0]
            for line, call in findings(path.read_text(encoding="utf-8")):
                if call not in allowed:
                    problems.append(f"{name}:{line}: {call}")
    if problems:
        print("System calls outside DurableIO (call its API, or list the file in ALLOWED with the reason):")
        print("\n".join(problems))
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:] or ["Sources"])
