#!/usr/bin/env python3
"""Writes the store and backup fixtures of the migration tests, and what each should become.

Run from anywhere (Python 3 standard library only); the output is deterministic, so running it
again changes nothing and `git diff` shows exactly what an edit to this script changed:

    python3 Tests/Fixtures/generate-fixtures.py

Stores/<name>.plist           a DomainDig store as the app writes it: a binary property list,
                              JSON blobs as data, the stamp an integer, the marker a Boolean.
Stores/<name>.expected.json   {"store": {key: value}, "journalSteps": [...]} — the store after
                              `DataMigrationService.migrateIfNeeded`: blob values as parsed JSON,
                              other values as themselves; `data.migrationJournal` left out of
                              "store", its entries' step numbers in "journalSteps".
                              `newer` adds "error": "storeIsNewer" (the store is left as it was).
Backups/<name>                a backup of each version, its version detectable from its bytes.
Backups/<stem>.expected-sections.json
                              {"sections": {section: parsed JSON}, "absentSections": [...]}:
                              the current (v4) sections after the upgrade — only those the
                              backup's version had, the others named absent — and for v4
                              "carried": {"storeKeys": [...], "unreadableRecords": [...]}, the
                              carried entries as they are; `newer` has {"refused": {...}}.
Backups/<stem>.expected-store.json
                              {"store": {key: value}}: the store after importing the backup into
                              an empty store (merge), in the form of Stores/*.expected.json, with
                              values that are not JSON data or a plain scalar written as
                              {"$base64": …} (data that is not JSON), {"$double": n},
                              {"$date": seconds since 2001-01-01}, {"$array": [...]},
                              {"$dictionary": {...}}.

Records carry fields this build does not know here and there ("cohort", "pinColor"…): every
path keeps them (Docs/data-model.md §4).

Every expected file is written here from the documented rules (Docs/versions.md for the store
steps and the backup upgrades, Docs/data-model.md §2.1 and §5 for how duplicates merge), not by
running backupctl. Where a rule leaves a detail open, the comment at that spot says what is
assumed.
"""

import base64
import copy
import gzip
import hashlib
import io
import json
import os
import plistlib
import tarfile
import uuid
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.abspath(__file__))
NAMESPACE = uuid.UUID("6d1f0a52-3b7e-4c1a-9f2d-5e8b7c0a1d34")

# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def uid(name):
    """A fixed UUID per name, so fixtures are stable and readable in diffs."""
    return str(uuid.uuid5(NAMESPACE, name))


