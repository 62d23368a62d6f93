#!/usr/bin/env python3
"""Records generated from backupctl's published JSON Schema, written into real backups, and
compared with what backupctl exports after importing them (issue 17: schema and decoder agree,
proven from outside). `Tests/backupctlTests/SchemaGeneratedRecordTests.swift` runs it; it needs
`hypothesis` and `hypothesis-jsonschema` (generate) and `jsonschema`, which `make python-deps`
installs into .venv.

    schema-records.py generate SCHEMA FOLDER [--examples N] [--seed S]
    schema-records.py write SCHEMA DOCUMENT OUTPUT
    schema-records.py compare SCHEMA GENERATED EXPORTED

generate  For every section of the schema (`backupctl schema`), draws N values from the
          section's own schema with hypothesis-jsonschema (a record of the five array sections,
          the object of the four others, `null` included where the schema allows it) with a
          fixed seed, so every run draws the same values. Strings with a pattern are drawn from
          it and from its edges (`string_strategies`). Backup i holds the i-th value of every
          section: FOLDER/backup-<i>.ddbackup, a version 4 archive as design §4 describes it
          (pax tar, manifest.json first with each entry's size and SHA-256, compressed with the
          zstd tool), and FOLDER/backup-<i>.generated.json, the sections as drawn. Every
          backup's sections are checked with jsonschema before they are written. Prints N.

write     Writes the sections of DOCUMENT ({section: value}; those it lacks empty) as such a
          backup at OUTPUT, and prints jsonschema's errors about them as a JSON array.

compare   Compares the sections of EXPORTED (an uncompressed or gzip archive backupctl
          exported) with GENERATED (a .generated.json), field by field, modulo the canonical
          forms of Docs/data-model.md §2 and §3 (see `Comparison.expected`). Prints one JSON
          array of mismatches, each with the section, the path, the record as generated, and the
          value expected and found; [] when every value came back.
"""

import argparse
import copy
import datetime
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile

SECTIONS = ["trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoringSettings",
            "monitoringLogs", "appSettings", "entitlement", "usageCredits"]
NOT_SECTIONS = {"manifest", "storeKeys", "unreadableRecords"}

# --------------------------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------------------------


