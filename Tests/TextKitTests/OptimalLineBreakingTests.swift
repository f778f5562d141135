import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// `NSParagraphStyle.LineBreakStrategy.optimal` through the layout manager: total-fit paragraphs
/// in containers, with exclusion paths, and after edits.
@Suite("Total-fit breaking in the layout manager")
struct OptimalLineBreakingTests {
    static func optimalStyle(_ alignment: NSTextAlignment = .justified) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        style.lineBreakStrategy = [.optimal]
        style.hyphenationFactor = 1
        return style
    }

    static func stack(_ text: String, width: CGFloat = 240, height: CGFloat = .greatestFiniteMagnitude) -> LayoutStack {
        LayoutStack(text, attributes: [.font: LayoutStack.serif(), .paragraphStyle: optimalStyle()],
                    containerSizes: [CGSize(width: width, height: height)])
    }

    /// Each line's text joined gives the whole text back, in order.
    static func coversTheText(_ stack: LayoutStack) -> Bool {
        stack.lineStrings().joined() == stack.storage.string
    }

    @Test("A line that stays too loose after every break is set ragged; greedy justification stretches it")
    func tooLooseLinesAreSetRagged() throws {
        let text = "See https://example.com/a/long/path/to/the/resource/that/cannot/break for details; the words around it wrap."
        func layout(_ style: NSParagraphStyle) -> (stack: LayoutStack, ratios: [CGFloat?], full: [Bool]) {
            let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                    containerSizes: [CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude)])
            var ratios: [CGFloat?] = [], full: [Bool] = []
            stack.layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: stack.layoutManager.numberOfGlyphs)) { _, used, _, glyphs, _ in
                ratios.append(stack.layoutManager.adjustmentRatio(ofLineFragmentAt: glyphs.location))
                full.append(used.maxX > 200 - 0.5)
            }
            return (stack, ratios, full)
        }
        let greedyStyle = NSMutableParagraphStyle()
        greedyStyle.alignment = .justified
        let greedy = layout(greedyStyle)
        let optimal = layout(Self.optimalStyle())
        // Greedy justification (TextKit's) stretches the URL's line far past the limit.
        let limit = CGFloat(LinePlacer.raggedRatioLimit)
        #expect(greedy.ratios.contains { ($0 ?? 0) > limit })
        // Total fit keeps every justified line within it, and leaves the rest ragged (short of the edge).
        #expect(optimal.ratios.compactMap { $0 }.allSatisfy { $0 <= limit + 0.001 })
        let ragged = zip(optimal.ratios, optimal.full).dropLast().filter { $0.0 == nil && !$0.1 }
        #expect(!ragged.isEmpty)
        #expect(Self.coversTheText(optimal.stack))
    }

    @Test func anEditReBreaksOnlyTheEditedParagraph() throws {
        let stack = Self.stack(loremParagraphs + "\n" + loremParagraphs)
        let recorder = TotalFitRecorder()
        TotalFitPlan.$recorder.withValue(recorder) { stack.layoutManager.ensureLayout(for: stack.containers[0]) }
        #expect(recorder.plans.count == 6)
        let third = (stack.storage.string as NSString).range(of: "A paragraph style")
        let edits = TotalFitRecorder()
        TotalFitPlan.$recorder.withValue(edits) {
            stack.storage.replaceCharacters(in: NSRange(location: third.location + 2, length: 0), with: "new ")
            stack.layoutManager.ensureLayout(for: stack.containers[0])
        }
        #expect(edits.plans.map(\.start) == [third.location])
        #expect(Self.coversTheText(stack))
    }

    @Test func aParagraphGoingOnInTheNextContainerKeepsItsBreaks() {
        // Columns of one width: the plan made at a paragraph's first line holds across the
        // column break, so the lines are those of one tall column.
        let tall = Self.stack(loremParagraphs + "\n" + loremParagraphs, width: 200)
        let columns = LayoutStack(loremParagraphs + "\n" + loremParagraphs,
                                  attributes: [.font: LayoutStack.serif(), .paragraphStyle: Self.optimalStyle()],
                                  containerSizes: Array(repeating: CGSize(width: 200, height: 90), count: 12))
        #expect(Set(columns.fragments().map(\.container)).count > 3)
        #expect(columns.lineStrings() == tall.lineStrings())
    }

    @Test func justifiedLinesFillTheirFragmentsBesideAnExclusion() throws {
        let stack = Self.stack(loremParagraphs, width: 300, height: 2000)
        stack.containers[0].lineFragmentPadding = 0
        stack.containers[0].exclusionPaths = [UIBezierPath(rect: CGRect(x: 200, y: 0, width: 100, height: 70))]
        let recorder = TotalFitRecorder()
        TotalFitPlan.$recorder.withValue(recorder) { stack.layoutManager.ensureLayout(for: stack.containers[0]) }
        #expect(recorder.plans.count == 3)
        #expect(Self.coversTheText(stack))
        let fragments = stack.fragments()
        for fragment in fragments {
            #expect(fragment.used.maxX <= fragment.rect.maxX + 0.01)
            if fragment.rect.minY < 70 { #expect(fragment.rect.maxX <= 200.01) }
        }
        #expect(fragments.contains { $0.rect.minY < 70 } && fragments.contains { $0.rect.maxX > 250 })
    }

    @Test func optimalBreakingBeatsGreedyThroughThePublicRatio() {
        func meanSquare(_ stack: LayoutStack) -> Double {
            let lm = stack.layoutManager
            var ratios: [Double] = []
            lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { _, _, _, range, _ in
                if let r = lm.adjustmentRatio(ofLineFragmentAt: range.location) { ratios.append(Double(r)) }
            }
            return ratios.reduce(0) { $0 + $1 * $1 } / Double(max(1, ratios.count))
        }
        let optimal = Self.stack(loremParagraphs, width: 200)
        let greedyStyle = NSMutableParagraphStyle()
        greedyStyle.alignment = .justified
        greedyStyle.hyphenationFactor = 1
        let greedy = LayoutStack(loremParagraphs, attributes: [.font: LayoutStack.serif(), .paragraphStyle: greedyStyle],
                                 containerSizes: [CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude)])
        #expect(meanSquare(optimal) < meanSquare(greedy))
    }

    @Test func hostileContainersLayOutTheTextOrLeaveItUnlaid() {
        for width: CGFloat in [0, 1, 11] {
            let stack = Self.stack(loremParagraphs, width: width, height: 5000)
            stack.layoutManager.ensureLayout(for: stack.containers[0])
            let laid = stack.lineStrings().joined()
            #expect(stack.storage.string.hasPrefix(laid))
        }
    }
}
