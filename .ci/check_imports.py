#!/usr/bin/env python3
"""Fails when a target imports a module it does not declare (design §2: targets declare every
module they import).

Swift lets a target import any module its dependencies bring along, so an undeclared import
compiles until a dependency changes; the layering in Package.swift then no longer says what
the code does. The targets and their dependencies come from `swift package dump-package` (the
manifest as SwiftPM evaluates it, with the fuzzing targets in: BACKUPCTL_FUZZ=1); the imports
from every .swift file under each target's folder, string literals and comments left out (the
tests embed Python). The toolchain's own modules need no declaration.

    python3 .ci/check_imports.py            # prints each undeclared import; exit 1 if any
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

# Modules of the toolchain and the C library: never declared in Package.swift.
SYSTEM_MODULES = {
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials", "FoundationNetworking",
    "FoundationXML", "Glibc", "Musl", "Dispatch", "Synchronization", "Testing", "XCTest", "PackageDescription",
}

IMPORT = re.compile(
    r"^[ \t]*(?:@[A-Za-z_]+(?:\([^)\n]*\))?[ \t]+)*"
    r"(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"
    r"import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
# Multi-line and single-line string literals (raw ones too), and comments: what they hold is
# not code. Multi-line literals first, so their quotes do not start single-line ones.
NOT_CODE = re.compile(
    r'(#*)"""[\s\S]*?"""\1'
    r'|(#*)"(?:[^"\\\n]|\\.)*"\2'
    r"|/\*[\s\S]*?\*/"
    r"|//[^\n]*"
)


def imports(source: str) -> set[str]:
    """The modules a Swift file imports."""
    code = NOT_CODE.sub(lambda match: "\n" * match.group(0).count("\n"), source)
    return set(IMPORT.findall(code))


def check_the_parser() -> None:
    """The reading of imports on the cases it must get right, so a regression cannot pass silently."""
    source = (
        '@testable import DataPortability\n'
        'import struct Foundation.URL\n'
        'public import JSONCore\n'
        '/// import Documented\n'
        '/* import Commented */\n'
        'let script = """\n    import json\n    """\n'
        'let line = "import Quoted"\n'
    )
    found = imports(source)
    assert found == {"DataPortability", "Foundation", "JSONCore"}, f"the import parser read {sorted(found)}"


def target_folder(target: dict) -> Path:
    """Where SwiftPM looks for a target's sources."""
    if target.get("path"):
        return Path(target["path"])
    return Path("Tests" if target["type"] == "test" else "Sources") / target["name"]


def declared(target: dict) -> set[str]:
    """The modules a target declares: its target and product dependencies."""
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def main() -> int:
    check_the_parser()
    root = Path(__file__).resolve().parent.parent
    os.chdir(root)
    swift = os.environ.get("SWIFT", "swift")
    environment = dict(os.environ, BACKUPCTL_FUZZ="1")
    manifest = json.loads(
        subprocess.run(
            [swift, "package", "dump-package"], check=True, capture_output=True, text=True, env=environment
        ).stdout
    )
    targets = [target for target in manifest["targets"] if target["type"] != "system"]
    known = {target["name"] for target in manifest["targets"]}
    problems = []
    checked = 0
    for target in targets:
        folder = target_folder(target)
        allowed = declared(target) | SYSTEM_MODULES | {target["name"]}
        for file in sorted(folder.rglob("*.swift")):
            checked += 1
            for module in sorted(imports(file.read_text(encoding="utf-8")) - allowed):
                origin = "a target of this package" if module in known else "not a target of this package"
                problems.append(f"{file}: imports {module} ({origin}), which {target['name']} does not declare")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(
            f"{len(problems)} undeclared import(s): add each module to its target's dependencies in Package.swift.",
            file=sys.stderr,
        )
        return 1
    print(f"Imports: {checked} files in {len(targets)} targets import only the modules they declare.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
