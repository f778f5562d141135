import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// TextKit 2's segments, rendering attributes, fragment subclasses, drawing and the viewport.
@Suite("TextKit 2: segments, rendering attributes, drawing and the viewport")
struct TextKit2DrawingTests {
    static let prose = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 6)

    @Test("An empty range gives a zero-width caret segment where TextKit 1 puts the caret")
    func caretSegment() throws {
        let stack = TextKit2Stack(Self.prose, width: 200)
        for offset in [0, 7, 50, stack.textStorage.length] {
            var frames: [CGRect] = []
            stack.layoutManager.enumerateTextSegments(in: stack.range(NSRange(location: offset, length: 0)), type: .selection) { range, frame, _, container in
                #expect(range != nil && container === stack.container)
                frames.append(frame)
                return true
            }
            let caret = try #require(stack.layoutManager.engine.caretGeometry(forCharacterAt: offset))
            #expect(frames.count == 1)
            #expect(frames.first?.width == 0)
            #expect(abs((frames.first?.minX ?? -1) - caret.primaryX) < 0.001)
        }
        // An empty document: the caret stands after the line fragment padding.
        let empty = TextKit2Stack("", width: 200)
        var x: CGFloat = -1
        empty.layoutManager.enumerateTextSegments(in: empty.range(NSRange(location: 0, length: 0)), type: .standard) { _, frame, _, _ in
            x = frame.minX
            return true
        }
        #expect(x == 5)
    }

    @Test("A range over three lines: one segment a line; .selection fills to the edge where the range goes on")
    func wrappedSegments() throws {
        let stack = TextKit2Stack(Self.prose, width: 200)
        let range = stack.range(NSRange(location: 10, length: 120))
        var selection: [(NSRange?, CGRect)] = []
        stack.layoutManager.enumerateTextSegments(in: range, type: .selection) { range, frame, _, _ in
            selection.append((range.map(stack.characters), frame))
            return true
        }
        var standard: [CGRect] = []
        var baselines: [CGFloat] = []
        stack.layoutManager.enumerateTextSegments(in: range, type: .standard, options: .rangeNotRequired) { range, frame, baseline, _ in
            #expect(range == nil)
            standard.append(frame)
            baselines.append(baseline)
            return true
        }
        #expect(selection.count >= 3 && selection.count == standard.count)
        // The pieces cover the range exactly, line after line.
        #expect(selection.first?.0?.location == 10)
        #expect(selection.last.map { NSMaxRange($0.0!) } == 130)
        for (a, b) in zip(selection, selection.dropFirst()) { #expect(NSMaxRange(a.0!) == b.0!.location) }
        // The first line's selection reaches the fragment's right edge; its standard segment stops at the text.
        #expect(abs(selection[0].1.maxX - 200) < 0.001)
        #expect(standard[0].maxX < 200 - 5)
        for (frame, baseline) in zip(standard, baselines) { #expect(baseline > frame.minY && baseline < frame.maxY) }
        // Middle lines can be left out, and the tail extended to the line's end.
        var count = 0
        var tail = CGRect.null
        stack.layoutManager.enumerateTextSegments(in: range, type: .standard, options: [.middleFragmentsExcluded, .tailSegmentExtended]) { _, frame, _, _ in
            count += 1
            tail = frame
            return true
        }
        #expect(count == 2)
        #expect(abs(tail.maxX - 200) < 0.001)
    }

    @Test("Rendering attributes draw without touching the storage, and are enumerated and removed")
    func renderingAttributes() throws {
        let stack = TextKit2Stack("Plain words here", attributes: [.font: LayoutStack.serif(20)], width: 300)
        let words = stack.range(NSRange(location: 6, length: 5))
        stack.layoutManager.addRenderingAttribute(.foregroundColor, value: UIColor.red, for: words)
        #expect(stack.textStorage.attribute(.foregroundColor, at: 7, effectiveRange: nil) == nil)
        var runs: [NSRange] = []
        stack.layoutManager.enumerateRenderingAttributes(from: stack.contentStorage.documentRange.location, reverse: false) { manager, attributes, range in
            #expect(manager === stack.layoutManager && attributes[.foregroundColor] != nil)
            runs.append(stack.characters(range))
            return true
        }
        #expect(runs == [NSRange(location: 6, length: 5)])
        let fragment = try #require(stack.fragments().first)
        let context = CGContext(recordingSize: CGSize(width: 400, height: 100))
        fragment.draw(at: CGPoint(x: 20, y: 30), in: context)
        let colours = context.recording!.glyphRuns.map { $0.color }
        #expect(colours.contains { $0 == UIColor.red })
        #expect(colours.contains { $0 != UIColor.red })
        // Glyphs land where the fragment was drawn: the frame origin at (20, 30).
        let first = try #require(context.recording!.glyphRuns.first)
        let line = fragment.textLineFragments[0]
        #expect(abs(first.positions[0].x - (20 + line.typographicBounds.minX + line.glyphOrigin.x)) < 0.01)
        stack.layoutManager.removeRenderingAttribute(.foregroundColor, for: words)
        runs = []
        stack.layoutManager.enumerateRenderingAttributes(from: stack.contentStorage.documentRange.location, reverse: false) { _, _, range in
            runs.append(stack.characters(range))
            return true
        }
        #expect(runs.isEmpty)
    }

    @Test("A fragment draws only the lines its context's clip meets")
    func clippedDrawing() throws {
        let stack = TextKit2Stack(Self.prose, width: 200)
        let fragment = try #require(stack.fragments().first)
        let lines = fragment.textLineFragments
        #expect(lines.count >= 4)
        func glyphCount(clip: CGRect?) -> Int {
            let context = CGContext(recordingSize: CGSize(width: 300, height: 400))
            if let clip { context.clip(to: clip) }
            fragment.draw(at: .zero, in: context)
            return context.recording!.glyphRuns.reduce(0) { $0 + $1.glyphs.count }
        }
        let all = glyphCount(clip: nil)
        let third = lines[2].typographicBounds
        let one = glyphCount(clip: CGRect(x: 0, y: third.midY - 1, width: 300, height: 2))
        #expect(one > 0 && one < all / 2)
        #expect(glyphCount(clip: CGRect(x: 0, y: 1000, width: 300, height: 10)) == 0)
    }

    /// A fragment that draws a rounded box behind its text and says so.
    final class BoxFragment: NSTextLayoutFragment {
        nonisolated(unsafe) static var drawn = 0
        override var renderingSurfaceBounds: CGRect { super.renderingSurfaceBounds.insetBy(dx: -4, dy: -4) }
        override func draw(at point: CGPoint, in context: CGContext) {
            Self.drawn += 1
            context.setFillColor(UIColor.yellow.cgColor)
            context.fill(renderingSurfaceBounds.offsetBy(dx: point.x, dy: point.y))
            super.draw(at: point, in: context)
        }
    }

    final class BoxDelegate: NSTextLayoutManagerDelegate {
        func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation,
                               in textElement: NSTextElement) -> NSTextLayoutFragment {
            BoxFragment(textElement: textElement, range: textElement.elementRange)
        }
    }

    /// A viewport delegate that draws every fragment it is given into one context, as a view does.
    final class Viewport: NSTextViewportLayoutControllerDelegate {
        var bounds: CGRect
        var calls: [String] = []
        var fragments: [NSTextLayoutFragment] = []
        let context: CGContext?
        init(bounds: CGRect, context: CGContext? = nil) {
            self.bounds = bounds
            self.context = context
        }
        func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect { bounds }
        func textViewportLayoutControllerWillLayout(_ controller: NSTextViewportLayoutController) {
            calls.append("will")
            fragments = []
        }
        func textViewportLayoutController(_ controller: NSTextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment) {
            calls.append("configure")
            fragments.append(textLayoutFragment)
            if let context {
                let frame = textLayoutFragment.layoutFragmentFrame
                textLayoutFragment.draw(at: CGPoint(x: frame.minX, y: frame.minY - bounds.minY), in: context)
            }
        }
        func textViewportLayoutControllerDidLayout(_ controller: NSTextViewportLayoutController) { calls.append("did") }
    }

    @Test("The delegate's fragment subclass lays out and draws the paragraphs")
    func fragmentSubclass() throws {
        let stack = TextKit2Stack("First message.\nSecond, longer message that wraps onto a second line.\nThird.", width: 220)
        let delegate = BoxDelegate()
        stack.layoutManager.delegate = delegate
        let fragments = stack.fragments()
        #expect(fragments.count == 3 && fragments.allSatisfy { $0 is BoxFragment })
        BoxFragment.drawn = 0
        let context = CGContext(recordingSize: CGSize(width: 300, height: 200))
        for fragment in fragments { fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context) }
        #expect(BoxFragment.drawn == 3)
        #expect(context.recording!.fills.filter { $0.color == UIColor.yellow }.count == 3)
        #expect(context.recording!.glyphRuns.count >= 4)
    }

    @Test("The viewport lays out and shows only the fragments it meets, in Apple's call order")
    func viewport() throws {
        let paragraphs = (0..<2_000).map { "Paragraph \($0): " + String(repeating: "words in a line ", count: 3) }.joined(separator: "\n")
        let stack = TextKit2Stack(paragraphs, width: 300)
        let controller = stack.layoutManager.textViewportLayoutController
        let viewport = Viewport(bounds: CGRect(x: 0, y: 0, width: 300, height: 400))
        controller.delegate = viewport
        controller.layoutViewport()
        #expect(viewport.calls.first == "will" && viewport.calls.last == "did")
        #expect(viewport.calls.dropFirst().dropLast().allSatisfy { $0 == "configure" })
        let shown = viewport.fragments.count
        #expect(shown > 5 && shown < 40)
        #expect(controller.lastLayoutFragmentCount == shown)
        // Only the viewport's paragraphs are laid out (and a few more where estimates were short).
        #expect(stack.layoutManager.engine.laidOutParagraphCount <= shown + 4)
        let range = try #require(controller.viewportRange)
        #expect(stack.offset(range.location) == 0)
        #expect(range.endLocation.isEqual(viewport.fragments.last!.rangeInElement.endLocation))
        // Relocating to a paragraph halfway: its fragment's top, and a viewport there shows about as many.
        let middle = (stack.textStorage.string as NSString).range(of: "Paragraph 1000:").location
        let top = controller.relocateViewport(to: stack.location(middle))
        viewport.bounds = CGRect(x: 0, y: top, width: 300, height: 400)
        controller.layoutViewport()
        #expect(abs(viewport.fragments.count - shown) <= 2)
        #expect(stack.offset(viewport.fragments[0].rangeInElement.location) == middle)
        for fragment in viewport.fragments {
            #expect(fragment.layoutFragmentFrame.maxY > top && fragment.layoutFragmentFrame.minY < top + 400)
        }
        // Only the two viewports' paragraphs are laid out: the 999 above the middle one have
        // estimated heights (TextKit 2's layout is non-contiguous).
        #expect(stack.layoutManager.engine.laidOutParagraphCount <= viewport.fragments.count + shown + 8)
        #expect(stack.layoutManager.engine.hasNonContiguousLayout)
    }

    @Test("The validator sets rendering attributes once per new fragment, before it is shown")
    func validator() {
        let stack = TextKit2Stack("alpha beta\ngamma delta\nepsilon", width: 300)
        var validated: [Int] = []
        stack.layoutManager.renderingAttributesValidator = { manager, fragment in
            let start = stack.offset(fragment.rangeInElement.location)
            validated.append(start)
            manager.addRenderingAttribute(.foregroundColor, value: UIColor.blue,
                                          for: NSTextRange(location: fragment.rangeInElement.location,
                                                           end: manager.location(fragment.rangeInElement.location, offsetBy: 3))!)
        }
        let viewport = Viewport(bounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        stack.layoutManager.textViewportLayoutController.delegate = viewport
        stack.layoutManager.textViewportLayoutController.layoutViewport()
        stack.layoutManager.textViewportLayoutController.layoutViewport()
        #expect(validated == [0, 11, 23])
        #expect(stack.layoutManager.engine.temporaryAttributes(atCharacterIndex: 12, effectiveRange: nil)[.foregroundColor] != nil)
    }

    @Test("A viewport drawn through fragment subclasses renders: PNG for a look", .enabled(if: TextKit2DrawingTests.writesImages))
    func renderedViewport() throws {
        let text = NSMutableAttributedString()
        let messages = ["Hello! Is TextKit 2 working on Linux?", "It is: layout fragments, line fragments, segments and the viewport, over the same engine as TextKit 1.",
                        "שלום! גם עברית עובדת.", "And a third bubble."]
        for (i, message) in messages.enumerated() {
            let style = NSMutableParagraphStyle()
            style.paragraphSpacing = 10
            style.alignment = i % 2 == 0 ? .left : .right
            text.append(NSAttributedString(string: message + (i < messages.count - 1 ? "\n" : ""),
                                           attributes: [.font: LayoutStack.serif(16), .paragraphStyle: style]))
        }
        let stack = TextKit2Stack(text, width: 320)
        let delegate = BoxDelegate()
        stack.layoutManager.delegate = delegate
        stack.layoutManager.addRenderingAttribute(.foregroundColor, value: UIColor.blue, for: stack.range(NSRange(location: 9, length: 9)))
        let context = try CGContext(imageSize: CGSize(width: 340, height: 260), scale: 2)
        context.setFillColor(UIColor.white.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 340, height: 260))
        let viewport = Viewport(bounds: CGRect(x: 0, y: 0, width: 320, height: 260), context: context)
        stack.layoutManager.textViewportLayoutController.delegate = viewport
        stack.layoutManager.textViewportLayoutController.layoutViewport()
        // The caret after "Linux?" as a segment.
        let end = (stack.textStorage.string as NSString).range(of: "Linux?").upperBound
        stack.layoutManager.enumerateTextSegments(in: stack.range(NSRange(location: end, length: 0)), type: .highlight) { _, frame, _, _ in
            context.setFillColor(UIColor.red.cgColor)
            context.fill(frame.insetBy(dx: -1, dy: 0))
            return false
        }
        try context.writePNG(to: URL(fileURLWithPath: "/tmp/textkit2-viewport.png"))
        #expect(viewport.fragments.count == 4)
    }

    static let writesImages = ProcessInfo.processInfo.environment["OTK_WRITE_IMAGES"] != nil
}
