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

/// Geometry from users that must never hang layout or break its invariants.
@Suite("Hostile geometry")
struct HostileGeometryTests {
    static let text = "Narrow containers hold one cluster a line: e\u{0301}👍🏽 done."

    /// Every character of the text in exactly one line fragment, in order (up to `length`, or as
    /// far as the containers hold the text when `length` is nil).
    static func expectFragmentsTile(_ stack: LayoutStack, upTo length: Int?) {
        var expected = 0
        for fragment in stack.fragments() {
            let characters = stack.layoutManager.characterRange(forGlyphRange: fragment.glyphs, actualGlyphRange: nil)
            #expect(characters.location == expected, "a fragment starts at \(characters.location), expected \(expected)")
            expected = characters.location + characters.length
        }
        if let length { #expect(expected == length) }
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

    /// A container subclass that finds no room in any band and hands the whole band back as
    /// "remaining": the line loop must not walk along that "rest of the row" forever.
    final class NoRoomContainer: NSTextContainer {
        override var isSimpleRectangularTextContainer: Bool { false }
        override func lineFragmentRect(forProposedRect proposedRect: CGRect, at characterIndex: Int,
                                       writingDirection baseWritingDirection: NSWritingDirection,
                                       remaining remainingRect: UnsafeMutablePointer<CGRect>?) -> CGRect {
            remainingRect?.pointee = proposedRect
            return .zero
        }
    }

    @Test("A container subclass that gives the whole band back as the remaining rect does not hang")
    func subclassRemainingIsTheWholeBand() {
        let stack = LayoutStack("Some text that finds no room.", containerSizes: [])
        stack.layoutManager.addTextContainer(NoRoomContainer(size: CGSize(width: 200, height: 400)))
        stack.layoutManager.ensureLayout(for: stack.containers[0])
        #expect(stack.layoutManager.glyphRange(for: stack.containers[0]).length == 0)
    }

    @Test("Chains of ZWJ emoji wider than the container: every character in exactly one line fragment (item 8)",
          arguments: [NSLineBreakMode.byWordWrapping, .byCharWrapping])
    func zwjEmojiChains(mode: NSLineBreakMode) {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let chained = Array(repeating: family, count: 40).joined(separator: "\u{200D}")  // one grapheme cluster
        for text in [String(repeating: family, count: 40), "Family: " + String(repeating: family, count: 40) + " end",
                     String(repeating: family + "\u{1F3FD}", count: 10), chained, "a " + chained + " b " + chained] {
            for width in stride(from: CGFloat(1), through: 400, by: 1) {
                let style = NSMutableParagraphStyle()
                style.lineBreakMode = mode
                style.hyphenationFactor = Int(width) % 3 == 0 ? 0 : 1  // a chain of emoji is no word to hyphenate
                var attributes: [NSAttributedString.Key: Any] = [.paragraphStyle: style]
                if Int(width) % 2 == 0 { attributes[.font] = LayoutStack.serif(Int(width) % 4 == 0 ? 12 : 31) }
                // Unbounded (the stacked flow) or 1,000 points high (the general flow), or two containers.
                let sizes: [CGSize] = switch Int(width) % 5 {
                case 0: [CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)]
                case 1, 2: [CGSize(width: width, height: 1000)]
                default: [CGSize(width: width, height: 60), CGSize(width: width + 7, height: 1000)]
                }
                let stack = LayoutStack(text, attributes: attributes, containerSizes: sizes)
                _ = expectQuick(5, "emoji in \(width) pt") { stack.layoutManager.usedRect(for: stack.containers[0]) }
                Self.expectFragmentsTile(stack, upTo: sizes.count == 1 && sizes[0].height > 1e12 ? stack.storage.length : nil)
                // Glyph ranges of consecutive fragments do not overlap either.
                var nextGlyph = 0
                for fragment in stack.fragments() {
                    #expect(fragment.glyphs.location == nextGlyph, "width \(width): fragment glyphs \(fragment.glyphs), expected to start at \(nextGlyph)")
                    nextGlyph = fragment.glyphs.location + fragment.glyphs.length
                }
            }
        }
    }

    @Test("100,000 exclusion rectangles: each line looks only at the paths near it (item 10)")
    func manyExclusions() {
        let stack = LayoutStack(loremParagraphs + "\n" + loremParagraphs + "\n" + loremParagraphs,
                                containerSizes: [CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)])
        // Small squares down the right margin, ten points apart, and a few in the text's way.
        var paths = (0..<100_000).map { UIBezierPath(rect: CGRect(x: 290, y: CGFloat($0) * 10, width: 4, height: 4)) }
        paths.append(UIBezierPath(rect: CGRect(x: 100, y: 40, width: 50, height: 30)))
        stack.containers[0].exclusionPaths = paths
        let clock = ContinuousClock()
        let start = clock.now
        let glyphs = expectQuick(5, "layout around 100,000 exclusions") { stack.layoutManager.glyphRange(for: stack.containers[0]) }
        print("HostileGeometryTests.manyExclusions: \(stack.fragments().count) fragments in \(clock.now - start)")
        #expect(glyphs.length == stack.layoutManager.numberOfGlyphs)
        for fragment in stack.fragments() {
            #expect(fragment.rect.maxX <= 290.001 || fragment.rect.minX >= 294 - 0.001)
            let clear = fragment.rect.maxX <= 100.001 || fragment.rect.minX >= 149.999
                || fragment.rect.maxY <= 40.001 || fragment.rect.minY >= 69.999
            #expect(clear, "fragment \(fragment.rect) overlaps the exclusion")
        }
        Self.expectFragmentsTile(stack, upTo: stack.storage.length)
    }

