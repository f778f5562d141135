import ModelTestSupport
import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// UITextInput's point and caret queries on a line of 20,000 characters, and on a paragraph of
/// 20,000 wrapped into hundreds of lines, go through the layout manager's searches: the same
/// answers as its walks, and a few dozen steps a query.
@Suite("UITextView: hit testing long lines")
@MainActor
struct LongLineTextInputTests {
    /// Letters between alternating RLM and LRM marks (`HostileTexts.alternatingBidiMarks`).
    static func marks(_ length: Int) -> String { HostileTexts.alternatingBidiMarks(length) }

    @Test("closestPosition(to:) and caretRect(for:) answer as the walk and take a few dozen steps",
          arguments: [true, false])
    func pointAndCaretQueries(oneLine: Bool) throws {
        let view = makeTextView(Self.marks(20_000), width: 400, height: 600)
        if oneLine {
            view.textContainer.widthTracksTextView = false
            view.textContainer.size = CGSize(width: 1_000_000, height: 10_000_000)
        }
        let lm = view.layoutManager
        lm.ensureLayout(for: view.textContainer)
        let used = lm.usedRect(for: view.textContainer)
        var lines = 0
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { _, _, _, _, _ in lines += 1 }
        #expect(oneLine ? lines == 1 : lines > 100, "\(lines) lines")
        var random = SeededGenerator(seed: oneLine ? 1 : 2)
        let points = (0..<300).map { _ in
            CGPoint(x: CGFloat.random(in: (used.minX - 20)...(used.maxX + 20), using: &random) + view.textContainerInset.left,
                    y: CGFloat.random(in: used.minY...used.maxY, using: &random) + view.textContainerInset.top)
        }
        let offsets = (0..<300).map { _ in Int.random(in: 0...view.textStorage.length, using: &random) }
        // The first queries on a line make its tables.
        _ = view.closestPosition(to: points[0])
        _ = view.caretRect(for: try #require(view.position(from: view.beginningOfDocument, offset: offsets[0])))
        var most = 0
        for (point, offset) in zip(points, offsets) {
            let before = lm.flow.hitTestSteps
            let position = try #require(view.closestPosition(to: point))
            let caret = view.caretRect(for: try #require(view.position(from: view.beginningOfDocument, offset: offset)))
            most = max(most, lm.flow.hitTestSteps - before)
            lm.flow.hitTestingWalks = true
            let walked = try #require(view.closestPosition(to: point))
            lm.flow.hitTestingWalks = false
            #expect(view.offset(from: position, to: walked) == 0, "at \(point)")
            #expect(caret.width > 0 && caret.height > 0, "caret at \(offset): \(caret)")
        }
        #expect(most <= 200, "a point's and a caret's queries looked at \(most) fragments, boxes or table entries")
    }

    @Test("graphemeRange(containing:) with the kept window answers as without it: long flag runs, long clusters, separators")
    func keptGraphemeWindowAnswersAsAFreshOne() {
        for seed in UInt64(1)...4 {
            var random = SeededGenerator(seed: seed)
            let pieces: [String] = [
                String(repeating: "🇫🇷", count: Int.random(in: 100...400, using: &random)),  // 400–1,600 units of flags
                "🇩🇪🇯🇵x🇺", "a" + String(repeating: "\u{301}", count: Int.random(in: 200...700, using: &random)),
                Array(repeating: "👩", count: Int.random(in: 50...200, using: &random)).joined(separator: "\u{200D}"),
                "\r\n", "\n", "\u{2029}", "\u{2028}", "word ", "\u{1100}\u{1161}\u{11A8}", "क्\u{200D}ष", "\u{AD}",
            ]
            var text = ""
            while text.utf16.count < 40_000 { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            // Now and then one paragraph of 40,000 units: windows of 65,536 and 8,192 then differ.
            if seed % 2 == 0 { text = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
                .replacingOccurrences(of: "\u{2029}", with: " ") }
            let view = makeTextView(text)
            let length = text.utf16.count
            for i in 0..<600 {
                // Random offsets, and runs of neighbours (a pointer moving along a line).
                let offset = i % 3 == 0 ? Int.random(in: 0..<length, using: &random) : min(length - 1, i * 61)
                let fresh = view.graphemeRange(containing: offset)
                let kept = view.graphemeRange(containing: offset, reusingWindow: true)
                #expect(kept == fresh, "seed \(seed): the cluster at \(offset) is \(fresh) from a fresh window, \(kept) from the kept one")
                if kept != fresh { return }
            }
            // An edit drops the kept window.
            view.textStorage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "🇫")
            #expect(view.graphemeRange(containing: 2, reusingWindow: true) == view.graphemeRange(containing: 2))
        }
    }
}