def section_schemas(schema):
    """Each section's own schema: an array section's item, an object section's object, with
    every `$ref` replaced by the definition it names (the schema has no recursion), which
    spares hypothesis-jsonschema resolving them again for every value."""
    definitions = schema["$defs"]

    def inlined(node):
        if isinstance(node, list):
            return [inlined(child) for child in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            target = inlined(definitions[node["$ref"].rsplit("/", 1)[1]])
            return dict(target, **{key: value for key, value in node.items() if key != "$ref"})
        return {key: inlined(value) for key, value in node.items()}

    result = {}
    for name, node in schema["properties"].items():
        if name in NOT_SECTIONS:
            continue
        node = inlined(node)
        result[name] = node["items"] if node.get("type") == "array" else node
    return result


def without_lookarounds(pattern):
    """`pattern` without its lookahead and lookbehind groups. Hypothesis draws a positive
    lookahead's contents as text of their own, which the pattern then mostly refuses, so
    strings are drawn from the rest and filtered by the whole pattern (hypothesis-jsonschema
    filters every string of a node with a `pattern` by it)."""
    kept, index = [], 0
    while index < len(pattern):
        if pattern.startswith(("(?=", "(?!", "(?<=", "(?<!"), index):
            depth = 0
            while True:
                character = pattern[index]
                if character == "\\":
                    index += 2
                    continue
                if character == "[":
                    index += 1
                    while pattern[index] != "]":
                        index += 2 if pattern[index] == "\\" else 1
                elif character == "(":
                    depth += 1
                elif character == ")":
                    depth -= 1
                    if depth == 0:
                        index += 1
                        break
                index += 1
            continue
        step = 2 if pattern[index] == "\\" else 1
        kept.append(pattern[index:index + step])
        index += step
    return "".join(kept)


def string_strategies(schema):
    """A copy of `schema` where every string with a `pattern` names a format of its own, and the
    strategies for those formats (hypothesis-jsonschema's `custom_formats`).

    Each draws from the pattern, and also from values at the pattern's edges, where a decoder
    and a schema most easily disagree: timestamps on the first and last days of years 0000 and
    9999 with any offset, fractions of many digits and at a rounding boundary; upper-case UUIDs;
    a lone `*` owner name; text made of white space, separators Python's `re` counts as space,
    and combining marks. Whatever is drawn still has to match the pattern."""
    from hypothesis import strategies as st

    tricky = st.one_of(
        st.sampled_from(list(WHITE_SPACE) + ["\x1c", "\x1f", "\ufeff", "\u200b"]),
        st.characters(categories=["Mn", "Me"]),
        st.sampled_from(list("x*_/?#.")))
    calendar = st.builds(
        lambda day, time, offset: f"{day.isoformat()}T{time.isoformat()}{offset}",
        st.dates(), st.times(),
        st.one_of(st.just("Z"), st.builds("{}{:02d}:{:02d}".format, st.sampled_from("+-"),
                                          st.integers(0, 23), st.integers(0, 59))))
    calendar_edges = st.from_regex(
        r"(?:0000-01-01|0000-12-31|0001-01-01|9999-12-31|9999-01-01|2000-02-29)[Tt]"
        r"(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\.[0-9]{1,21}|\.[0-9]{3}(?:49{4,17}|50{4,17})[0-9]?)?"
        r"|23:59:59\.999[0-9]{1,5})(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])", fullmatch=True)

    def edges(node):
        pattern = node["pattern"]
        if node.get("format") == "date-time":
            return [calendar, calendar_edges]
        if node.get("format") == "uuid":
            return [st.uuids().map(str), st.uuids().map(lambda value: str(value).upper())]
        if pattern.startswith("^https://"):
            return [st.builds("https://{}{}".format, st.text(tricky, max_size=4),
                              st.sampled_from(["", "/dns-query", "?dns=x", "#f"]))]
        if "\\*" in pattern:
            return [st.from_regex(r"[ \t]{0,2}\*(?:\.[A-Za-z0-9_]{1,4}){0,2}\.?[ \t]{0,2}", fullmatch=True)]
        if node.get("minLength") == 1:
            return [st.text(tricky, min_size=1, max_size=4)]
        return []

    formats, names = {}, {}
    schema = copy.deepcopy(schema)

    def visit(node):
        if isinstance(node, list):
            for child in node:
                visit(child)
        elif isinstance(node, dict):
            if node.get("type") == "string" and "pattern" in node:
                # One format per kind of string, so each strategy is built once.
                key = (node["pattern"], node.get("format"), node.get("minLength"))
                if key not in names:
                    names[key] = f"x-pattern-{len(names)}"
                    strategy = st.from_regex(without_lookarounds(node["pattern"]), fullmatch=True)
                    formats[names[key]] = st.one_of(strategy, *edges(node))
                node["format"] = names[key]
            for child in node.values():
                visit(child)

    visit(schema)
    return schema, formats


def generate(arguments):
    from hypothesis import HealthCheck, Phase, given, seed, settings
    from hypothesis_jsonschema import from_schema
    from jsonschema import Draft202012Validator

    schema = json.load(open(arguments.schema, encoding="utf-8"))
    validator = Draft202012Validator(schema)
    drawing, formats = string_strategies(schema)
    sections = section_schemas(drawing)
    missing = [name for name in SECTIONS if name not in sections]
    unknown = [name for name in sections if name not in SECTIONS]
    if missing or unknown:
        sys.exit(f"the schema's sections are not the nine this script knows: missing {missing}, new {unknown}")

    drawn = {}
    for name in SECTIONS:
        values = []

        @seed(arguments.seed)
        @settings(max_examples=arguments.examples, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(from_schema(sections[name], custom_formats=formats))
        def draw(value):
            values.append(value)

        draw()
        # Hypothesis may stop early when it has drawn every value a small schema has.
        drawn[name] = (values * arguments.examples)[:arguments.examples]

    for index in range(arguments.examples):
        document = {name: ([drawn[name][index]] if schema["properties"][name].get("type") == "array"
                           else drawn[name][index]) for name in SECTIONS}
        problems = [f"{error.json_path}: {error.message}" for error in validator.iter_errors(document)]
        if problems:
            sys.exit(f"hypothesis-jsonschema drew values the schema refuses: {problems}\n"
                     + json.dumps(document, ensure_ascii=False))
        stem = os.path.join(arguments.folder, f"backup-{index}")
        with open(stem + ".generated.json", "w", encoding="utf-8") as file:
            json.dump(document, file, ensure_ascii=False)
        with open(stem + ".ddbackup", "wb") as file:
            file.write(zstd(archive(document)))
    print(arguments.examples)


def write(arguments):
    """Writes the sections of DOCUMENT (those it lacks empty) as a backup, and prints
    jsonschema's verdict on them: a JSON array of `{"path", "message"}`."""
    from jsonschema import Draft202012Validator

    schema = json.load(open(arguments.schema, encoding="utf-8"))
    document = json.load(open(arguments.document, encoding="utf-8"))
    empty = {"monitoringSettings": {}, "appSettings": {}, "entitlement": None, "usageCredits": None}
    document = {name: document.get(name, empty.get(name, [])) for name in SECTIONS}
    violations = [{"path": error.json_path, "message": error.message}
                  for error in Draft202012Validator(schema).iter_errors(document)]
    with open(arguments.output, "wb") as file:
        file.write(zstd(archive(document)))
    print(json.dumps(violations, ensure_ascii=False))


def archive(sections):
    """A version 4 archive: a pax tar, manifest.json first, then each section as compact JSON."""
    payloads = [(name, json.dumps(sections[name], ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
                for name in SECTIONS]
    manifest = {
        "format": "DomainDigBackup",
        "schemaVersion": 4,
        "createdAt": "2026-04-17T08:00:00Z",
        "producer": {"name": "schema-records.py", "version": "1"},
        "storeSchemaVersion": 3,
        "compression": "zstd",
        "sections": [
            {"name": name, "path": f"sections/{name}.json",
             "records": len(sections[name]) if isinstance(sections[name], list) else int(sections[name] is not None),
             "bytes": len(payload), "sha256": hashlib.sha256(payload).hexdigest()}
            for name, payload in payloads
        ],
    }
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        entries = [("manifest.json", json.dumps(manifest).encode("utf-8"))]
        entries += [(f"sections/{name}.json", payload) for name, payload in payloads]
        for path, payload in entries:
            info = tarfile.TarInfo(path)
            info.size, info.mode, info.mtime = len(payload), 0o600, 1776412800
            tar.addfile(info, io.BytesIO(payload))
    return buffer.getvalue()


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c"], input=data, capture_output=True, check=True).stdout


# --------------------------------------------------------------------------------------------
# compare: the canonical forms of Docs/data-model.md
# --------------------------------------------------------------------------------------------

# Fields holding one domain name (a DNS owner name for dnsRecord.name), written canonical (§3.1).
DOMAIN_FIELDS = {("trackedDomain", "domain"), ("lookupSnapshot", "domain"), ("auditSession", "domain"),
                 ("monitoringLogEntry", "domain"), ("ledgerEntry", "domain"), ("dnsRecord", "name")}
# Lists of domain names: canonical, duplicates dropped (§2).
DOMAIN_LISTS = {("registrationSummary", "nameServers"), ("workflow", "domains"),
                ("monitoringSettings", "monitoredDomains"), ("appSettings", "savedDomains")}
# Lists of text trimmed, without empty and case-insensitive duplicates, first spelling kept (§2.1, §2.7).
TRIMMED_LISTS = {("trackedDomain", "tags"), ("appSettings", "recentSearches")}
# Lists of enum values, duplicates (same text) dropped (§2.5).
DISTINCT_LISTS = {("monitoringSettings", "notifyOn"), ("monitoringSettings", "channels")}
# Lists of nested records, one per id, the first kept, later copies' unknown fields added (§2, §4.3).
BY_ID_LISTS = {("auditSession", "checks"): False, ("workflow", "steps"): False, ("usageCreditLedger", "entries"): True}

# What Foundation's `.whitespacesAndNewlines` trims: the Unicode White_Space characters.
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
              "\u2028\u2029\u202f\u205f\u3000"

TIMESTAMP = re.compile(r"^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:[Zz]|([+-])(\d\d):(\d\d))$")


def canonical_domain(text):
    text = text.strip(" \t\n\r")
    if text.endswith("."):
        text = text[:-1]
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def canonical_timestamp(text):
    """UTC, `Z`, milliseconds rounded half up from the decimal digits, written only when not
    zero (§3.2); a leap second lands on the next minute's first second."""
    match = TIMESTAMP.match(text)
    year, month, day, hour, minute, second = (int(group) for group in match.groups()[:6])
    fraction = match.group(7) or ""
    milliseconds = int((fraction + "000")[:3]) + (1 if len(fraction) > 3 and fraction[3] >= "5" else 0)
    offset = 0
    if match.group(8):
        offset = (int(match.group(9)) * 60 + int(match.group(10))) * (1 if match.group(8) == "+" else -1)
    total = (ordinal(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset * 60) * 1000
    seconds, milliseconds = divmod(total + milliseconds, 1000)
    days, second_of_day = divmod(seconds, 86_400)
    year, month, day = civil(days)
    text = f"{year:04d}-{month:02d}-{day:02d}T{second_of_day // 3600:02d}:{second_of_day // 60 % 60:02d}:" \
           f"{second_of_day % 60:02d}"
    return text + (f".{milliseconds:03d}Z" if milliseconds else "Z")


def ordinal(year, month, day):
    """Days since 0001-01-01 (proleptic Gregorian); year 0 through the 400-year cycle, as
    Python's dates start at year 1."""
    if year == 0:
        return datetime.date(400, month, day).toordinal() - 1 - 146_097
    return datetime.date(year, month, day).toordinal() - 1


def civil(days):
    """The date `days` after 0001-01-01; refuses what falls outside years 0000-9999."""
    if days >= datetime.date.max.toordinal():
        raise ValueError("a timestamp after 9999-12-31 in UTC, which the schema should refuse")
    if days >= 0:
        date = datetime.date.fromordinal(days + 1)
        return date.year, date.month, date.day
    if days < -366:
        raise ValueError("a timestamp before 0000-01-01 in UTC, which the schema should refuse")
    date = datetime.date.fromordinal(days + 1 + 146_097)
    return date.year - 400, date.month, date.day


class Comparison:
    def __init__(self, schema):
        self.definitions = schema["$defs"]
        self.mismatches = []
        self.record = None

    def resolve(self, node):
        while "$ref" in node:
            node = self.definitions[node["$ref"].rsplit("/", 1)[1]]
        return node

    def definition_name(self, node):
        return node["$ref"].rsplit("/", 1)[1] if "$ref" in node else None

    def mismatch(self, path, expected, found, problem):
        self.mismatches.append({"path": path, "problem": problem, "expected": expected, "found": found,
                                "generated": self.record})

    def expected(self, node, value, owner=None):
        """What `value`, read under `node`, is written as after an import and an export."""
        if value is None:
            return None
        name = self.definition_name(node) or owner
        node = self.resolve(node)
        if "anyOf" in node:
            inner = next(branch for branch in node["anyOf"] if branch != {"type": "null"})
            return self.expected(inner, value, owner)
        kind = node.get("type")
        if kind == "string" and node.get("format") == "date-time":
            return canonical_timestamp(value)
        if kind == "string" and node.get("format") == "uuid":
            return value.lower()
        if kind == "array":
            return [self.expected(node["items"], element, name) for element in value]
        if kind == "object" and "properties" in node:
            result = {}
            for key, field in value.items():
                if key not in node["properties"]:
                    result[key] = field
                elif field is not None:
                    result[key] = self.field(name, key, node["properties"][key], field)
            return result
        return value

    def field(self, owner, key, node, value):
        if (owner, key) in DOMAIN_FIELDS:
            return canonical_domain(value)
        if (owner, key) in DOMAIN_LISTS:
            return distinct(canonical_domain(name) for name in value)
        if (owner, key) in TRIMMED_LISTS:
            kept, seen = [], set()
            for text in value:
                text = text.strip(WHITE_SPACE)
                if text and text.lower() not in seen:
                    seen.add(text.lower())
                    kept.append(text)
            return kept
        if (owner, key) in DISTINCT_LISTS:
            return distinct(value)
        items = self.resolve(self.resolve(node).get("anyOf", [node])[0])
        if (owner, key) in BY_ID_LISTS:
            folded = {}
            for element in value:
                identity = element["id"].lower() if BY_ID_LISTS[(owner, key)] else element["id"]
                if identity in folded:
                    held = folded[identity]
                    known = self.resolve(items["items"])["properties"]
                    for name, field in element.items():
                        if name not in known and name not in held:
                            held[name] = field
                else:
                    folded[identity] = dict(element)
            value = list(folded.values())
        return self.expected(node, value, owner)

    def check(self, path, node, value, found):
        """Reports where `found`, what backupctl exported, differs from the canonical form of
        `value`, what the backup held."""
        try:
            expected = self.expected(node, value)
        except ValueError as error:
            return self.mismatch(path, None, found, f"drawn with a value that has no canonical form: {error}")
        if expected is None and found is not None:
            return self.mismatch(path, None, found, "null written, a value exported")
        self.compare(path, node, expected, found)

    def compare(self, path, node, expected, found):
        """Reports where `found` differs from `expected` (what `expected()` made of the value)."""
        node = self.resolve(node)
        if "anyOf" in node and expected is not None:
            node = self.resolve(next(branch for branch in node["anyOf"] if branch != {"type": "null"}))
        if isinstance(expected, dict) and isinstance(found, dict) and "properties" in node:
            for key, value in expected.items():
                if key not in found:
                    self.mismatch(f"{path}.{key}", value, None, "missing after the round trip")
                elif key in node["properties"]:
                    self.compare(f"{path}.{key}", node["properties"][key], value, found[key])
                elif not same(value, found[key]):
                    self.mismatch(f"{path}.{key}", value, found[key], "unknown field changed")
            for key in found:
                if key not in expected and key not in node["properties"]:
                    self.mismatch(f"{path}.{key}", None, found[key], "a field that was not in the backup")
        elif isinstance(expected, list) and isinstance(found, list) and node.get("type") == "array":
            if len(expected) != len(found):
                self.mismatch(path, expected, found, f"{len(expected)} elements expected, {len(found)} found")
            else:
                for index, (one, other) in enumerate(zip(expected, found)):
                    self.compare(f"{path}[{index}]", node["items"], one, other)
        elif isinstance(expected, dict) and isinstance(found, dict):
            # A string map: entries in written order.
            if list(expected.items()) != list(found.items()) or not same(expected, found):
                self.mismatch(path, expected, found, "changed")
        elif not same(expected, found):
            self.mismatch(path, expected, found, "changed")


def distinct(values):
    kept = []
    for value in values:
        if value not in kept:
            kept.append(value)
    return kept


def same(one, other):
    """JSON equality that tells 1, 1.0 and true apart."""
    if type(one) is not type(other):
        return False
    if isinstance(one, dict):
        return one.keys() == other.keys() and all(same(one[key], other[key]) for key in one)
    if isinstance(one, list):
        return len(one) == len(other) and all(same(a, b) for a, b in zip(one, other))
    return one == other


def exported_sections(path):
    with tarfile.open(path, "r:*") as tar:
        entries = {member.name: tar.extractfile(member).read() for member in tar.getmembers()}
    manifest = json.loads(entries["manifest.json"])
    return {listing["name"]: json.loads(entries[listing["path"]]) for listing in manifest["sections"]}


def compare(arguments):
    schema = json.load(open(arguments.schema, encoding="utf-8"))
    generated = json.load(open(arguments.generated, encoding="utf-8"))
    exported = exported_sections(arguments.exported)
    comparison = Comparison(schema)
    for name in SECTIONS:
        node = schema["properties"][name]
        value = generated[name]
        comparison.record = value
        if name not in exported:
            comparison.mismatch(f"$.{name}", value, None, "section missing from the export")
            continue
        if node.get("type") == "array":
            records = exported[name]
            if len(records) != len(value):
                comparison.mismatch(f"$.{name}", value, records, f"{len(value)} records written, {len(records)} exported")
                continue
            for index, (record, found) in enumerate(zip(value, records)):
                comparison.record = record
                comparison.check(f"$.{name}[{index}]", node["items"], record, found)
        else:
            comparison.check(f"$.{name}", node, value, exported[name])
    for mismatch in comparison.mismatches:

        mismatch["section"] = mismatch["path"].split(".")[1].split("[")[0]
    print(json.dumps(comparison.mismatches, ensure_ascii=False))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    generating = commands.add_parser("generate")
    generating.add_argument("schema")
    generating.add_argument("folder")
    generating.add_argument("--examples", type=int, default=10)
    generating.add_argument("--seed", type=int, default=17)
    writing = commands.add_parser("write")
    writing.add_argument("schema")
    writing.add_argument("document")
    writing.add_argument("output")
    comparing = commands.add_parser("compare")
    comparing.add_argument("schema")
    comparing.add_argument("generated")
    comparing.add_argument("exported")
    arguments = parser.parse_args()
    {"generate": generate, "write": write, "compare": compare}[arguments.command](arguments)


if __name__ == "__main__":
    main()
