import Foundation
import Testing
@testable import TextKitTypesetting

/// Line-break opportunities in code (CodeBreaks.swift): ICU's outside, code's inside.
@Suite("Code breaks after its tokens")
struct CodeBreaksTests {
    /// The offsets where a line may end in `text` whose code is `code` (a substring found once).
    static func breaks(_ text: String, code: String) -> [Int] {
        let units = Array(text.utf16)
        let start = units.firstRange(of: Array(code.utf16))!.lowerBound
        let icu = BreakIteratorPoolTests.lineBreaks(text)
        return units.withUnsafeBufferPointer { CodeBreaks.tailor(icu, text: $0, code: [start..<(start + code.utf16.count)]) }
    }

    /// The pieces `text` breaks into.
    static func pieces(_ text: String, code: String) -> [String] {
        let units = Array(text.utf16)
        var start = 0
        return breaks(text, code: code).map { end in
            defer { start = end }
            return String(decoding: units[start..<end], as: UTF16.self)
        }
    }

    @Test("A path breaks after its slashes and dots, an option after its inner hyphens, a name after ::")
    func tokens() {
        #expect(Self.pieces("see Sources/Text-Kit_x/Layout.swift now", code: "Sources/Text-Kit_x/Layout.swift")
                == ["see ", "Sources/", "Text-", "Kit_", "x/", "Layout.", "swift ", "now"])
        #expect(Self.pieces("run --manifest-path a::b::c", code: "--manifest-path a::b::c")
                == ["run ", "--manifest-", "path ", "a::", "b::", "c"])
    }

    @Test("Leading and doubled tokens stay whole: .build, --opt, ::x, a..b; a single colon is no token")
    func wholeTokens() {
        // (ICU joins a space to the "." or ":" after it: no break before ".build" or "::x".)
        #expect(Self.pieces("x .build --opt ::x a..b http://y", code: ".build --opt ::x a..b http://y")
                == ["x .build ", "--opt ::x ", "a..b ", "http://y"])
        #expect(Self.pieces("Open Sources/TextKitTypesetting/Lines/LineLoop.swift now.", code: "Sources/TextKitTypesetting/Lines/LineLoop.swift")
                == ["Open ", "Sources/", "TextKitTypesetting/", "Lines/", "LineLoop.", "swift ", "now."])
    }

    @Test("Outside the code ICU's opportunities stay; inside, only white space and tokens break")
    func onlyInsideCode() {
        // ICU breaks after the hyphen of "well-known" in prose and inside "e-mail(x)" would too.
        let text = "a well-known f(e-mail,x) call"
        let icu = BreakIteratorPoolTests.lineBreaks(text)
        let tailored = Self.breaks(text, code: "f(e-mail,x)")
        #expect(icu.contains(7))   // after "a well-"
        #expect(tailored.contains(7))
        // Inside the code: after "e-" (a token between letters) and nothing ICU alone would add.
        #expect(tailored.filter { $0 > 13 && $0 < 24 } == [17])
        #expect(tailored.last == text.utf16.count)
    }
}
