import Foundation
import Testing
import COTKICU
@testable import TextKitTypesetting

/// The script table asks ICU a page of 256 code points at a time, on first use, from whichever
/// thread gets there first (ScriptRuns.swift).
@Suite("The script of a code point")
struct ScriptTableTests {
    /// ICU's answer, surrogate code points (never characters) taken as Unknown.
    static func icuScript(_ scalar: UInt32) -> Script {
        (0xD800...0xDFFF).contains(scalar) ? .unknown : Script(code: Int16(cotk_script(scalar)))
    }

    @Test func everyBMPCodePointAndASampleBeyondHaveICUsScript() {
        let table = ScriptTable()
        var mismatches: [String] = []
        // Backwards, so pages are filled out of order; then the supplementary planes, every 97th.
        for scalar in stride(from: UInt32(0xFFFF), through: 0, by: -1) where table.script(of: scalar) != Self.icuScript(scalar) {
            mismatches.append(String(scalar, radix: 16))
        }
        for scalar in stride(from: UInt32(0x10000), through: 0x10FFFF, by: 97) where table.script(of: scalar) != Self.icuScript(scalar) {
            mismatches.append(String(scalar, radix: 16))
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(table.script(of: 0x41) == .latin && table.script(of: 0x20) == .common)
        #expect(table.script(of: 0x0627).isoName == "Arab" && table.script(of: 0xAC00).isoName == "Hang")
        #expect(table.script(of: 0x0301) == .inherited)
    }

    /// Threads that meet on unfilled pages (each starts at a different page and wraps around) all
    /// read ICU's scripts; under ThreadSanitizer (scripts/tsan-check.sh) the publication is clean.
    @Test func threadsFillingTheSamePagesAtOnceReadTheSameScripts() async {
        let table = ScriptTable()
        let threads = 4
        let wrong = await withTaskGroup(of: Int.self) { group in
            for t in 0..<threads {
                group.addTask {
                    var wrong = 0
                    for i in 0..<0x10000 {
                        let scalar = UInt32((i + t * 0x4000) & 0xFFFF)
                        if table.script(of: scalar) != Self.icuScript(scalar) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    /// Itemizing reads the same table: a paragraph in three scripts gives three runs.
    @Test func itemizingUsesTheTable() {
        let text = Array("Hello, мир! שלום".utf16)
        let runs = text.withUnsafeBufferPointer { ScriptItemizer.runs(in: $0) }
        #expect(runs.map(\.script.isoName) == ["Latn", "Cyrl", "Hebr"])
        #expect(runs.map(\.range.lowerBound) == [0, 7, 12])
    }
}
