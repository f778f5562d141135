import COTKICU
import Synchronization
import TextKitModel

/// An ISO 15924 script as ICU numbers it (UScriptCode), with HarfBuzz's tag at hand.
package struct Script: Hashable, Sendable, CustomStringConvertible {
    package let code: Int16
    package static let common = Script(code: 0)     // USCRIPT_COMMON: punctuation, digits, spaces
    package static let inherited = Script(code: 1)  // USCRIPT_INHERITED: combining marks
    package static let latin = Script(code: 25)     // USCRIPT_LATIN
    package static let unknown = Script(code: 103)  // USCRIPT_UNKNOWN

    /// The four-letter ISO 15924 name ("Latn", "Arab", "Zyyy").
    package var isoName: String { cotk_script_short_name(Int32(code)).map { String(cString: $0) } ?? "Zzzz" }
    package var description: String { isoName }

    /// Common and Inherited take the script of the text around them.
    package var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// The script of a code point. BMP results are memoised a page of 256 code points at a time,
    /// so itemizing a long paragraph costs a load per unit rather than an ICU call.
    package static func of(_ scalar: UInt32) -> Script { ScriptTable.shared.script(of: scalar) }
}

/// The script of every BMP code point, asked of ICU a page of 256 code points at a time, the first
/// time a code point of the page is looked up, and kept for the process.
///
/// Filling the whole plane at once cost 65,536 ICU lookups (5.4 M instructions, about 1.5 ms, and
/// 128 KB of fresh pages) in the first paragraph with a character outside ASCII: a third of a
/// fresh process's first screen. Text touches a few pages: a page costs 256 lookups.
///
/// Thread-safe without a lock (parallel layout workers itemize at once): a page is published by an
/// atomic compare-and-exchange of its address (releasing) and read after an acquiring load; two
/// threads filling the same page at once both compute it, one publishes, the other frees its copy.
/// The shared table's pages live as long as the process.
final class ScriptTable: @unchecked Sendable {
    static let shared = ScriptTable()
    private static let pageCount = 256

    /// Each page's address (an `UnsafeMutablePointer<Int16>` of 256 script codes), 0 until filled.
    private let pages: UnsafeMutablePointer<Atomic<Int>>

    /// An empty table: `shared` is the process's (tests make their own).
    init() {
        pages = .allocate(capacity: Self.pageCount)
        for page in 0..<Self.pageCount { (pages + page).initialize(to: Atomic(0)) }
    }

    deinit {
        for page in 0..<Self.pageCount {
            UnsafeMutablePointer<Int16>(bitPattern: pages[page].load(ordering: .acquiring))?.deallocate()
        }
        pages.deinitialize(count: Self.pageCount)
        pages.deallocate()
    }

    /// The script of `scalar`: ASCII without a lookup, the BMP from its page, the rest from ICU.
    func script(of scalar: UInt32) -> Script {
        if scalar < 0x80 {
            let isLetter = (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A
            return isLetter ? .latin : .common
        }
        guard scalar < 0x10000 else { return Script(code: Int16(cotk_script(scalar))) }
        let page = Int(scalar >> 8)
        var address = pages[page].load(ordering: .acquiring)
        if address == 0 { address = fill(page) }
        return Script(code: UnsafePointer<Int16>(bitPattern: address).unsafelyUnwrapped[Int(scalar & 0xFF)])
    }

    /// Asks ICU for the scripts of `page` and publishes them, or takes the copy another thread
    /// published first.
    private func fill(_ page: Int) -> Int {
        let codes = UnsafeMutablePointer<Int16>.allocate(capacity: 256)
        for offset in 0..<256 {
            let scalar = UInt32(page << 8 + offset)
            codes[offset] = (0xD800...0xDFFF).contains(scalar) ? Script.unknown.code : Int16(cotk_script(scalar))
        }
        let address = Int(bitPattern: codes)
        let (published, winner) = pages[page].compareExchange(expected: 0, desired: address,
                                                              successOrdering: .releasing, failureOrdering: .acquiring)
        if published { return address }
        codes.deallocate()
        return winner
    }
}

/// Splits UTF-16 text into runs of one script (UAX #24 with the usual resolution: Common and
/// Inherited characters join the run before them, or the run after them at the start; a closing
/// bracket joins the script of its opening bracket).
package enum ScriptItemizer {
    package struct Run: Equatable, Sendable {
        package var range: Range<Int>
        package var script: Script
    }

    package static func runs(in text: UnsafeBufferPointer<UInt16>) -> [Run] {
        let scripts = ScriptTable.shared  // once: a static's access is a `swift_once` call
        var runs: [Run] = []
        var runStart = 0
        var current = Script.common
        var bracketStack: [(closing: UInt32, script: Script)] = []
        var i = 0
        while i < text.count {
            if current == .latin {
                // Fast path: in Latin text, ASCII letters are Latin and the rest of ASCII is Common;
                // only brackets need the general path.
                i = endOfASCIIWithoutBrackets(in: text, from: i)
                if i == text.count { break }
            }
            let start = i
            var scalar = UInt32(text[i])
            i += 1
            if UTF16.isLeadSurrogate(text[start]), i < text.count, UTF16.isTrailSurrogate(text[i]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[i]) - 0xDC00)
                i += 1
            }
            var script = scripts.script(of: scalar)
            if let closing = Self.closingBracket(for: scalar) {
                if bracketStack.count < 64 { bracketStack.append((closing, current)) }
            } else if let index = bracketStack.lastIndex(where: { $0.closing == scalar }) {
                // A closing bracket takes its opening bracket's script.
                if !bracketStack[index].script.isNeutral { script = bracketStack[index].script }
                bracketStack.removeSubrange(index...)
            }
            if script.isNeutral || script == current { continue }
            if current.isNeutral {
                // Leading neutrals, and brackets opened among them, join the first real script.
                current = script
                for k in bracketStack.indices where bracketStack[k].script.isNeutral { bracketStack[k].script = script }
                continue
            }
            runs.append(Run(range: runStart..<start, script: current))
            runStart = start
            current = script
        }
        if runStart < text.count || runs.isEmpty {
            runs.append(Run(range: runStart..<text.count, script: current))
        }
        return runs
    }

    private static func closingBracket(for scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x28: return 0x29
        case 0x5B: return 0x5D
        case 0x7B: return 0x7D
        case 0xAB: return 0xBB
        case 0x2018: return 0x2019
        case 0x201C: return 0x201D
        case 0x300C: return 0x300D
        case 0x300E: return 0x300F
        case 0xFF08: return 0xFF09
        default: return nil
        }
    }
}
