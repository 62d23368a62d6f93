#!/usr/bin/env python3
"""What a user would write instead of backupctl: export and import a DomainDig SQLite store
with nothing but json, tarfile, hashlib and sqlite3 (zstd through the command-line tool,
since Python 3.11's standard library has no zstd).

It does the same work as backupctl's main paths, in the plain way: every blob is parsed,
deduplicated by its natural key, written canonically and checksummed; import parses every
section, merges it with the store's records and writes each key back in one transaction.
It is the benchmark's reference, not part of the product.

usage: reference_backup.py export STORE OUT
       reference_backup.py import BACKUP STORE
"""
import hashlib
import io
import json
import sqlite3
import subprocess
import sys
import tarfile
import time

SECTIONS = [  # (section, store key, natural key field or None for objects)
    ("trackedDomains", "trackedDomains", "domain"),
    ("lookupHistory", "lookupHistory", "id"),
    ("domainAudits", "domainAudits", "id"),
    ("domainWorkflows", "domainWorkflows", "id"),
    ("monitoringSettings", "monitoring.settings", None),
    ("monitoringLogs", "monitoring.logs", "id"),
    ("entitlement", "purchase.cachedEntitlement", None),
    ("usageCredits", "usageCredits.ledger", None),
]


def natural(record, field):
    value = record.get(field)
    if not isinstance(value, str):
        return None
    return value.strip().lower().rstrip(".") if field == "domain" else value.lower()


def dedup(records, field):
    seen = {}
    for record in records:
        if not isinstance(record, dict):
            continue
        key = natural(record, field)
        if key is None:
            continue
        if field == "domain":
            record["domain"] = key
        if key in seen:
            seen[key].update({k: v for k, v in record.items() if k not in seen[key]})
        else:
            seen[key] = record
    return list(seen.values())


def dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def export(store, out):
    db = sqlite3.connect(store)
    rows = dict(db.execute("SELECT key, value FROM entries"))
    manifest_sections, payloads = [], []
    for section, key, field in SECTIONS:
        blob = rows.get(key)
        value = json.loads(blob) if blob else ([] if field else None)
        if field:
            value = dedup(value, field)
        data = dumps(value)
        payloads.append((f"sections/{section}.json", data))
        manifest_sections.append({"name": section, "path": f"sections/{section}.json",
                                  "records": len(value) if isinstance(value, list) else int(value is not None),
                                  "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    manifest = dumps({"format": "DomainDigBackup", "schemaVersion": 3,
                      "createdAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                      "producer": {"name": "reference_backup.py", "version": "1"},
                      "storeSchemaVersion": 3, "compression": "zstd", "sections": manifest_sections})
    with open(out, "wb") as output:
        zstd = subprocess.Popen(["zstd", "-3", "-q", "-c"], stdin=subprocess.PIPE, stdout=output)
        with tarfile.open(fileobj=zstd.stdin, mode="w|", format=tarfile.PAX_FORMAT) as tar:
            for name, data in [("manifest.json", manifest)] + payloads:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mode = 0o600
                tar.addfile(info, io.BytesIO(data))
        zstd.stdin.close()
        zstd.wait()


def import_(backup, store):
    zstd = subprocess.Popen(["zstd", "-d", "-q", "-c", backup], stdout=subprocess.PIPE)
    db = sqlite3.connect(store)
    db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB)")
    existing = dict(db.execute("SELECT key, value FROM entries"))
    with tarfile.open(fileobj=zstd.stdout, mode="r|") as tar:
        manifest = None
        for member in tar:
            data = tar.extractfile(member).read()
            if member.name == "manifest.json":
                manifest = {s["path"]: s for s in json.loads(data)["sections"]}
                continue
            if hashlib.sha256(data).hexdigest() != manifest[member.name]["sha256"]:
                raise SystemExit(f"checksum mismatch in {member.name}")
            section = member.name[len("sections/"):-len(".json")]
            match = [entry for entry in SECTIONS if entry[0] == section]
            if not match:
                continue
            _, key, field = match[0]
            incoming = json.loads(data)
            if field:
                stored = json.loads(existing[key]) if key in existing else []
                incoming = dedup(stored + incoming, field)
            elif incoming is None:
                continue
            db.execute("INSERT OR REPLACE INTO entries (key, kind, value) VALUES (?, 'data', ?)", (key, dumps(incoming)))
    db.commit()
    zstd.wait()


if __name__ == "__main__":
    command, source, target = sys.argv[1:4]
    export(source, target) if command == "export" else import_(source, target)
