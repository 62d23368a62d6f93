import Foundation
import Testing

@testable import DurableIO

@Suite struct CurrentProcessTests {
    /// The name lock files give their holder's machine is the kernel's host name, whole.
    @Test func hostNameIsTheKernelsHostName() throws {
        let kernel = try String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8)
        #expect(CurrentProcess.hostName == kernel.trimmingCharacters(in: .newlines))
        #expect(!CurrentProcess.hostName.isEmpty)
    }

    @Test func idIsThisProcesssId() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Pid:") })
        #expect(line.split(separator: "\t").last.map(String.init) == String(CurrentProcess.id))
    }
}
