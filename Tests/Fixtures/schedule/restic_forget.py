"""restic's `forget` rules, written independently of backupctl, as the tests' reference.

Each rule keeps the newest backup in each of its last N periods that hold one; a backup
kept by any rule stays. Periods are UTC: calendar hours, days, ISO weeks (Monday first,
`date.isocalendar()`), months. `last` treats every backup as its own period. Of two
backups with the same time, the one later in the input is the newer.

stdin:  {"cases": [{"times": [epoch seconds, ...],
                    "policy": {"last": N, "hourly": N, "daily": N, "weekly": N, "monthly": N}}, ...]}
stdout: {"results": [[[rule, ...] for each time] for each case]}
"""
import datetime
import json
import sys

RULES = ('last', 'hourly', 'daily', 'weekly', 'monthly')


def period(rule, when, position):
    if rule == 'last':
        return position
    if rule == 'hourly':
        return (when.year, when.month, when.day, when.hour)
    if rule == 'daily':
        return (when.year, when.month, when.day)
    if rule == 'weekly':
        iso = when.isocalendar()
        return (iso[0], iso[1])
    return (when.year, when.month)


def forget(times, policy):
    newest_first = sorted(range(len(times)), key=lambda index: (times[index], index), reverse=True)
    reasons = [[] for _ in times]
    for rule in RULES:
        left = policy.get(rule, 0)
        previous = None
        for position, index in enumerate(newest_first):
            if left <= 0:
                break
            when = datetime.datetime.fromtimestamp(times[index], datetime.timezone.utc)
            current = period(rule, when, position)
            if current != previous:
                reasons[index].append(rule)
                left -= 1
                previous = current
    return reasons


request = json.load(sys.stdin)
json.dump({'results': [forget(case['times'], case['policy']) for case in request['cases']]}, sys.stdout)
