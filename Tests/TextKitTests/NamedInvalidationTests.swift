import Testing
import ModelTestSupport
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Edits throw away what they change and nothing more: characters → glyphs and lines; attributes
/// that change shaping → glyphs and lines; the paragraph style → lines; attributes that change only
/// drawing → display only (Layout/TextFlow+Invalidation.swift).
@Suite("Named invalidation: what an edit makes again")
struct NamedInvalidationTests {
    static let text = "let x = 1 // first\nvar name = \"value\"\nfunc go() { return x }\n"

    /// Paragraphs shaped by the layout manager's own analyzer so far.
    static func shaped(_ stack: LayoutStack) -> Int { stack.layoutManager.flow.analyzer.analysisCount }

    /// The glyphs and line fragments of a layout, to compare with a fresh one.
    static func snapshot(_ lm: NSLayoutManager) -> (glyphs: [CGGlyph], rects: [CGRect], used: [CGRect]) {
        lm.ensureLayout(for: lm.textContainers[0])
        let glyphs = (0..<lm.numberOfGlyphs).map { lm.cgGlyph(at: $0) }
        var rects: [CGRect] = [], used: [CGRect] = []
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { rect, usedRect, _, _, _ in
            rects.append(rect)
            used.append(usedRect)
        }
        return (glyphs, rects, used)
    }

    static func expectMatchesFreshLayout(_ stack: LayoutStack, sourceLocation: SourceLocation = #_sourceLocation) {
        let fresh = LayoutStack("", containerSizes: stack.containers.map(\.size))
        fresh.storage.setAttributedString(stack.storage)
        let a = snapshot(stack.layoutManager), b = snapshot(fresh.layoutManager)
        #expect(a.glyphs == b.glyphs, sourceLocation: sourceLocation)
        #expect(a.rects == b.rects, sourceLocation: sourceLocation)
        #expect(a.used == b.used, sourceLocation: sourceLocation)
    }

    /// The colour the glyph of character `index` is drawn with, as its run's style says.
    static func drawnColor(_ lm: NSLayoutManager, at index: Int) -> UIColor? {
        let found = lm.flow.store.paragraph(containingCharacter: UTF16Offset(index))
        guard let analysis = lm.flow.store.record(found.index).analysis else { return nil }
        let glyphs = analysis.glyphs
        let run = glyphs.runs[glyphs.runIndex(containingGlyph: glyphs.glyph(forCharacterAt: index - found.start.rawValue))]
        return analysis.styles[Int(run.style)].attributes[.foregroundColor] as? UIColor
    }