    @Test("100,000 tab stops: each tab finds its stop by binary search (item 10)")
    func manyTabStops() {
        let style = NSMutableParagraphStyle()
        style.tabStops = (1...100_000).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 3) }
        let text = (0..<3).map { _ in String(repeating: "a\t", count: 6_000) }.joined(separator: "\n")
        let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                containerSizes: [CGSize(width: 1e6, height: CGFloat.greatestFiniteMagnitude)])
        let clock = ContinuousClock()
        let start = clock.now
        let used = expectQuick(5, "layout with 100,000 tab stops") { stack.layoutManager.usedRect(for: stack.containers[0]) }
        print("HostileGeometryTests.manyTabStops: 3 paragraphs of 6,000 tabs in \(clock.now - start)")
        #expect(used.width > 6_000 * 3)
        // Each tab reaches a stop: the "a" after it starts at a multiple of 3 from the text's start.
        let padding = stack.containers[0].lineFragmentPadding
        for glyph in [2, 4, 1000, 11_998] {
            let x = stack.layoutManager.location(forGlyphAt: glyph).x - padding
            #expect(abs(x / 3 - (x / 3).rounded()) < 0.01, "glyph \(glyph) at \(x)")
        }
    }

    @Test("ZWJ emoji chains with skin tones, in long text laid out on several threads: no overlapping fragments (item 8)")
    func zwjEmojiLongText() {
        let families = ["\u{1F468}\u{1F3FD}\u{200D}\u{1F469}\u{1F3FD}\u{200D}\u{1F467}\u{1F3FD}\u{200D}\u{1F466}\u{1F3FD}",
                        "\u{1F469}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}",
                        "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{1F9D1}\u{200D}\u{1F91D}\u{200D}\u{1F9D1}"]
        let paragraph = (0..<40).map { families[$0 % families.count] }.joined()
        let text = Array(repeating: paragraph, count: 150).joined(separator: "\n")
        for width in [CGFloat(13), 77] {
            let stack = LayoutStack(text, containerSizes: [CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)])
            _ = expectQuick(20, "long emoji text in \(width) pt") { stack.layoutManager.usedRect(for: stack.containers[0]) }
            Self.expectFragmentsTile(stack, upTo: stack.storage.length)
        }
    }
}

