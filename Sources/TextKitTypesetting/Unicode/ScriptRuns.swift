import COTKICU
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

    /// The script of a code point. BMP results are memoised in a table, so itemizing a long
    /// paragraph costs a load per unit rather than an ICU call.
    package static func of(_ scalar: UInt32) -> Script {
        if scalar < 0x80 {
            let isLetter = (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A
            return isLetter ? .latin : .common
        }
        if scalar < 0x10000 { return ScriptTable.shared.script(of: scalar) }
        return Script(code: Int16(cotk_script(scalar)))
    }
}

/// The script of every BMP code point, filled once (65,536 ICU lookups, about 1.5 ms; they asked
/// ICU for each script's name too, unused, which doubled it) on first use and read-only afterwards.
private final class ScriptTable: Sendable {
    static let shared = ScriptTable()
    private let table: [Int16]

    private init() {
        table = (0..<0x10000).map { scalar in
            (0xD800...0xDFFF).contains(scalar) ? Script.unknown.code : Int16(cotk_script(UInt32(scalar)))
        }
    }

    func script(of scalar: UInt32) -> Script { Script(code: table[Int(scalar)]) }
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
        var runs: [Run] = []
        var runStart = 0
        var current = Script.common
        var bracketStack: [(closing: UInt32, script: Script)] = []
        var i = 0
        while i < text.count {
            if current == .latin {
                // Fast path: in Latin text, ASCII letters are Latin and the rest of ASCII is Common;
                // only brackets need the general path.
                while i < text.count, text[i] < 0x80, !Self.isASCIIBracket(text[i]) { i += 1 }
                if i == text.count { break }
            }
            let start = i
            var scalar = UInt32(text[i])
            i += 1
            if UTF16.isLeadSurrogate(text[start]), i < text.count, UTF16.isTrailSurrogate(text[i]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[i]) - 0xDC00)
                i += 1
            }
            var script = Script.of(scalar)
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

    private static func isASCIIBracket(_ unit: UInt16) -> Bool {
        unit == 0x28 || unit == 0x29 || unit == 0x5B || unit == 0x5D || unit == 0x7B || unit == 0x7D
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
