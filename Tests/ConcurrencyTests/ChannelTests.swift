import Concurrency
import Testing

@Suite struct ChannelTests {
    @Test(arguments: [1, 3, Int.max])
    func valuesArriveInTheOrderSent(capacity: Int) {
        let channel = Channel<Int>(capacity: capacity)
        let sending = BackgroundJob(name: "test-sender") {
            defer { channel.close() }
            for value in 0..<2_000 { channel.send(value) }
        }
        var received: [Int] = []
        while let value = channel.receive() { received.append(value) }
        sending.join()
        #expect(received == Array(0..<2_000))
    }

    @Test func aClosedChannelRefusesSendsAndHandsOutWhatIsLeft() {
        let channel = Channel<String>(capacity: 4)
        #expect(channel.send("a"))
        #expect(channel.send("b"))
        channel.close()
        channel.close()
        #expect(!channel.send("c"))
        #expect(channel.receive() == "a")
        #expect(channel.receive() == "b")
        #expect(channel.receive() == nil)
    }

    /// A sender waiting on a full channel is woken by `close()`, and its value refused.
    @Test func closingWakesAWaitingSender() {
        let channel = Channel<Int>(capacity: 1)
        let firstSent = Channel<Bool>(capacity: 1)
        let sending = BackgroundJob(name: "test-sender") { () -> [Bool] in
            let first = channel.send(1)
            firstSent.send(first)
            return [first, channel.send(2)] // the channel is full: waits until it is closed
        }
        #expect(firstSent.receive() == true)
        channel.close()
        let sent = sending.join()
        #expect(sent == [true, false])
        #expect(channel.receive() == 1)
        #expect(channel.receive() == nil)
    }

    @Test func closingWakesAWaitingReceiver() {
        let channel = Channel<Int>(capacity: 1)
        let receiving = BackgroundJob(name: "test-receiver") { channel.receive() }
        channel.close()
        let received = receiving.join()
        #expect(received == nil)
    }
}
