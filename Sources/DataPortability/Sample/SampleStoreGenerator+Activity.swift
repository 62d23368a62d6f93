import DomainModel
import Foundation
import JSONCore

extension SampleStoreGenerator {
    func makeAudits(_ domains: [String], count: Int, random: inout SeededRandom) -> [UInt8] {
        var writer = JSONWriter(capacity: count * 1500)
        writer.beginArray()
        for index in 0..<count {
            let started = day(-random.int(in: 0...365), seconds: random.int(in: 0...86_399))
            let running = random.chance(0.05)
            var checks = SampleVocabulary.auditChecks.map { check in
                AuditCheck(
                    id: check.id, title: check.title, category: AuditCategory(rawValue: check.category) ?? .security,
                    severity: random.pick([.info, .low, .medium, .high]),
                    result: random.pick([.pass, .pass, .pass, .warn, .fail]),
                    detail: random.chance(0.3) ? "Checked at \(Timestamp.format(started))." : nil)
            }
            if running { checks = Array(checks.prefix(3)) }
            let domain = index == 0 ? "untracked-audit.example.org" : random.pick(domains)
            AuditSession(
                id: makeID(&random), domain: domain, startedAt: started,
                completedAt: running ? nil : started.addingTimeInterval(Double(random.int(in: 5...90))),
                status: running ? .running : .completed, score: running ? nil : random.int(in: 35...100),
                checks: checks
            ).encode(to: &writer)
        }
        // A check result this build does not know.
        writer.object { writer in
            writer.field("id", makeID(&random))
            writer.field("domain", domains[0])
            writer.field("startedAt", day(-4))
            writer.field("status", "completed")
            writer.key("checks")
            writer.beginArray()
            writer.object { writer in
                writer.field("id", "http.latency")
                writer.field("result", "flaky")
            }
            writer.endArray()
        }
        writer.endArray()
        return writer.takeBytes()
    }

    func makeWorkflows(_ domains: [String], count: Int, random: inout SeededRandom) -> [UInt8] {
        var writer = JSONWriter(capacity: count * 800)
        writer.beginArray()
        let names = [
            "Weekly renewal check", "Email hygiene", "Competitor watch", "Launch readiness", "Certificate sweep",
        ]
        for index in 0..<count {
            let created = day(-random.int(in: 30...700))
            var targets = (0..<random.int(in: 1...8)).map { _ in random.pick(domains) }
            if index == 0 { targets.append("not-tracked.example.com") }
            var steps = [
                WorkflowStep(id: "lookup", kind: .lookup),
                WorkflowStep(id: "audit", kind: .audit, isEnabled: random.chance(0.8)),
                WorkflowStep(
                    id: "compare", kind: .compare, parameters: [StringPair(name: "compareWith", value: "previous")]),
                WorkflowStep(id: "notify", kind: .notify, parameters: [StringPair(name: "channel", value: "push")]),
            ]
            if index == 1 {
                steps.append(WorkflowStep(id: "shot", kind: .unsupported))
            }
            var workflow = Workflow(
                id: makeID(&random), name: "\(names[index % names.count]) \(index + 1)", domains: targets,
                steps: steps, schedule: random.pick([.manual, .daily, .weekly, .hourly]),
                isEnabled: random.chance(0.9), createdAt: created,
                updatedAt: created.addingTimeInterval(Double(random.int(in: 0...100)) * 86_400),
                lastRunAt: random.chance(0.8) ? day(-random.int(in: 0...20)) : nil)
            if index == 1 {
                // Written by a newer build: a step kind this one does not know.
                workflow.steps[4].kind = Lenient(rawValue: "screenshot")
            }
            workflow.encode(to: &writer)
        }
        writer.endArray()
        return writer.takeBytes()
    }

    func makeLogs(_ domains: [String], snapshotIDs: [UUID], count: Int, random: inout SeededRandom) -> [UInt8] {
        var writer = JSONWriter(capacity: count * 330)
        writer.beginArray()
        let messages: [MonitoringEvent: String] = [
            .ok: "No changes.", .dnsChange: "A record changed.",
            .registrationExpiry: "Registration expires within 30 days.",
            .tlsExpiry: "Certificate expires within 14 days.", .httpStatusChange: "Home page status changed.",
            .unreachable: "No response within 10 seconds.",
        ]
        for index in 0..<count {
            let event = random.pick([
                MonitoringEvent.ok, .ok, .ok, .ok, .dnsChange, .registrationExpiry, .tlsExpiry,
                .httpStatusChange, .unreachable,
            ])
            MonitoringLogEntry(
                id: makeID(&random), domain: random.pick(domains),
                checkedAt: day(-random.int(in: 0...365), seconds: random.int(in: 0...86_399)),
                event: event, severity: event == .ok ? .info : random.pick([.low, .medium, .high]),
                message: messages[event] ?? "",
                snapshotID: index == 0
                    ? makeID(&random) : (random.chance(0.5) && !snapshotIDs.isEmpty ? random.pick(snapshotIDs) : nil),
                acknowledged: random.chance(0.6)
            ).encode(to: &writer)
        }
        writer.object { writer in
            writer.field("id", makeID(&random))
            writer.field("checkedAt", day(-1))
            writer.field("event", "ok")
        }
        writer.endArray()
        return writer.takeBytes()
    }

    func makeMonitoringSettings(_ domains: [String], random: inout SeededRandom) -> [UInt8] {
        let monitored = domains.filter { _ in random.chance(0.5) }
        return MonitoringSettings(
            isEnabled: true, intervalMinutes: 60, monitoredDomains: monitored,
            notifyOn: [.dnsChange, .registrationExpiry, .tlsExpiry, .unreachable], expiryWarningDays: 21,
            quietHours: QuietHours(start: "22:00", end: "07:00"), channels: [.push, .email], webhookURL: nil
        ).canonicalJSON
    }

    func makeLedger(_ domains: [String], count: Int, random: inout SeededRandom) -> [UInt8] {
        let entries = (0..<count).map { index in
            let isGrant = index % 10 == 0
            return LedgerEntry(
                id: makeID(&random), at: day(-count + index, seconds: random.int(in: 0...86_399)),
                amount: isGrant ? random.pick([50, 100, 250]) : -random.int(in: 1...5),
                kind: isGrant ? random.pick([.grant, .purchase]) : .spend,
                note: isGrant ? "Monthly credits" : nil, domain: isGrant ? nil : random.pick(domains))
        }
        let ledger = UsageCreditLedger(balance: entries.reduce(0) { $0 + $1.amount } + 5, entries: entries)
        return ledger.canonicalJSON
    }
}
