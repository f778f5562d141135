import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Runs `body` and checks that it took less than `seconds` of wall-clock time (a debug build; the
/// cases here hung or took minutes before their fix).
func expectQuick<T>(_ seconds: Double, _ what: String, _ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    let elapsed = clock.now - start
    #expect(elapsed < .milliseconds(Int(seconds * 1000)), "\(what) took \(elapsed)")
    return result
}

/// Records what `didCompleteLayoutFor` reports.
final class CompletionRecorder: NSLayoutManagerDelegate {
    var reports: [(container: NSTextContainer?, atEnd: Bool)] = []
    func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?,
                       atEnd layoutFinishedFlag: Bool) {
        reports.append((textContainer, layoutFinishedFlag))
    }
}

/// Geometry from users that must never hang layout or break its invariants (issue 12).
@Suite("Hostile geometry")
struct HostileGeometryTests {
    static let text = "Narrow containers hold one cluster a line: e\u{0301}👍🏽 done."

    /// Every character of the text in exactly one line fragment, in order.
    static func expectFragmentsTile(_ stack: LayoutStack, upTo length: Int) {
        var expected = 0
        for fragment in stack.fragments() {
            let characters = stack.layoutManager.characterRange(forGlyphRange: fragment.glyphs, actualGlyphRange: nil)
            #expect(characters.location == expected, "a fragment starts at \(characters.location), expected \(expected)")
            expected = characters.location + characters.length
        }
        #expect(expected == length)
    }

    @Test("A container narrower than its padding, of unbounded height, holds one grapheme cluster a line",
          arguments: [CGFloat.greatestFiniteMagnitude, 1e7])
    func narrowerThanPadding(height: CGFloat) {
        let stack = LayoutStack(Self.text, containerSizes: [CGSize(width: 4, height: height)])
        let recorder = CompletionRecorder()
        stack.layoutManager.delegate = recorder
        let length = stack.storage.length
        let range = expectQuick(5, "layout in a 4 pt container") { stack.layoutManager.glyphRange(for: stack.containers[0]) }
        #expect(range.length == stack.layoutManager.numberOfGlyphs)
        Self.expectFragmentsTile(stack, upTo: length)
        // One grapheme cluster (plus hanging white space) per line.
        for line in stack.lineStrings() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            #expect(trimmed.count <= 1, "line \(line.debugDescription) holds more than one cluster")
        }
        #expect(recorder.reports.last?.container === stack.containers[0] && recorder.reports.last?.atEnd == true)
    }

    @Test("A zero-width container under truncation finishes at once and lays out nothing",
          arguments: [NSLineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping])
    func zeroWidthTruncating(mode: NSLineBreakMode) {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = mode
        for height in [CGFloat.greatestFiniteMagnitude, 1e7, 100] {
            let stack = LayoutStack(Self.text + "\n" + loremParagraphs,
                                    attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                    containerSizes: [CGSize(width: 0, height: height)])
            stack.containers[0].lineBreakMode = mode
            stack.containers[0].maximumNumberOfLines = height == 100 ? 3 : 0
            let recorder = CompletionRecorder()
            stack.layoutManager.delegate = recorder
            let range = expectQuick(5, "layout in a 0 pt container") { stack.layoutManager.glyphRange(for: stack.containers[0]) }
            #expect(range.length == 0)
            let lm = stack.layoutManager
            #expect(lm.textContainer(forGlyphAt: lm.numberOfGlyphs - 1, effectiveRange: nil) == nil)
            #expect(recorder.reports.last.map { $0.container == nil } == true)
        }
    }

    @Test("Indents that push every line outside the container leave the text unlaid, at once")
    func indentsOutsideTheContainer() {
        let style = NSMutableParagraphStyle()
        style.tailIndent = 100
        style.lineBreakMode = .byTruncatingTail
        let wide = NSMutableParagraphStyle()
        wide.firstLineHeadIndent = 500
        wide.headIndent = 500
        for (width, style) in [(CGFloat(0), style), (300, wide)] {
            let stack = LayoutStack(Self.text, attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                    containerSizes: [CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)])
            let recorder = CompletionRecorder()
            stack.layoutManager.delegate = recorder
            let range = expectQuick(5, "layout with indents outside a \(width) pt container") {
                stack.layoutManager.glyphRange(for: stack.containers[0])
            }
            #expect(range.length == 0)
            #expect(recorder.reports.last.map { $0.container == nil } == true)
        }
    }

    @Test("Narrow containers under truncation: each line still holds a cluster, layout finishes",
          arguments: [NSLineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle])
    func narrowTruncating(mode: NSLineBreakMode) {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = mode
        for width in [CGFloat(0.5), 4, 10] {
            let stack = LayoutStack(Self.text + "\n" + loremParagraphs,
                                    attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                    containerSizes: [CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)])
            let range = expectQuick(5, "layout in a \(width) pt container") { stack.layoutManager.glyphRange(for: stack.containers[0]) }
            #expect(range.length == stack.layoutManager.numberOfGlyphs)
            Self.expectFragmentsTile(stack, upTo: stack.storage.length)
        }
    }

    @Test("An exclusion path covering the whole width of an unbounded container does not hang")
    func exclusionCoveringEverything() {
        let stack = LayoutStack(Self.text, containerSizes: [CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)])
        stack.containers[0].exclusionPaths = [UIBezierPath(rect: CGRect(x: -10, y: -10, width: 400, height: 1e15))]
        let range = expectQuick(5, "layout below a tall exclusion") { stack.layoutManager.glyphRange(for: stack.containers[0]) }
        // The text goes below the exclusion, or (past the container's usable height) nowhere.
        #expect(range.length == 0 || stack.fragments().allSatisfy { $0.rect.minY >= 1e15 - 1 })
    }
}
