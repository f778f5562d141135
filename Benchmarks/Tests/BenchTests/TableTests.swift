import Foundation
import Testing
@testable import bench

/// A stand-in column for table rendering (the real engines need the peers and the corpus).
private struct FixedEngine: BenchEngine {
    let name: String
    let countUnit = "lines"
    func measure(_ workload: Workload, setup: BenchSetup) -> Outcome { .notApplicable("n/a") }
}

@Suite("The comparison table")
struct TableTests {
    let engines: [any BenchEngine] = [FixedEngine(name: "OpenTextKit"), FixedEngine(name: "Pango")]

    func workload(_ id: String) -> Workload { Workload.all.first { $0.id == id }! }

    @Test("A cell shows the median, the range of the runs and the count")
    func sampleCell() {
        let cell = describe(.samples([Sample(seconds: 0.5, count: 10), Sample(seconds: 0.4, count: 10),
                                      Sample(seconds: 0.6, count: 10)]), unit: "lines")
        #expect(cell == "500 ms (400 ms–600 ms, 3 runs) · 10 lines")
    }

    @Test("Runs that disagree on the count are flagged")
    func disagreeingCounts() {
        let cell = describe(.samples([Sample(seconds: 1, count: 10), Sample(seconds: 1, count: 11)]), unit: "lines")
        #expect(cell.contains("counts differ"))
    }

    @Test("A timed-out workload shows the cap")
    func timeout() {
        #expect(describe(.timedOut(cap: 60, finished: []), unit: "lines") == "> 60 s")
    }

    @Test("The last column is OpenTextKit's median over Pango's, n/a while OpenTextKit has none")
    func ratio() {
        let rows = [
            Row(workload: workload("W1-full"), outcomes: [.samples([Sample(seconds: 0.2, count: 5)]),
                                                          .samples([Sample(seconds: 0.4, count: 5)])]),
            Row(workload: workload("W2-full"), outcomes: [OpenTextKitEngine.notLanded,
                                                          .samples([Sample(seconds: 0.4, count: 5)])]),
        ]
        let lines = renderTable(rows, engines: engines, ratio: (0, 1)).split(separator: "\n")
        #expect(lines.count == 4)
        func lastCell(_ line: Substring) -> String {   // the ratio column, before Load
            let cells = line.split(separator: "|")
            return String(cells[cells.count - 2]).trimmingCharacters(in: .whitespaces)
        }
        #expect(lastCell(lines[2]) == "×0.50")
        #expect(lines[3].contains("n/a (engine not yet landed)"))
        #expect(lastCell(lines[3]) == "n/a")
    }

    @Test("An HTML row's ratio is OpenTextKit's median over the floor's (libxml2's parse), and its counts have their own units")
    func htmlRatio() {
        struct Floor: BenchEngine {
            let name = "HarfBuzz floor"
            let countUnit = "glyphs"
            func countUnit(for workload: Workload) -> String { workload.kind.comparesWithFloor ? "nodes" : countUnit }
            func measure(_ workload: Workload, setup: BenchSetup) -> Outcome { .notApplicable("n/a") }
        }
        let columns: [any BenchEngine] = engines + [Floor()]
        let rows = [
            Row(workload: workload("html-import-1MB"), outcomes: [.samples([Sample(seconds: 0.045, count: 500)]), .notApplicable("n/a (no HTML reader)"),
                                                                  .samples([Sample(seconds: 0.015, count: 20)])]),
            Row(workload: workload("W1-full"), outcomes: [.samples([Sample(seconds: 0.2, count: 5)]), .samples([Sample(seconds: 0.4, count: 5)]),
                                                          .samples([Sample(seconds: 0.1, count: 5)])]),
        ]
        let lines = renderTable(rows, engines: columns, ratio: (0, 1), floor: 2).split(separator: "\n")
        #expect(lines[2].contains("×3.00 of libxml2's parse"))
        #expect(lines[2].contains("· 20 nodes"))
        #expect(lines[3].contains("×0.50") && !lines[3].contains("libxml2"))
    }

    @Test("Long-word rows show their growth and the 2-thread row its speed-up")
    func comparisons() {
        let rows = [
            Row(workload: workload("word-8000"), outcomes: [.notApplicable("n/a"), .samples([Sample(seconds: 0.1, count: 1)])]),
            Row(workload: workload("word-16000"), outcomes: [.notApplicable("n/a"), .samples([Sample(seconds: 0.4, count: 1)])]),
            Row(workload: workload("threads1-10MB"), outcomes: [.notApplicable("n/a"), .samples([Sample(seconds: 3, count: 1)])]),
            Row(workload: workload("threads2-10MB"), outcomes: [.notApplicable("n/a"), .samples([Sample(seconds: 2, count: 1)])]),
        ]
        let lines = renderTable(rows, engines: engines, ratio: (0, 1)).split(separator: "\n")
        #expect(lines[3].contains("×4.0 the time of the row above"))
        #expect(!lines[4].contains("the time of the row above"))
        #expect(lines[5].contains("speed-up ×1.50 over 1 thread"))
    }

    @Test("Every workload of the issue has a row, with a unique id")
    func rows() {
        let ids = Workload.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ["W1-full", "W1-relayout", "W2-full", "edit-10KB", "edit-10MB", "firstpage-10MB", "firstkeystroke-10MB", "word-8000",
                   "word-16000", "word-64000", "memory-10MB", "threads1-10MB", "threads2-10MB"] {
            #expect(ids.contains(id), "missing row \(id)")
        }
    }
}
