import Testing
@testable import bench

@Suite("Running peers and reading their output")
struct PeerProtocolTests {
    @Test("Protocol lines are read as key=value fields")
    func fields() {
        let f = keyValues("sample seconds=0.474500302 count=17203")
        #expect(f["seconds"] == "0.474500302")
        #expect(f["count"] == "17203")
        #expect(f["sample"] == nil)
    }

    @Test("Sample and memory lines become samples and a memory reading")
    func parsing() throws {
        let script = "printf 'info x=1\\nsample seconds=0.25 count=7\\nsample seconds=0.5 count=7\\nmemory bytes=4096 count=7\\n'"
        let output = try runPeer("/bin/sh", ["-c", script], limit: 10)
        #expect(output.samples.map(\.seconds) == [0.25, 0.5])
        #expect(output.samples.map(\.count) == [7, 7])
        #expect(output.memory?.bytes == 4096)
        #expect(!output.timedOut)
    }

    @Test("A peer that runs past its limit is stopped and reported as timed out")
    func timeout() throws {
        let start = monotonicSeconds()
        let output = try runPeer("/bin/sleep", ["30"], limit: 0.5)
        #expect(output.timedOut)
        #expect(monotonicSeconds() - start < 10)
    }

    @Test("A program that cannot start is an error, not a crash")
    func missingProgram() {
        #expect(throws: PeerError.self) { try runPeer("/nonexistent/peer", [], limit: 1) }
    }

    @Test("The in-process loop warms up once, then times the requested runs on fresh state")
    func timedRunsLoop() {
        var prepared = 0
        let samples = timedRuns(runs: 3, prepare: { prepared += 1; return prepared }, body: { state in state * 10 })
        #expect(prepared == 4)
        #expect(samples.map(\.count) == [20, 30, 40])
        #expect(samples.allSatisfy { $0.seconds >= 0 })
    }

    @Test("Resident memory is readable and grows when memory is touched")
    func resident() {
        let before = residentBytes()
        var block = [UInt8](repeating: 1, count: 64 << 20)
        block[block.count - 1] = 2
        let after = residentBytes()
        #expect(before > 0)
        #expect(after - before > 32 << 20)
        #expect(block[0] == 1)
    }
}