    @Test func colouringAWholeRunReshapesNothingAndKeepsTheLines() {
        let stack = LayoutStack(Self.text)
        stack.storage.addAttribute(.foregroundColor, value: UIColor.black, range: NSRange(location: 0, length: 3))
        let before = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        var repainted: [CGRect] = []
        stack.layoutManager.displayInvalidationHandler = { _, rect in repainted.append(rect) }
        let version = stack.layoutManager.flow.store.record(0).layoutVersion

        // The highlighter's keyword changes colour: same run boundaries, same font.
        stack.storage.addAttribute(.foregroundColor, value: UIColor.systemBlue, range: NSRange(location: 0, length: 3))
        let after = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped)
        #expect(after.rects == before.rects && after.glyphs == before.glyphs)
        #expect(Self.drawnColor(stack.layoutManager, at: 1) == UIColor.systemBlue)
        #expect(Self.drawnColor(stack.layoutManager, at: 5) == nil)
        #expect(!repainted.isEmpty && repainted.allSatisfy { $0.minY < 20 })  // the first line is repainted
        #expect(stack.layoutManager.flow.store.record(0).layoutVersion == version)  // the lines were kept
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func drawingOnlyAttributesOverSeveralParagraphsReshapeNothing() {
        let stack = LayoutStack(String(repeating: Self.text, count: 20))
        let all = NSRange(location: 0, length: stack.storage.length)
        _ = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        stack.storage.beginEditing()
        stack.storage.addAttributes([.foregroundColor: UIColor.red, .underlineStyle: NSUnderlineStyle.single.rawValue,
                                     .backgroundColor: UIColor.yellow, .strikethroughStyle: 1,
                                     .shadow: NSShadow(), .link: "https://example.org"], range: all)
        stack.storage.endEditing()
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped)
        #expect(Self.drawnColor(stack.layoutManager, at: stack.storage.length - 5) == UIColor.red)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func colouringAWordThatHadNoColourReshapesNothing() {
        let stack = LayoutStack(String(repeating: Self.text, count: 3))
        let before = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        let version = stack.layoutManager.flow.store.record(1).layoutVersion
        // A highlighter colours "name" (new run boundaries before and after it), then "va" of
        // "value" (a boundary inside a word): shaping would cut there, and gives the same glyphs.
        stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 23, length: 4))
        stack.storage.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 31, length: 2))
        let after = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped)
        #expect(after.glyphs == before.glyphs && after.rects == before.rects)
        #expect(stack.layoutManager.flow.store.record(1).layoutVersion == version)  // the lines were kept
        #expect(Self.drawnColor(stack.layoutManager, at: 22) == nil)
        #expect(Self.drawnColor(stack.layoutManager, at: 23) == UIColor.red)
        #expect(Self.drawnColor(stack.layoutManager, at: 26) == UIColor.red)
        #expect(Self.drawnColor(stack.layoutManager, at: 27) == nil)
        #expect(Self.drawnColor(stack.layoutManager, at: 32) == UIColor.blue)
        #expect(Self.drawnColor(stack.layoutManager, at: 33) == nil)
        Self.expectMatchesFreshLayout(stack)

        // Taken off again: the glyphs were shaped with no cut there, so they still stand.
        stack.storage.removeAttribute(.foregroundColor, range: NSRange(location: 0, length: stack.storage.length))
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped)
        #expect(Self.drawnColor(stack.layoutManager, at: 23) == nil)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func aColourBetweenKernedLettersShapesThatParagraphAgain() {
        // DejaVu Serif kerns "AV": HarfBuzz marks the V unsafe to break, so a boundary before it
        // changes the glyphs' advances; only that paragraph is shaped again.
        let stack = LayoutStack("AVATAR\nAVATAR\n")
        let before = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 1, length: 5))
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped + 1)
        let kerned = stack.layoutManager.flow.store.record(1).analysis!.glyphs.advances[0]
        let apart = stack.layoutManager.flow.store.record(0).analysis!.glyphs.advances[0]
        #expect(apart > kerned)  // shaped apart, the A lost its kerning against the V
        #expect(before.glyphs.count == 14)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func aColourInRightToLeftTextKeepsTheGlyphsAndRedoesTheLines() {
        // DejaVu Sans has Hebrew (in a fallback font the boundary would shape again).
        let stack = LayoutStack("שלום עולם יפה\nabc\n", attributes: [.font: DrawingHarness.sans()])
        _ = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        let version = stack.layoutManager.flow.store.record(0).layoutVersion
        stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 5, length: 4))
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped)
        // Its lines list their visual runs, cut where the glyph runs now are.
        #expect(stack.layoutManager.flow.store.record(0).layoutVersion != version)
        #expect(Self.drawnColor(stack.layoutManager, at: 6) == UIColor.red)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func randomColoursOverWordsReshapeNothingAndMatchAFreshLayout() {
        var rng = SeededGenerator(seed: 7)
        let prose = "The quick brown fox jumps over the lazy dog while a wizard's job is to vex chumps quickly in fog. "
        let stack = LayoutStack(String(repeating: prose + "\n", count: 8), containerSizes: [CGSize(width: 220, height: 1e6)])
        _ = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        let colours: [UIColor] = [.red, .blue, .green]
        for step in 0..<80 {
            let location = Int(rng.next() % UInt64(stack.storage.length - 1))
            let range = NSRange(location: location, length: min(Int(rng.next() % 12) + 1, stack.storage.length - location))
            if step % 4 == 3 {
                stack.storage.removeAttribute(.foregroundColor, range: range)
            } else {
                stack.storage.addAttribute(.foregroundColor, value: colours[step % 3], range: range)
            }
            if step % 8 == 0 { _ = Self.snapshot(stack.layoutManager) }
        }
        _ = Self.snapshot(stack.layoutManager)
        // Shaping again would be needed only where a colour starts between kerned letters (none
        // of these 80 cuts falls between two that DejaVu Serif kerns), or where letters shaped
        // apart come together again (these glyphs were all shaped with no colour).
        #expect(Self.shaped(stack) == shaped)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func randomColoursOverMixedScriptsMatchAFreshLayout() {
        // Fallback fonts (Arabic, CJK, emoji), right-to-left runs, a ligature, kerned capitals,
        // combining marks and tabs: every colour either keeps the glyphs, regrouped where shaping
        // apart gives the same ones (debug builds compare each regrouping with a fresh analysis),
        // or shapes the paragraph again; the lines always match a fresh layout.
        var rng = SeededGenerator(seed: 29)
        let lines = ["AVATAR office ﬁne e\u{301}te\tTAB WAVE", "שלום עולם and more words", "مرحبا بالعالم hello",
                     "日本語のテキスト mixed in", "emoji 😀 here 👍🏽 there", "plain words in a row to wrap them over lines"]
        let stack = LayoutStack(lines.joined(separator: "\n") + "\n", containerSizes: [CGSize(width: 180, height: 1e6)])
        _ = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        for step in 0..<120 {
            let length = stack.storage.length
            let location = Int(rng.next() % UInt64(length - 1))
            let range = NSRange(location: location, length: min(Int(rng.next() % 9) + 1, length - location))
            if step % 3 == 2 {
                stack.storage.removeAttribute(.foregroundColor, range: range)
            } else {
                stack.storage.addAttribute(.foregroundColor, value: step % 2 == 0 ? UIColor.red : UIColor.blue, range: range)
            }
            if step % 6 == 0 { _ = Self.snapshot(stack.layoutManager) }
        }
        Self.expectMatchesFreshLayout(stack)
        // Some colours fell inside clusters, ligatures, kerned pairs or fallback runs and shaped
        // their paragraph again, not the others: 36 paragraphs shaped, 67 when every new run
        // boundary shaped its paragraph.
        #expect(Self.shaped(stack) - shaped < 50)
    }

    /// Found by the edit fuzzer: a run boundary after words in a fallback font went away while the
    /// font changed there. The glyphs had been shaped apart at that boundary, the space after the
    /// words in the text's own font; shaped whole, the space takes the words' fallback font.
    @Test func joiningRunsAfterWordsInAFallbackFontShapesThemAgain() {
        let stack = LayoutStack("日本 \t-\n")
        stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 2))
        _ = Self.snapshot(stack.layoutManager)
        Self.expectMatchesFreshLayout(stack)
        // The same colour over the space and the tab: the runs meet after the tab, not after 本.
        stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 4))
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func aFontChangeReshapesAndMovesTheLines() {
        let stack = LayoutStack(Self.text)
        let before = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        stack.storage.addAttribute(.font, value: LayoutStack.serif(20), range: NSRange(location: 0, length: 18))
        let after = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped + 1)
        #expect(after.rects[0].height > before.rects[0].height)
        #expect(after.rects[1].minY > before.rects[1].minY)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func aParagraphStyleChangeKeepsTheGlyphsAndRedoesTheLines() {
        let stack = LayoutStack(Self.text)
        let before = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        centred.paragraphSpacing = 10
        stack.storage.addAttribute(.paragraphStyle, value: centred, range: NSRange(location: 19, length: 19))
        let after = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped)
        #expect(after.glyphs == before.glyphs)
        #expect(after.used[1].minX > before.used[1].minX + 20)  // centred
        #expect(after.rects[2].minY > before.rects[2].minY + 9)  // spaced
        Self.expectMatchesFreshLayout(stack)

        // A change of writing direction re-runs the bidi algorithm: the glyphs are made again.
        let rtl = NSMutableParagraphStyle()
        rtl.baseWritingDirection = .rightToLeft
        stack.storage.addAttribute(.paragraphStyle, value: rtl, range: NSRange(location: 19, length: 19))
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped + 1)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func aRoundOfTypingAndRecolouringReshapesOnlyTheTypedParagraph() {
        let stack = LayoutStack(String(repeating: Self.text, count: 10))
        _ = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        stack.storage.beginEditing()
        stack.storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "y")  // paragraph 0
        // A highlighter that recolours from the edit to the end (a comment opened, say): one
        // colour over whole paragraphs, from paragraph 1 (at 20, after the typed "y") on.
        stack.storage.addAttribute(.foregroundColor, value: UIColor.gray, range: NSRange(location: 20, length: stack.storage.length - 20))
        stack.storage.endEditing()
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped + 1)  // paragraph 0, typed in
        #expect(Self.drawnColor(stack.layoutManager, at: stack.storage.length - 3) == UIColor.gray)
        Self.expectMatchesFreshLayout(stack)
    }

    /// Attribute changes inside the paragraph a round's typing replaced are not looked at again
    /// (its new record is shaped from nothing); one that reaches past it still is.
    @Test func attributeChangesInTheTypedParagraphTakeEffectThroughItsNewRecord() {
        let stack = LayoutStack(String(repeating: Self.text, count: 10))
        _ = Self.snapshot(stack.layoutManager)
        let shaped = Self.shaped(stack)
        let big = UIFont(name: "DejaVu Sans", size: 30)!
        stack.storage.beginEditing()
        stack.storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "y")  // paragraph 0
        // A highlighter inside the typed paragraph: a colour and a font (which changes shaping).
        stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 3))
        stack.storage.addAttribute(.font, value: big, range: NSRange(location: 8, length: 3))
        stack.storage.endEditing()
        let after = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped + 1)  // the typed paragraph only
        #expect(Self.drawnColor(stack.layoutManager, at: 1) == UIColor.red)
        #expect(after.rects[0].height > after.rects[1].height)  // the 30-point font raised the first line
        Self.expectMatchesFreshLayout(stack)
        // The same, reaching into the next paragraph: that one is shaped again too.
        stack.storage.beginEditing()
        stack.storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "z")
        stack.storage.addAttribute(.font, value: big, range: NSRange(location: 15, length: 10))
        stack.storage.endEditing()
        _ = Self.snapshot(stack.layoutManager)
        #expect(Self.shaped(stack) == shaped + 3)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func reSettingAnAttachmentAsksItsBoundsAgain() {
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let stack = LayoutStack("a\u{FFFC}b\n")
        stack.storage.addAttribute(.attachment, value: attachment, range: NSRange(location: 1, length: 1))
        let before = Self.snapshot(stack.layoutManager)
        attachment.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        stack.storage.addAttribute(.attachment, value: attachment, range: NSRange(location: 1, length: 1))
        let after = Self.snapshot(stack.layoutManager)
        #expect(after.rects[0].height > before.rects[0].height + 20)
        Self.expectMatchesFreshLayout(stack)
    }

    @Test func randomAttributeEditsMatchAFreshLayout() {
        var rng = SeededGenerator(seed: 18)
        let stack = LayoutStack(String(repeating: Self.text, count: 6), containerSizes: [CGSize(width: 160, height: 1e6)])
        let values: [(NSAttributedString.Key, Any)] = [
            (.foregroundColor, UIColor.red), (.foregroundColor, UIColor.blue), (.underlineStyle, 1),
            (.backgroundColor, UIColor.yellow), (.kern, 2.0), (.font, LayoutStack.serif(15)),
            (.baselineOffset, 3.0), (.ligature, 0), (.paragraphStyle, NSParagraphStyle.default),
        ]
        for step in 0..<60 {
            let length = stack.storage.length
            let location = Int(rng.next() % UInt64(length))
            let range = NSRange(location: location, length: Int(rng.next() % UInt64(min(40, length - location) + 1)))
            if step % 7 == 6 {
                stack.storage.replaceCharacters(in: range, with: "ab\n")
            } else {
                let (key, value) = values[Int(rng.next() % UInt64(values.count))]
                if rng.next() % 3 == 0 {
                    stack.storage.removeAttribute(key, range: range)
                } else {
                    stack.storage.addAttribute(key, value: value, range: range)
                }
            }
            if step % 5 == 0 { _ = Self.snapshot(stack.layoutManager) }
        }
        Self.expectMatchesFreshLayout(stack)
    }

    /// What a text view keys its content size on (`layoutChangeCount`): every edit, layout and
    /// invalidation moves it; queries of laid-out text do not.
    @Test("The layout's change count moves with edits, layout and invalidation, not with queries")
    func changeCount() {
        let stack = LayoutStack(Self.text)
        let lm = stack.layoutManager, container = stack.containers[0]
        lm.ensureLayout(for: container)
        let laid = lm.layoutChangeCount
        _ = lm.usedRect(for: container)
        _ = lm.characterIndexForGlyph(at: 5)
        _ = lm.lineFragmentRect(forGlyphAt: 5, effectiveRange: nil)
        _ = lm.firstUnlaidCharacterIndex()
        _ = lm.glyphIndex(for: CGPoint(x: 20, y: 20), in: container)
        #expect(lm.layoutChangeCount == laid)
        stack.storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "y")
        let edited = lm.layoutChangeCount
        #expect(edited != laid)
        lm.ensureLayout(for: container)
        let relaid = lm.layoutChangeCount
        #expect(relaid != edited)
        lm.invalidateLayout(forCharacterRange: NSRange(location: 0, length: 3), actualCharacterRange: nil)
        #expect(lm.layoutChangeCount != relaid)
    }
}
