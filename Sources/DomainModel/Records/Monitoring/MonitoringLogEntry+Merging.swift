import Foundation

extension MonitoringLogEntry {
    public var naturalKey: UUID { id }
}