def compact(value):
    """Compact JSON, as the app writes its blobs (key order kept, UTF-8)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def blob(value):
    return compact(value).encode("utf-8")


def iso(epoch):
    """Docs/data-model.md §3.2: UTC with a Z, milliseconds only when not zero."""
    millis = round(epoch * 1000)
    seconds, millis = divmod(millis, 1000)
    text = datetime.fromtimestamp(seconds, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{text}.{millis:03d}Z" if millis else f"{text}Z"


def stable_id(material):
    """Docs/versions.md: ids derived with SHA-256, RFC 9562 version 8 — the first 16 bytes of
    the digest with the version nibble set to 8 and the variant bits to 10."""
    digest = bytearray(hashlib.sha256(material).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x80
    digest[8] = (digest[8] & 0x3F) | 0x80
    return str(uuid.UUID(bytes=bytes(digest)))


def ledger_entry_id(index, raw_entry):
    """A legacy ledger entry without an id: derived from its position in the array and its
    JSON text as stored ("ledger:<index>:" + the entry's bytes)."""
    return stable_id(f"ledger:{index}:".encode() + raw_entry.encode("utf-8"))


def tracked_domain_id(canonical_domain):
    """A v1 backup's tracked domain: its id derived from the canonical domain."""
    return stable_id(f"tracked:{canonical_domain}".encode("utf-8"))


def write(path, data):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as handle:
        handle.write(data)


def write_json(path, value):
    write(path, (json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))


def write_store(name, entries, expected):
    """`entries` maps keys to plist values: bytes for blobs, int, bool or str otherwise."""
    write(f"Stores/{name}.plist", plistlib.dumps(entries, fmt=plistlib.FMT_BINARY, sort_keys=True))
    write_json(f"Stores/{name}.expected.json", expected)


# --------------------------------------------------------------------------------------------
# The documented store rules, applied to the fixtures' own values
# --------------------------------------------------------------------------------------------

LEDGER_KINDS = {"purchase": "purchase", "bonus": "grant", "grant": "grant", "lookup": "spend", "spend": "spend",
                "refund": "refund", "expired": "expiry", "expiry": "expiry"}


def typed_dns(dns, domain):
    """Store v3 / backup v2→v3: the answers map becomes typed records — one record per answer
    in the map's order, the lookup's TTL on each, the MX/SRV preference as `priority`, the
    owner name the snapshot's domain. `ttl` and `answers` go; the other DNS fields stay.
    A lookup without a TTL (v1 backups had none) gives each record the model's default TTL, 0
    (Docs/data-model.md §2.2) — versions.md does not say."""
    result = {key: value for key, value in dns.items() if key not in ("ttl", "answers")}
    records = []
    for record_type, values in dns["answers"].items():
        for text in values:
            record = {"type": record_type, "name": domain, "value": text, "ttl": dns.get("ttl", 0)}
            if record_type in ("MX", "SRV"):
                preference, _, rest = text.partition(" ")
                record["priority"] = int(preference)
                record["value"] = rest
            records.append(record)
    result["records"] = records
    return result


def typed_snapshot(snapshot):
    if "dns" not in snapshot or "answers" not in snapshot["dns"]:
        return snapshot
    result = dict(snapshot)
    result["dns"] = typed_dns(snapshot["dns"], snapshot["domain"])
    return result


def ledger_object(entries):
    """Store v3: the legacy ledger array becomes {"balance": sum of deltas, "entries": [...]}:
    date → at, delta → amount, reason → kind (mapped; unknown reasons kept as text), memo →
    note, domain kept, a missing id derived. UUIDs are written in lower case (data-model §3.3)."""
    converted = []
    for index, entry in enumerate(entries):
        item = {
            "id": entry["id"].lower() if "id" in entry else ledger_entry_id(index, compact(entry)),
            "at": entry["date"],
            "amount": entry["delta"],
            "kind": LEDGER_KINDS.get(entry["reason"], entry["reason"]),
        }
        if "memo" in entry:
            item["note"] = entry["memo"]
        if "domain" in entry:
            item["domain"] = entry["domain"]
        # Fields the legacy shape did not have either are kept as they are.
        for key, value in entry.items():
            if key not in ("id", "date", "delta", "reason", "memo", "domain"):
                item[key] = value
        converted.append(item)
    return {"balance": sum(entry["delta"] for entry in entries), "entries": converted}


def journal(*steps):
    """Journal entries an earlier run (of the app or of backupctl) left behind."""
    entries = []
    for step in steps:
        entries.append({"step": step, "from": step - 1, "to": step, "appliedAt": iso(1_700_000_000 + step * 60),
                        "durationMs": 3 * step, "counts": {}, "tool": "DomainDig 3.4.0"})
    return entries


# --------------------------------------------------------------------------------------------
# Records shared by the stores (shapes that no store version changed)
# --------------------------------------------------------------------------------------------

AUDIT = {
    "id": uid("audit-example"), "domain": "example.com", "startedAt": "2024-02-03T09:00:00Z",
    "completedAt": "2024-02-03T09:00:42Z", "status": "completed", "score": 88,
    "checks": [
        {"id": "dns.spf", "title": "SPF record", "category": "email", "severity": "medium", "result": "pass"},
        {"id": "tls.expiry", "title": "Certificate expiry", "category": "tls", "severity": "high", "result": "warn",
         "detail": "expires in 20 days"},
    ],
}
WORKFLOW = {
    "id": uid("workflow-weekly"), "name": "Weekly check", "domains": ["example.com", "acme.io"],
    "steps": [
        {"id": "lookup", "kind": "lookup", "isEnabled": True, "parameters": {}},
        {"id": "compare", "kind": "compare", "isEnabled": True, "parameters": {"compareWith": "previous"}},
    ],
    "schedule": "weekly", "isEnabled": True, "createdAt": "2023-09-01T00:00:00Z", "updatedAt": "2023-10-01T00:00:00Z",
}
MONITORING_SETTINGS = {
    "isEnabled": True, "intervalMinutes": 60, "monitoredDomains": ["example.com"],
    "notifyOn": ["dnsChange", "tlsExpiry"], "expiryWarningDays": 30, "channels": ["push"],
}
ENTITLEMENT = {
    "productId": "com.domaindig.pro.yearly", "tier": "pro", "purchasedAt": "2023-12-24T18:00:00Z",
    "expiresAt": "2024-12-24T18:00:00Z", "isTrial": False, "originalTransactionId": "2000000123456789",
    "verifiedAt": "2024-02-01T00:00:00Z",
}
RECENT_SEARCHES = ["example.com", "Acme", "widgets.org"]


def monitoring_log(snapshot_id):
    return [{"id": uid("log-1"), "domain": "example.com", "checkedAt": "2024-02-01T00:00:05Z", "event": "dnsChange",
             "severity": "medium", "message": "MX changed", "snapshotId": snapshot_id, "acknowledged": False}]


def legacy_snapshots(prefix):
    """Lookup snapshots with the DNS shape of store versions 0–2."""
    return [
        {   # A, AAAA, two MX with preferences, TXT; every other probe copied unchanged.
            "id": uid(prefix + "-lookup-example"), "domain": "example.com", "capturedAt": "2024-02-01T00:00:00Z",
            "trigger": "manual", "durationMs": 812,
            "dns": {"resolver": "https://dns.quad9.net/dns-query", "responseTimeMs": 23, "ttl": 300,
                    "answers": {"A": ["93.184.216.34"], "AAAA": ["2606:2800:220:1:248:1893:25c8:1946"],
                                "MX": ["10 mx1.example.com", "20 mx2.example.com"], "TXT": ["v=spf1 -all"]}},
            "registration": {"source": "rdap", "registrar": "Example Registrar, Inc.", "expiresAt": "2031-08-13T04:00:00Z",
                             "nameServers": ["a.iana-servers.net", "b.iana-servers.net"], "dnssec": True},
            "http": {"url": "https://example.com/", "statusCode": 200, "hstsEnabled": False, "headers": {"Server": "ECS"}},
        },
        {   # NS, SRV (preference split off) and CAA (a leading number that is not a preference).
            "id": uid(prefix + "-lookup-widgets"), "domain": "widgets.org", "capturedAt": "2024-02-02T08:15:00Z",
            "trigger": "monitoring", "probeRegion": "eu-west",
            "dns": {"resolver": "1.1.1.1", "ttl": 3600, "dnssecValidated": False,
                    "answers": {"NS": ["ns1.widgets.org", "ns2.widgets.org"], "SRV": ["10 5 5060 sip.widgets.org"],
                                "CAA": ["0 issue \"letsencrypt.org\""]}},
        },
        {   # A failed lookup: no answers, the error kept.
            "id": uid(prefix + "-lookup-nx"), "domain": "missing.example", "capturedAt": "2024-02-02T08:16:00Z",
            "dns": {"resolver": "https://dns.quad9.net/dns-query", "responseTimeMs": 40, "ttl": 0, "answers": {},
                    "error": "NXDOMAIN"},
        },
        {   # No DNS probe at all: left alone.
            "id": uid(prefix + "-lookup-tls"), "domain": "acme.io", "capturedAt": "2024-02-02T09:00:00Z",
            "tls": {"subject": "CN=acme.io", "issuer": "CN=R3, O=Let's Encrypt", "notAfter": "2024-06-01T00:00:00Z",
                    "chainValid": True},
        },
    ]


def current_snapshot(prefix):
    """A snapshot already in the version 3 DNS shape: left alone by the v3 step."""
    return {
        "id": uid(prefix + "-lookup-current"), "domain": "acme.io", "capturedAt": "2024-03-01T12:00:00Z",
        "trigger": "workflow", "durationMs": 120,
        "dns": {"resolver": "https://dns.quad9.net/dns-query", "responseTimeMs": 12,
                "records": [{"type": "A", "name": "acme.io", "value": "203.0.113.7", "ttl": 600},
                            {"type": "MX", "name": "acme.io", "value": "mail.acme.io", "ttl": 600, "priority": 5}]},
    }


def legacy_ledger(with_missing_ids):
    """A ledger in the legacy array shape. Reasons cover every documented mapping plus one
    unknown reason (kept as the kind's text); upper-case ids come out in lower case."""
    entries = [
        {"id": "C0FFEE00-0000-4000-8000-000000000001", "date": "2024-01-01T00:00:00Z", "delta": 100, "reason": "bonus",
         "memo": "welcome"},
        {"id": uid("ledger-purchase"), "date": "2024-01-05T09:30:00Z", "delta": 50, "reason": "purchase"},
        {"date": "2024-01-06T10:00:00Z", "delta": -3, "reason": "lookup", "memo": "example.com lookup",
         "domain": "example.com"},
        {"id": uid("ledger-refund"), "date": "2024-01-07T10:00:00Z", "delta": 2, "reason": "refund"},
        {"date": "2024-01-31T23:59:59Z", "delta": -10, "reason": "expired"},
        {"date": "2024-02-01T00:00:00Z", "delta": 5, "reason": "promo"},
    ]
    if not with_missing_ids:
        for index, entry in enumerate(entries):
            entry.setdefault("id", uid(f"ledger-{index}"))
            entries[index] = {"id": entry.pop("id"), **entry}
    return entries


# --------------------------------------------------------------------------------------------
# Stores
# --------------------------------------------------------------------------------------------


def store_v0():
    """Version 0: before versioning. Exercises every step: v1 (rename + merge + normalise,
    unreadable elements kept), v2 (preferences aggregated), v3 (typed DNS, ledger object with
    derived ids)."""
    tracked = [
        # Three spellings of example.com across both keys; the merge (data-model §2.1): the
        # earliest addedAt is the base — here the watchedDomains copy (2022-06-01).
        {"id": uid("t-example-upper"), "domain": "Example.COM.", "addedAt": "2023-01-15T10:00:00Z", "notes": "",
         "tags": ["web", "prod"], "status": "active", "lastLookupAt": "2024-02-01T00:00:00Z",
         "expiresAt": "2031-08-13T04:00:00Z", "pinColor": "red", "reminder": {"every": "P30D"}},
        {"id": uid("t-example-space"), "domain": " example.com ", "addedAt": "2023-05-01T00:00:00Z",
         "notes": "second copy", "isFavorite": True},
        {"id": uid("t-widgets"), "domain": "Widgets.ORG", "addedAt": "2023-07-04T12:30:00.250Z", "tags": ["shop"]},
        # Malformed: not a valid domain name. Kept verbatim at the end.
        {"id": uid("t-malformed"), "domain": "exa mple.com", "addedAt": "2023-02-02T00:00:00Z"},
    ]
    watched = [
        {"id": uid("w-acme"), "domain": "Acme.io", "addedAt": "2023-03-01T00:00:00Z", "notes": "from watched",
         "tags": ["client"], "isFavorite": True},
        {"id": uid("w-example"), "domain": "example.com.", "addedAt": "2022-06-01T00:00:00Z",
         "displayName": "Example (old)", "tags": ["Legacy", "web"], "status": "paused",
         "lastLookupAt": "2023-01-01T00:00:00Z", "expiresAt": "2030-08-13T04:00:00Z", "pinColor": "blue"},
        # Not an object: unreadable, kept verbatim after the trackedDomains' unreadable element.
        "old.example",
    ]
    snapshots = legacy_snapshots("v0")
    ledger = legacy_ledger(with_missing_ids=True)
    # A field the legacy shape did not have: kept by the v3 reshape.
    ledger[3]["refundOf"] = "order-8812"
    entries = {
        "watchedDomains": blob(watched),
        "trackedDomains": blob(tracked),
        "savedDomains": blob(["Acme.io", "acme.io.", " widgets.org", "Example.COM", "not a domain!", "example.com"]),
        "recentSearches": blob(RECENT_SEARCHES),
        "resolverURL": "https://dns.quad9.net/dns-query",
        "displayDensity": "compact",
        "showRawRecords": True,
        "lookupHistory": blob(snapshots),
        "usageCredits.ledger": blob(ledger),
        "domainAudits": blob([AUDIT]),
        "domainWorkflows": blob([WORKFLOW]),
        "monitoring.settings": blob(MONITORING_SETTINGS),
        "monitoring.logs": blob(monitoring_log(snapshots[0]["id"])),
        "purchase.cachedEntitlement": blob(ENTITLEMENT),
    }
    merged_example = {
        # Base: the watched copy (earliest addedAt) — its id, domain, addedAt, displayName.
        "id": uid("w-example"), "domain": "example.com", "displayName": "Example (old)",
        # Base notes empty → the other's ("second copy", itself merged in from the second
        # trackedDomains copy, whose base had empty notes).
        "notes": "second copy",
        # Tags: base first, then the other's, case-insensitive duplicates dropped.
        "tags": ["Legacy", "web", "prod"],
        # The newer copy (latest lastLookupAt, 2024-02-01) gives lastLookupAt, status, expiresAt.
        "status": "active", "isFavorite": True, "addedAt": "2022-06-01T00:00:00Z",
        "lastLookupAt": "2024-02-01T00:00:00Z", "expiresAt": "2031-08-13T04:00:00Z",
        # Unknown fields unioned; on a clash the base's (the copy whose known fields win) wins.
        "pinColor": "blue", "reminder": {"every": "P30D"},
    }
    expected_tracked = [
        merged_example,  # first seen at trackedDomains[0]
        {"id": uid("t-widgets"), "domain": "widgets.org", "notes": "", "tags": ["shop"], "status": "active",
         "isFavorite": False, "addedAt": "2023-07-04T12:30:00.250Z"},
        {"id": uid("w-acme"), "domain": "acme.io", "notes": "from watched", "tags": ["client"], "status": "active",
         "isFavorite": True, "addedAt": "2023-03-01T00:00:00Z"},
        tracked[3],
        watched[2],
    ]
    expected = {
        "trackedDomains": expected_tracked,
        "savedDomains": ["acme.io", "widgets.org", "example.com", "not a domain!"],
        "recentSearches": RECENT_SEARCHES,
        "app.preferences": {"resolverURL": "https://dns.quad9.net/dns-query", "displayDensity": "compact",
                            "showRawRecords": True},
        "lookupHistory": [typed_snapshot(snapshot) for snapshot in snapshots],
        "usageCredits.ledger": ledger_object(ledger),
        "domainAudits": [AUDIT],
        "domainWorkflows": [WORKFLOW],
        "monitoring.settings": MONITORING_SETTINGS,
        "monitoring.logs": monitoring_log(snapshots[0]["id"]),
        "purchase.cachedEntitlement": ENTITLEMENT,
        "data.storeSchemaVersion": 3,
    }
    write_store("v0", entries, {"store": expected, "journalSteps": [1, 2, 3]})


def store_v0_marker():
    """The pre-versioning marker without a stamp: read as version 1, so only v2 and v3 run.
    The duplicate, non-canonical tracked and saved domains would have been merged by v1; they
    survive unchanged, proving v1 did not re-run. The resolver URL is invalid (the default is
    kept) and the density unknown to this build (kept as written)."""
    tracked = [
        {"id": uid("m-shop"), "domain": "shop.example", "addedAt": "2023-04-01T00:00:00Z", "notes": "",
         "tags": [], "status": "active", "isFavorite": False},
        {"id": uid("m-shop-dup"), "domain": "Shop.Example.", "addedAt": "2023-04-02T00:00:00Z", "notes": "dup"},
    ]
    snapshots = legacy_snapshots("marker")[:2]
    ledger = legacy_ledger(with_missing_ids=True)[2:]
    entries = {
        "data.migrations.v3_4_0": True,
        "trackedDomains": blob(tracked),
        "savedDomains": blob(["Shop.Example", "shop.example"]),
        "resolverURL": "not a url",
        "displayDensity": "cozy",
        "showRawRecords": False,
        "lookupHistory": blob(snapshots),
        "usageCredits.ledger": blob(ledger),
    }
    expected = {
        "data.migrations.v3_4_0": True,
        "trackedDomains": tracked,
        "savedDomains": ["Shop.Example", "shop.example"],
        "app.preferences": {"resolverURL": "https://cloudflare-dns.com/dns-query", "displayDensity": "cozy",
                            "showRawRecords": False},
        "lookupHistory": [typed_snapshot(snapshot) for snapshot in snapshots],
        "usageCredits.ledger": ledger_object(ledger),
        "data.storeSchemaVersion": 3,
    }
    write_store("v0-marker", entries, {"store": expected, "journalSteps": [2, 3]})


def store_v1():
    """Stamped 1, no journal (stamped by the app). Domain collections already canonical; an
    app.preferences blob left by a newer build before a downgrade, and two separate preference
    keys written since — the separate keys win, the blob's resolver survives. One snapshot is
    already in the new DNS shape and is left alone; the ledger's entries all have ids."""
    tracked = [
        {"id": uid("v1-example"), "domain": "example.com", "notes": "", "tags": ["web"], "status": "active",
         "isFavorite": True, "addedAt": "2022-06-01T00:00:00Z"},
        {"id": uid("v1-acme"), "domain": "acme.io", "notes": "client", "tags": [], "status": "paused",
         "isFavorite": False, "addedAt": "2023-03-01T00:00:00Z"},
    ]
    snapshots = [legacy_snapshots("v1")[0], current_snapshot("v1")]
    ledger = legacy_ledger(with_missing_ids=False)
    entries = {
        "data.storeSchemaVersion": 1,
        "trackedDomains": blob(tracked),
        "savedDomains": blob(["example.com", "acme.io"]),
        "recentSearches": blob(["acme"]),
        "app.preferences": blob({"resolverURL": "https://dns.google/dns-query", "displayDensity": "compact",
                                 "showRawRecords": False, "accentColor": "teal"}),
        "displayDensity": "comfortable",
        "showRawRecords": True,
        "lookupHistory": blob(snapshots),
        "usageCredits.ledger": blob(ledger),
        "monitoring.settings": blob(MONITORING_SETTINGS),
    }
    expected = {
        "trackedDomains": tracked,
        "savedDomains": ["example.com", "acme.io"],
        "recentSearches": ["acme"],
        "app.preferences": {"resolverURL": "https://dns.google/dns-query", "displayDensity": "comfortable",
                            "showRawRecords": True, "accentColor": "teal"},
        "lookupHistory": [typed_snapshot(snapshot) for snapshot in snapshots],
        "usageCredits.ledger": ledger_object(ledger),
        "monitoring.settings": MONITORING_SETTINGS,
        "data.storeSchemaVersion": 3,
    }
    write_store("v1", entries, {"store": expected, "journalSteps": [2, 3]})


def store_v2():
    """Stamped 2 with the journal of steps 1 and 2: only v3 runs (typed DNS; the legacy ledger,
    including ids to derive, becomes an object)."""
    tracked = [{"id": uid("v2-example"), "domain": "example.com", "notes": "", "tags": [], "status": "active",
                "isFavorite": False, "addedAt": "2022-06-01T00:00:00Z"}]
    snapshots = legacy_snapshots("v2")
    ledger = legacy_ledger(with_missing_ids=True)
    preferences = {"resolverURL": "https://dns.quad9.net/dns-query", "displayDensity": "standard",
                   "showRawRecords": False}
    entries = {
        "data.storeSchemaVersion": 2,
        "data.migrationJournal": blob(journal(1, 2)),
        "trackedDomains": blob(tracked),
        "app.preferences": blob(preferences),
        "lookupHistory": blob(snapshots),
        "usageCredits.ledger": blob(ledger),
        "domainAudits": blob([AUDIT]),
        "purchase.cachedEntitlement": blob(ENTITLEMENT),
    }
    expected = {
        "trackedDomains": tracked,
        "app.preferences": preferences,
        "lookupHistory": [typed_snapshot(snapshot) for snapshot in snapshots],
        "usageCredits.ledger": ledger_object(ledger),
        "domainAudits": [AUDIT],
        "purchase.cachedEntitlement": ENTITLEMENT,
        "data.storeSchemaVersion": 3,
    }
    write_store("v2", entries, {"store": expected, "journalSteps": [1, 2, 3]})


def store_v3_values():
    snapshot = current_snapshot("v3")
    return {
        "trackedDomains": [
            {"id": uid("v3-example"), "domain": "example.com", "displayName": "Example", "notes": "", "tags": ["web"],
             "status": "active", "isFavorite": True, "addedAt": "2022-06-01T00:00:00Z",
             "lastLookupAt": "2024-03-01T12:00:00Z"},
            {"id": uid("v3-acme"), "domain": "acme.io", "notes": "", "tags": [], "status": "active",
             "isFavorite": False, "addedAt": "2023-03-01T00:00:00Z"},
        ],
        "lookupHistory": [snapshot],
        "domainAudits": [AUDIT],
        "domainWorkflows": [WORKFLOW],
        "monitoring.settings": MONITORING_SETTINGS,
        "monitoring.logs": monitoring_log(snapshot["id"]),
        "recentSearches": RECENT_SEARCHES,
        "savedDomains": ["acme.io"],
        "app.preferences": {"resolverURL": "https://dns.quad9.net/dns-query", "displayDensity": "compact",
                            "showRawRecords": True},
        "purchase.cachedEntitlement": ENTITLEMENT,
        "usageCredits.ledger": ledger_object(legacy_ledger(with_missing_ids=False)),
    }


def store_v3():
    """The current version, with the journal of all three steps: nothing runs, nothing changes."""
    values = store_v3_values()
    entries = {key: blob(value) for key, value in values.items()}
    entries["data.storeSchemaVersion"] = 3
    entries["data.migrationJournal"] = blob(journal(1, 2, 3))
    expected = dict(values)
    expected["data.storeSchemaVersion"] = 3
    write_store("v3", entries, {"store": expected, "journalSteps": [1, 2, 3]})


def store_empty():
    """No keys at all: every step is safe on an empty store; only the stamp and journal appear."""
    write_store("empty", {}, {"store": {"data.storeSchemaVersion": 3}, "journalSteps": [1, 2, 3]})


def store_newer():
    """Stamped 99 by a future build. It holds something every known step would rewrite
    (watchedDomains, separate preferences, legacy DNS, a legacy ledger) and a key this build
    does not know: it must be refused (storeIsNewer, exit 76) and left byte-identical."""
    values = {
        "watchedDomains": [{"id": uid("n-watched"), "domain": "Future.Example", "addedAt": "2030-01-01T00:00:00Z"}],
        "trackedDomains": [{"id": uid("n-tracked"), "domain": "future.example", "addedAt": "2030-01-01T00:00:00Z",
                            "cohort": "beta"}],
        "lookupHistory": legacy_snapshots("newer")[:1],
        "usageCredits.ledger": legacy_ledger(with_missing_ids=True)[:2],
        "future.feature": {"enabled": True, "shape": "unknown to this build"},
    }
    entries = {key: blob(value) for key, value in values.items()}
    entries["data.storeSchemaVersion"] = 99
    entries["displayDensity"] = "spacious"
    expected = dict(values)
    expected["data.storeSchemaVersion"] = 99
    expected["displayDensity"] = "spacious"
    write_store("newer", entries, {"store": expected, "journalSteps": [], "error": "storeIsNewer"})


# --------------------------------------------------------------------------------------------
# Backups
# --------------------------------------------------------------------------------------------

# What an import writes for a record: the canonical form of Docs/data-model.md — every field
# with its default written out, absent optional fields left out, domains canonical — and the
# record's unknown fields kept as they are (§4). The fixtures' own values are already canonical
# where a rule would change them (timestamps, UUIDs in lower case), which `canonical` checks.
REQUIRED = object()
OPTIONAL = object()

DNS_RECORD = {"type": "TXT", "name": REQUIRED, "value": REQUIRED, "ttl": 0, "priority": OPTIONAL}
CHECK = {"id": REQUIRED, "title": None, "category": "security", "severity": "medium", "result": "error",
         "detail": OPTIONAL}
STEP = {"id": REQUIRED, "kind": "unsupported", "isEnabled": True, "parameters": {}}
LEDGER_ENTRY = {"id": REQUIRED, "at": REQUIRED, "amount": REQUIRED, "kind": "adjustment", "note": OPTIONAL,
                "domain": OPTIONAL}
RECORDS = {
    "trackedDomains": {"id": REQUIRED, "domain": REQUIRED, "displayName": OPTIONAL, "notes": "", "tags": [],
                       "status": "active", "isFavorite": False, "addedAt": REQUIRED, "lastLookupAt": OPTIONAL,
                       "expiresAt": OPTIONAL},
    "lookupHistory": {"id": REQUIRED, "domain": REQUIRED, "capturedAt": REQUIRED, "trigger": "manual",
                      "durationMs": 0,
                      "dns": ({"resolver": OPTIONAL, "responseTimeMs": OPTIONAL, "records": [DNS_RECORD],
                               "error": OPTIONAL}, OPTIONAL),
                      "registration": ({"source": "whois", "registrar": OPTIONAL, "registrant": OPTIONAL,
                                        "createdAt": OPTIONAL, "updatedAt": OPTIONAL, "expiresAt": OPTIONAL,
                                        "nameServers": [], "statuses": [], "dnssec": False}, OPTIONAL),
                      "tls": ({"subject": REQUIRED, "issuer": REQUIRED, "serialNumber": OPTIONAL,
                               "notBefore": OPTIONAL, "notAfter": OPTIONAL, "subjectAltNames": [],
                               "signatureAlgorithm": OPTIONAL, "keyBits": OPTIONAL, "chainValid": False}, OPTIONAL),
                      "http": ({"url": REQUIRED, "statusCode": REQUIRED, "finalURL": OPTIONAL, "redirectCount": 0,
                                "responseTimeMs": OPTIONAL, "server": OPTIONAL, "contentType": OPTIONAL,
                                "hstsEnabled": False, "headers": {}}, OPTIONAL)},
    "domainAudits": {"id": REQUIRED, "domain": REQUIRED, "startedAt": REQUIRED, "completedAt": OPTIONAL,
                     "status": "failed", "score": OPTIONAL, "checks": [CHECK]},
    "domainWorkflows": {"id": REQUIRED, "name": REQUIRED, "domains": [], "steps": [STEP], "schedule": "manual",
                        "isEnabled": True, "createdAt": REQUIRED, "updatedAt": None, "lastRunAt": OPTIONAL},
    "monitoringSettings": {"isEnabled": False, "intervalMinutes": 60, "monitoredDomains": [],
                           "notifyOn": ["dnsChange", "registrationExpiry", "tlsExpiry", "unreachable"],
                           "expiryWarningDays": 30,
                           "quietHours": ({"start": REQUIRED, "end": REQUIRED}, OPTIONAL),
                           "channels": ["push"], "webhookURL": OPTIONAL},
    "monitoringLogs": {"id": REQUIRED, "domain": REQUIRED, "checkedAt": REQUIRED, "event": "dnsChange",
                       "severity": "medium", "message": "", "snapshotId": OPTIONAL, "acknowledged": False},
    "appPreferences": {"resolverURL": "https://cloudflare-dns.com/dns-query", "displayDensity": "standard",
                       "showRawRecords": False},
    "entitlement": {"productId": REQUIRED, "tier": "free", "purchasedAt": OPTIONAL, "expiresAt": OPTIONAL,
                    "isTrial": False, "originalTransactionId": OPTIONAL, "verifiedAt": REQUIRED},
    "usageCredits": {"balance": REQUIRED, "entries": [LEDGER_ENTRY]},
}
# Fields defaulting to another field of the record.
DEFAULT_FROM = {"title": "id", "updatedAt": "createdAt"}


def canonical(spec, record):
    """`record` as the canonical encoder writes it: known fields with defaults, then the rest."""
    result = {}
    for field, rule in spec.items():
        value = record.get(field)
        nested = None
        if isinstance(rule, tuple):
            nested, rule = rule
        if value is None:
            if rule is REQUIRED:
                raise ValueError(f"{field} is required in {record}")
            if rule is OPTIONAL:
                continue
            result[field] = record[DEFAULT_FROM[field]] if rule is None else copy.deepcopy(rule)
            continue
        if nested is not None:
            value = canonical(nested, value)
        elif isinstance(rule, list) and rule and isinstance(rule[0], dict):
            value = [canonical(rule[0], element) for element in value]
        elif field in ("domain", "domains", "monitoredDomains", "nameServers") or (spec is DNS_RECORD and field == "name"):
            value = [canonical_domain(item) for item in value] if isinstance(value, list) else canonical_domain(value)
        result[field] = value
    for field, value in record.items():
        if field not in spec:
            result[field] = value  # unknown: kept as it is
    return result


def canonical_domain(name):
    """Docs/data-model.md §3.1."""
    return name.strip(" \t\n\r").removesuffix(".").lower()


def imported_store(sections, carried=None):
    """The store after importing `sections` (and what a v4 backup carries) into an empty store
    in merge mode (Docs/import.md §2): the store migrations stamp it first; each collection is
    written when it has records or carried elements; object sections when not null; the app
    settings into their three keys; then carried whole values and store keys."""
    carried = carried or {"storeKeys": [], "unreadableRecords": []}
    elements = {}
    for record in carried["unreadableRecords"]:
        if record["path"] != "$":
            elements.setdefault(record["storeKey"], []).append(record["value"]["json"])
    store = {"data.storeSchemaVersion": 3}
    keys = {"trackedDomains": "trackedDomains", "lookupHistory": "lookupHistory", "domainAudits": "domainAudits",
            "domainWorkflows": "domainWorkflows", "monitoringLogs": "monitoring.logs"}
    for name, key in keys.items():
        if name not in sections:
            continue
        records = [canonical(RECORDS[name], record) for record in sections[name]]
        ids = [record["domain" if name == "trackedDomains" else "id"].lower() for record in records]
        assert len(set(ids)) == len(ids), f"{name}: the fixtures hold no duplicates to merge"
        if records or key in elements:
            store[key] = records + elements.get(key, [])
    if "monitoringSettings" in sections:
        store["monitoring.settings"] = canonical(RECORDS["monitoringSettings"], sections["monitoringSettings"])
    if "appSettings" in sections:
        settings = sections["appSettings"]
        searches, seen = [], set()
        for search in settings.get("recentSearches", []):
            if search.strip() and search.strip().lower() not in seen:
                seen.add(search.strip().lower())
                searches.append(search.strip())
        saved = []
        for domain in settings.get("savedDomains", []):
            if canonical_domain(domain) not in saved:
                saved.append(canonical_domain(domain))
        store["recentSearches"] = searches + elements.get("recentSearches", [])
        store["savedDomains"] = saved + elements.get("savedDomains", [])
        preferences = {key: value for key, value in settings.items() if key not in ("recentSearches", "savedDomains")}
        store["app.preferences"] = canonical(RECORDS["appPreferences"], preferences)
    for name, key in (("entitlement", "purchase.cachedEntitlement"), ("usageCredits", "usageCredits.ledger")):
        if sections.get(name) is not None:
            store[key] = canonical(RECORDS[name], sections[name])
    for record in carried["unreadableRecords"]:
        if record["path"] == "$":
            store[record["storeKey"]] = expected_value(record["value"])
    for entry in carried["storeKeys"]:
        store[entry["key"]] = expected_value(entry["value"])
    return store


def expected_value(carried):
    """A carried value (Docs/backup-format.md) as the expected stores write a store value."""
    kind = carried["kind"]
    if kind == "data":
        return carried["json"] if "json" in carried else {"$base64": carried["base64"]}
    if kind in ("string", "integer", "bool"):
        return carried["value"]
    if kind in ("double", "date"):
        return {"$" + kind: float(carried["value"])}
    return plist_value(plistlib.loads(base64.b64decode(carried["binaryPropertyList"])))


def plist_value(value):
    if isinstance(value, list):
        return {"$array": [plist_value(item) for item in value]}
    if isinstance(value, dict):
        return {"$dictionary": {key: plist_value(item) for key, item in value.items()}}
    if isinstance(value, float):
        return {"$double": value}
    return value


def write_backup_expectations(stem, sections, carried=None):
    absent = [name for name in SECTION_ORDER if name not in sections]
    expected = {"sections": sections, "absentSections": absent}
    if carried is not None:
        expected["carried"] = carried
    write_json(f"Backups/{stem}.expected-sections.json", expected)
    write_json(f"Backups/{stem}.expected-store.json", {"store": imported_store(sections, carried)})


def backup_v1():
    """Version 1 (DomainDig 1.x), exactly its documented shape: plain JSON, epoch seconds, no
    ids on tracked domains, only domains, history (DNS map, WHOIS) and settings."""
    document = {
        "version": 1,
        "exportedAt": 1650000000,
        "app": "DomainDig 1.4",
        "domains": [
            {"name": "example.com", "added": 1640000000, "note": "main site", "tags": ["client"], "favorite": True},
            # Not canonical: kept as written (the import canonicalises); the id is derived from
            # the canonical form.
            {"name": "Acme.io", "added": 1641234567, "tags": [], "favorite": False},
        ],
        "history": [
            {"uuid": uid("b1-lookup-example"), "domain": "example.com", "date": 1650000000,
             "dns": {"A": ["93.184.216.34"], "MX": ["10 mx1.example.com"]},
             "whois": {"registrar": "Gandi SAS", "created": 900000000, "expires": 1900000000,
                       "nameservers": ["ns1.gandi.net", "ns2.gandi.net"]}},
            # A fractional epoch: milliseconds in the timestamp.
            {"uuid": uid("b1-lookup-acme"), "domain": "acme.io", "date": 1650000123.25,
             "dns": {"NS": ["ns1.acme.io"]}},
        ],
        # A field version 1 never documented: kept as it is (an unknown field of the settings).
        "settings": {"resolver": "https://dns.quad9.net/dns-query", "density": "compact",
                     "recent": ["example.com", "acme"], "saved": ["acme.io"], "themeColor": "dark"},
    }
    write("Backups/v1.json", (json.dumps(document, indent=2) + "\n").encode("utf-8"))

    def tracked(domain):
        result = {"id": tracked_domain_id(domain["name"].strip().rstrip(".").lower()), "domain": domain["name"],
                  "addedAt": iso(domain["added"])}
        if "note" in domain:
            result["notes"] = domain["note"]
        for key in ("tags",):
            if key in domain:
                result[key] = domain[key]
        if "favorite" in domain:
            result["isFavorite"] = domain["favorite"]
        return result

    def lookup(entry):
        result = {"id": entry["uuid"], "domain": entry["domain"], "capturedAt": iso(entry["date"])}
        if "dns" in entry:
            result["dns"] = typed_dns({"answers": entry["dns"]}, entry["domain"])
        if "whois" in entry:
            whois = entry["whois"]
            registration = {"source": "whois"}
            if "registrar" in whois:
                registration["registrar"] = whois["registrar"]
            if "created" in whois:
                registration["createdAt"] = iso(whois["created"])
            if "expires" in whois:
                registration["expiresAt"] = iso(whois["expires"])
            if "nameservers" in whois:
                registration["nameServers"] = whois["nameservers"]
            result["registration"] = registration
        return result

    settings = document["settings"]
    # Only what version 1 had: audits, workflows, monitoring, the entitlement and the credits
    # stay absent (Docs/versions.md).
    expected = {
        "trackedDomains": [tracked(domain) for domain in document["domains"]],
        "lookupHistory": [lookup(entry) for entry in document["history"]],
        "appSettings": {"resolverURL": settings["resolver"], "displayDensity": settings["density"],
                        "recentSearches": settings["recent"], "savedDomains": settings["saved"],
                        "themeColor": settings["themeColor"]},
    }
    write_backup_expectations("v1", expected)


def backup_v2():
    """Version 2 (DomainDig 2.x): gzip-compressed JSON with every section present."""
    lookup = legacy_snapshots("b2")[0]
    v2_lookup = {key: value for key, value in lookup.items() if key != "registration"}
    v2_lookup["whois"] = lookup["registration"]
    v2_lookup["tls"] = {"subject": "CN=example.com", "issuer": "CN=DigiCert TLS RSA SHA256 2020 CA1",
                        "notAfter": "2025-03-01T23:59:59Z", "keyBits": 2048, "chainValid": True}
    credits = [
        {"id": uid("b2-credit-bonus"), "date": "2024-01-01T00:00:00Z", "delta": 100, "reason": "bonus",
         "memo": "welcome"},
        {"id": uid("b2-credit-lookup"), "date": "2024-02-01T00:00:01Z", "delta": -2, "reason": "lookup",
         "domain": "example.com"},
        # No id: derived from its position and content.
        {"date": "2024-03-01T00:00:00Z", "delta": 25, "reason": "purchase", "memo": "25 credits"},
    ]
    log = monitoring_log(lookup["id"])
    document = {
        "schemaVersion": 2,
        "createdAt": "2024-05-01T10:00:00Z",
        "producer": "DomainDig 2.3",
        "storeSchemaVersion": 2,
        "trackedDomains": [
            {"id": uid("b2-example"), "domain": "example.com", "addedAt": "2022-06-01T00:00:00Z", "notes": "main",
             "tags": ["web"], "favorite": True, "status": "active", "cohort": "beta"},
            {"id": uid("b2-acme"), "domain": "acme.io", "addedAt": "2023-03-01T00:00:00Z", "notes": "",
             "tags": [], "favorite": False, "status": "paused", "lastLookupAt": "2024-02-01T00:00:00Z",
             "expiresAt": "2026-03-01T00:00:00Z"},
        ],
        "lookups": [v2_lookup],
        "audits": [AUDIT],
        "workflows": [WORKFLOW],
        "monitoring": {
            # 5420 s = 90.33 min → 90 (rounded).
            "settings": {"isEnabled": True, "intervalSeconds": 5420, "monitoredDomains": ["example.com", "acme.io"],
                         "notifyOn": ["dnsChange", "tlsExpiry"], "expiryWarningDays": 14, "channels": ["push", "email"],
                         "quietHours": {"start": "22:00", "end": "07:00"}},
            "logs": log,
        },
        "settings": {"resolverURL": "https://dns.quad9.net/dns-query", "displayDensity": "comfortable",
                     "recentSearches": ["example.com"], "savedDomains": ["acme.io"]},
        "entitlement": ENTITLEMENT,
        "credits": credits,
    }
    text = json.dumps(document, indent=2) + "\n"
    write("Backups/v2.json.gz", gzip.compress(text.encode("utf-8"), mtime=0))

    tracked = []
    for domain in document["trackedDomains"]:
        converted = {("isFavorite" if key == "favorite" else key): value for key, value in domain.items()}
        tracked.append(converted)
    upgraded_lookup = {("registration" if key == "whois" else key): value for key, value in v2_lookup.items()}
    upgraded_lookup["dns"] = typed_dns(v2_lookup["dns"], v2_lookup["domain"])
    settings = {key: value for key, value in document["monitoring"]["settings"].items() if key != "intervalSeconds"}
    settings["intervalMinutes"] = 90
    expected = {
        "trackedDomains": tracked,
        "lookupHistory": [upgraded_lookup],
        "domainAudits": [AUDIT],
        "domainWorkflows": [WORKFLOW],
        "monitoringSettings": settings,
        "monitoringLogs": log,
        "appSettings": document["settings"],
        "entitlement": ENTITLEMENT,
        "usageCredits": ledger_object(credits),
    }
    write_backup_expectations("v2", expected)


def v3_sections():
    snapshot = current_snapshot("b3")
    return {
        "trackedDomains": [
            {"id": uid("b3-example"), "domain": "example.com", "notes": "", "tags": ["web"], "status": "active",
             "isFavorite": True, "addedAt": "2022-06-01T00:00:00Z"},
            {"id": uid("b3-acme"), "domain": "acme.io", "displayName": "ACME", "notes": "client", "tags": [],
             "status": "active", "isFavorite": False, "addedAt": "2023-03-01T00:00:00Z",
             "lastLookupAt": "2024-03-01T12:00:00Z", "expiresAt": "2026-03-01T00:00:00Z"},
        ],
        "lookupHistory": [snapshot],
        "domainAudits": [AUDIT],
        "domainWorkflows": [WORKFLOW],
        "monitoringSettings": MONITORING_SETTINGS,
        "monitoringLogs": monitoring_log(snapshot["id"]),
        "appSettings": {"recentSearches": ["example.com"], "savedDomains": ["acme.io"],
                        "resolverURL": "https://dns.quad9.net/dns-query", "displayDensity": "compact",
                        "showRawRecords": False},
        "entitlement": ENTITLEMENT,
        "usageCredits": ledger_object(legacy_ledger(with_missing_ids=False)),
    }


SECTION_ORDER = ["trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoringSettings",
                 "monitoringLogs", "appSettings", "entitlement", "usageCredits"]


def v3_archive(sections, schema_version, compression):
    """A v3 archive: one entry per section, in archive order."""
    return archive([(name, f"sections/{name}.json", sections[name]) for name in SECTION_ORDER], schema_version,
                   compression)


def backup_v3():
    """Version 3: a gzip-compressed pax tar made here with tarfile (Python has no zstd; the
    reader detects the compression from the bytes). Already current: the sections are expected
    as they are."""
    sections = v3_sections()
    write("Backups/v3.ddbackup", v3_archive(sections, 3, "gzip"))
    write_backup_expectations("v3", sections)


def v4_sections():
    """Version 4's sections: version 3's, with fields this build does not know in records and in
    nested records, and a ledger that cannot be read (carried whole, the section null)."""
    sections = copy.deepcopy(v3_sections())
    sections["trackedDomains"][0]["pinColor"] = "#ff8800"
    sections["trackedDomains"][0]["reminder"] = {"every": "P30D", "next": "2024-07-01"}
    sections["lookupHistory"][0]["dns"]["records"][1]["dnssec"] = "secure"
    sections["domainAudits"][0]["checks"][0]["evidence"] = ["v=spf1 -all"]
    sections["domainWorkflows"][0]["steps"][1]["timeoutSeconds"] = 30
    sections["monitoringSettings"]["digest"] = "weekly"
    sections["monitoringSettings"]["quietHours"] = {"start": "22:00", "end": "07:00", "timeZone": "Europe/Paris"}
    sections["appSettings"]["accentColor"] = "teal"
    sections["entitlement"]["familyShared"] = True
    sections["usageCredits"] = None
    return sections


def v4_carried():
    """What a version 4 backup carries: store keys of every kind (a newer app's, and a legacy key
    left beside the current data) and records the store could not read."""
    def plist(value):
        return base64.b64encode(plistlib.dumps(value, fmt=plistlib.FMT_BINARY)).decode("ascii")
    store_keys = [
        {"key": "reminders.v2", "value": {"kind": "data", "json": {"enabled": True, "times": ["08:00"]}}},
        {"key": "opaque.blob", "value": {"kind": "data", "base64": "AAEC/w=="}},
        {"key": "lastTab", "value": {"kind": "string", "value": "audits"}},
        {"key": "launchCount", "value": {"kind": "integer", "value": 42}},
        {"key": "onboarding.seen", "value": {"kind": "bool", "value": True}},
        {"key": "zoom", "value": {"kind": "double", "value": 1.25}},
        {"key": "installedAt", "value": {"kind": "date", "value": 788918400}},
        {"key": "pinnedTags", "value": {"kind": "array", "binaryPropertyList": plist(["client", "web"])}},
        {"key": "windowFrame",
         "value": {"kind": "dictionary", "binaryPropertyList": plist({"width": 1280, "height": 800.5})}},
        {"key": "watchedDomains",
         "value": {"kind": "data", "json": [{"id": uid("b4-watched"), "domain": "old.example",
                                             "addedAt": "2021-01-01T00:00:00Z"}]}},
    ]
    unreadable = [
        {"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$[2]",
         "reason": "$[2].id: is missing; the record cannot be read and is kept as written",
         "value": {"kind": "data", "json": {"domain": "no-id.example", "addedAt": "2024-01-01T00:00:00Z"}}},
        {"section": "appSettings", "storeKey": "savedDomains", "path": "$[1]",
         "reason": "$[1]: is not a valid domain name: \"not a domain!\"; it is kept as written",
         "value": {"kind": "data", "json": "not a domain!"}},
        {"section": "usageCredits", "storeKey": "usageCredits.ledger", "path": "$",
         "reason": "$.balance: is missing; the record cannot be read and is kept as written",
         "value": {"kind": "data", "json": {"entries": [], "balanceText": "lots"}}},
    ]
    return {"storeKeys": store_keys, "unreadableRecords": unreadable}


def archive(entries, schema_version, compression):
    """An archive made the way design §4 describes it: a POSIX (pax) tar, manifest.json first,
    then each entry `(name, path, value)` as compact JSON, SHA-256 of each in the manifest."""
    payloads = [(name, path, compact(value).encode("utf-8"), value) for name, path, value in entries]
    manifest = {
        "format": "DomainDigBackup",
        "schemaVersion": schema_version,
        "createdAt": "2024-06-01T08:00:00Z",
        "producer": {"name": "DomainDig", "version": "3.4.0"},
        "storeSchemaVersion": 3,
        "compression": compression,
        "sections": [
            {"name": name, "path": path,
             "records": len(value) if isinstance(value, list) else (0 if value is None else 1),
             "bytes": len(payload), "sha256": hashlib.sha256(payload).hexdigest()}
            for name, path, payload, value in payloads
        ],
    }
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        files = [("manifest.json", (json.dumps(manifest, indent=2) + "\n").encode("utf-8"))]
        files += [(path, payload) for _, path, payload, _ in payloads]
        for path, payload in files:
            info = tarfile.TarInfo(path)
            info.size = len(payload)
            info.mtime = 1717228800
            info.mode = 0o600
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            # A pax extended header on every entry, as `tar --format=pax` writes one.
            info.pax_headers = {"comment": "DomainDig fixture"}
            tar.addfile(info, io.BytesIO(payload))
    data = buffer.getvalue()
    return gzip.compress(data, mtime=0) if compression == "gzip" else data


def backup_v4():
    """Version 4: the carried entries first (store keys, unreadable records), then the sections
    (Docs/backup-format.md); gzip-compressed, as version 3's fixture."""
    sections = v4_sections()
    carried = v4_carried()
    entries = [(name, f"carried/{name}.json", carried[name]) for name in ("storeKeys", "unreadableRecords")]
    entries += [(name, f"sections/{name}.json", sections[name]) for name in SECTION_ORDER]
    write("Backups/v4.ddbackup", archive(entries, 4, "gzip"))
    write_backup_expectations("v4", sections, carried)


def backup_newer():
    """A v3-shaped, uncompressed archive whose manifest says schemaVersion 99: refused as coming
    from a newer build (validate exits 76), nothing read."""
    write("Backups/newer.ddbackup", v3_archive(v3_sections(), 99, "none"))
    write_json("Backups/newer.expected-sections.json",
               {"refused": {"error": "newerSchemaVersion", "found": 99, "supported": 4, "exitCode": 76}})


def main():
    store_v0()
    store_v0_marker()
    store_v1()
    store_v2()
    store_v3()
    store_empty()
    store_newer()
    backup_v1()
    backup_v2()
    backup_v3()
    backup_v4()
    backup_newer()


if __name__ == "__main__":
    main()
