import Synchronization
import Dispatch
import TextKitGraphics
import Testing
@testable import TextKit
import TextKitFonts
import TextKitModel

@Suite("NSLayoutManager basics")
struct LayoutManagerTests {
    @Test func glyphsMapToCharactersThroughLigaturesAndSurrogates() {
        let stack = LayoutStack("office 😀 x", attributes: [.font: try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf"), size: 14)])
        let lm = stack.layoutManager
        // "ffi" is one glyph in Libertine: characters 1..<4 map to glyph 1.
        #expect(lm.glyphIndexForCharacter(at: 1) == lm.glyphIndexForCharacter(at: 3))
        var actual = NSRange()
        let range = lm.glyphRange(forCharacterRange: NSRange(location: 2, length: 1), actualCharacterRange: &actual)
        #expect(range.length == 1)
        #expect(actual == NSRange(location: 1, length: 3))
        // The emoji is a surrogate pair drawn by one glyph.
        let emoji = (stack.storage.string as NSString).range(of: "😀")
        #expect(lm.glyphRange(forCharacterRange: emoji, actualCharacterRange: nil).length == 1)
        #expect(lm.characterIndexForGlyph(at: lm.numberOfGlyphs) == stack.storage.length)
        #expect(lm.numberOfGlyphs == stack.storage.length - 2 - 1)
    }

    @Test func linesFillTheContainerWidthWithPadding() {
        let stack = LayoutStack(loremParagraphs, containerSizes: [CGSize(width: 250, height: CGFloat.greatestFiniteMagnitude)])
        let fragments = stack.fragments()
        #expect(fragments.count > 10)
        for (i, f) in fragments.enumerated() {
            #expect(f.rect.minX == 0 && f.rect.width == 250)
            #expect(f.used.maxX <= 250 + 0.01)
            #expect(f.used.width > 10)
            if i > 0 { #expect(abs(f.rect.minY - fragments[i - 1].rect.maxY) < 0.01) }
        }
        // Consecutive fragments cover every glyph exactly once.
        var next = 0
        for f in fragments {
            #expect(f.glyphs.location == next)
            next = f.glyphs.location + f.glyphs.length
        }
        #expect(next == stack.layoutManager.numberOfGlyphs)
        // The glyph origin of the first line is at the padding.
        #expect(abs(stack.layoutManager.location(forGlyphAt: 0).x - 5) < 0.01)
    }

    /// One storage, one layout manager, two containers of the same size.
    @Test func textFlowsFromOneContainerIntoTheNext() {
        let size = CGSize(width: 200, height: 120)
        let stack = LayoutStack(loremParagraphs, containerSizes: [size, size])
        let lm = stack.layoutManager
        let first = lm.glyphRange(for: stack.containers[0])
        let second = lm.glyphRange(for: stack.containers[1])
        #expect(first.location == 0 && first.length > 0)
        #expect(second.location == first.location + first.length)
        #expect(second.length > 0)
        #expect(lm.usedRect(for: stack.containers[0]).maxY <= 120 + 0.01)
        #expect(lm.textContainer(forGlyphAt: second.location, effectiveRange: nil) === stack.containers[1])
    }

    /// Paging: add containers until the last one's range reaches the end.
    @Test func pagingAddsContainersUntilTheTextEnds() {
        let storage = NSTextStorage(string: String(repeating: loremParagraphs + "\n", count: 3), attributes: [.font: LayoutStack.serif()])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        func pageCount() -> Int {
            while lm.textContainers.count > 0 { lm.removeTextContainer(at: 0) }
            while true {
                let container = NSTextContainer(size: CGSize(width: 220, height: 160))
                lm.addTextContainer(container)
                let range = lm.glyphRange(for: container)
                if range.location + range.length >= lm.numberOfGlyphs { return lm.textContainers.count }
                precondition(lm.textContainers.count < 500, "runaway paging")
            }
        }
        let pages = pageCount()
        #expect(pages >= 4)
        storage.deleteCharacters(in: NSRange(location: 0, length: storage.length / 2))
        #expect(pageCount() < pages)
    }

    @Test func editsRelayOutOnlyWhatTheyTouch() {
        let stack = LayoutStack(String(repeating: loremParagraphs + "\n", count: 20))
        let lm = stack.layoutManager
        let before = lm.usedRect(for: stack.containers[0])
        let lastGlyph = lm.numberOfGlyphs - 1
        let lastLineBefore = lm.lineFragmentRect(forGlyphAt: lastGlyph, effectiveRange: nil)
        // Insert a long sentence into the middle paragraph: everything below moves down.
        let middle = stack.storage.length / 2
        stack.storage.replaceCharacters(in: NSRange(location: middle, length: 0), with: " And now a sentence long enough to wrap onto at least one more line of this container, surely.")
        let after = lm.usedRect(for: stack.containers[0])
        #expect(after.height > before.height)
        let lastLineAfter = lm.lineFragmentRect(forGlyphAt: lm.numberOfGlyphs - 1, effectiveRange: nil)
        #expect(lastLineAfter.minY > lastLineBefore.minY)
        #expect(abs((lastLineAfter.minY - lastLineBefore.minY) - (after.height - before.height)) < 0.01)
    }

    @Test func twoLayoutManagersFollowOneStorage() {
        let storage = NSTextStorage(string: loremParagraphs, attributes: [.font: LayoutStack.serif()])
        let narrow = NSLayoutManager(), wide = NSLayoutManager()
        storage.addLayoutManager(narrow)
        storage.addLayoutManager(wide)
        narrow.addTextContainer(NSTextContainer(size: CGSize(width: 150, height: 1e6)))
        wide.addTextContainer(NSTextContainer(size: CGSize(width: 400, height: 1e6)))
        let narrowHeight = narrow.usedRect(for: narrow.textContainers[0]).height
        let wideHeight = wide.usedRect(for: wide.textContainers[0]).height
        #expect(narrowHeight > wideHeight)
        storage.append(NSAttributedString(string: " More words at the end.", attributes: [.font: LayoutStack.serif()]))
        #expect(narrow.characterIndexForGlyph(at: narrow.numberOfGlyphs) == storage.length)
        #expect(wide.characterIndexForGlyph(at: wide.numberOfGlyphs) == storage.length)
        #expect(narrow.numberOfGlyphs == wide.numberOfGlyphs)
    }

    @Test func emptyTextHasAnExtraLineFragment() {
        let stack = LayoutStack("")
        #expect(stack.layoutManager.numberOfGlyphs == 0)
        let extra = stack.layoutManager.extraLineFragmentRect
        #expect(extra.height > 10)
        #expect(stack.layoutManager.extraLineFragmentTextContainer === stack.containers[0])
        let withNewline = LayoutStack("abc\n")
        #expect(withNewline.layoutManager.extraLineFragmentRect.minY > 10)
        #expect(LayoutStack("abc").layoutManager.extraLineFragmentRect == .zero)
    }

    /// Line spacing chosen by a delegate, which the layout manager cannot know has changed.
    final class AdjustableSpacing: NSLayoutManagerDelegate {
        var spacing: CGFloat = 0
        var invalidations = 0
        func layoutManager(_ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int,
                           withProposedLineFragmentRect rect: CGRect) -> CGFloat { spacing }
        func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) { invalidations += 1 }
    }

    /// Invalidating a range redoes the layout of its whole paragraphs, and only theirs.
    @Test func invalidatingARangeRedoesItsParagraphs() {
        let stack = LayoutStack("one\ntwo\nthree\nfour")
        let lm = stack.layoutManager
        let delegate = AdjustableSpacing()
        lm.delegate = delegate
        let before = stack.fragments().map(\.rect)
        #expect(before.count == 4)
        delegate.spacing = 10
        // Cached layout does not ask the delegate again.
        #expect(stack.fragments().map(\.rect) == before)

        var actual = NSRange()
        lm.invalidateLayout(forCharacterRange: NSRange(location: 5, length: 1), actualCharacterRange: &actual)
        #expect(actual == NSRange(location: 4, length: 4)) // "two\n"
        #expect(delegate.invalidations == 1)
        let afterLayout = stack.fragments().map(\.rect)
        #expect(afterLayout[0] == before[0])
        #expect(abs(afterLayout[1].height - (before[1].height + 10)) < 0.01)
        #expect(afterLayout[2].height == before[2].height)
        #expect(abs(afterLayout[3].minY - (before[3].minY + 10)) < 0.01)

        lm.invalidateGlyphs(forCharacterRange: NSRange(location: 8, length: 7), changeInLength: 0, actualCharacterRange: &actual)
        #expect(actual == NSRange(location: 8, length: 10)) // "three\nfour"
        #expect(delegate.invalidations == 2)
        let afterGlyphs = stack.fragments().map(\.rect)
        #expect(abs(afterGlyphs[2].height - (before[2].height + 10)) < 0.01)
        #expect(lm.numberOfGlyphs == stack.storage.length)
        withExtendedLifetime(delegate) {}
    }

    /// Without an `actualCharacterRange` pointer the invalidation still happens (an optional-chained
    /// assignment once skipped the call, so a nil pointer invalidated nothing).
    @Test func invalidatingWithoutAnActualRangePointer() {
        let stack = LayoutStack("one\ntwo")
        let lm = stack.layoutManager
        let delegate = AdjustableSpacing()
        lm.delegate = delegate
        let before = stack.fragments().map(\.rect)
        delegate.spacing = 10
        lm.invalidateLayout(forCharacterRange: NSRange(location: 0, length: 1), actualCharacterRange: nil)
        #expect(delegate.invalidations == 1)
        #expect(abs(stack.fragments()[0].rect.height - (before[0].height + 10)) < 0.01)
        lm.invalidateGlyphs(forCharacterRange: NSRange(location: 4, length: 3), changeInLength: 0, actualCharacterRange: nil)
        #expect(delegate.invalidations == 2)
        #expect(lm.flow.store.record(1).analysis == nil)
        withExtendedLifetime(delegate) {}
    }
}

@Suite("Parallel layout")
struct ParallelLayoutTests {
    /// Laying out a long document on several threads gives exactly the lines of one thread.
    @Test func severalThreadsGiveTheSameLinesAsOne() {
        let text = String(repeating: loremParagraphs + "\nשלום עולם and 日本語のテキスト 😀.\n", count: 40)
        func fragments(threads: Int) -> [CGRect] {
            let lm = NSLayoutManager()
            lm.maximumLayoutThreads = threads
            let stack = LayoutStack(text, layoutManager: lm)
            _ = stack.layoutManager.usedRect(for: stack.containers[0])
            return stack.fragments().map(\.rect)
        }
        let one = fragments(threads: 1)
        let four = fragments(threads: 4)
        #expect(one.count > 200)
        #expect(one == four)
    }

    /// Storage subclasses lay out with several threads allowed, and give the lines of the concrete
    /// class: one that only restyles in `processEditing()`, and a backing-store subclass whose
    /// `string` fills a cache on first read. A subclass's primitives may be the app's, not safe to
    /// call from several threads, so their layout stays on the calling thread. Run under
    /// ThreadSanitizer by scripts/tsan-check.sh.
    @Test func subclassedStoragesWithSeveralThreads() {
        let text = String(repeating: loremParagraphs + "\nTODO: שלום עולם and 日本語 😀.\n", count: 30)
        func fragments(_ storage: NSTextStorage, threads: Int) -> [CGRect] {
            let lm = NSLayoutManager()
            lm.maximumLayoutThreads = threads
            storage.addLayoutManager(lm)
            let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
            lm.addTextContainer(container)
            _ = lm.usedRect(for: container)
            var rects: [CGRect] = []
            lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { rect, _, _, _, _ in rects.append(rect) }
            return rects
        }
        let attributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif()]
        let plain = fragments(NSTextStorage(string: text, attributes: attributes), threads: 1)
        let restyling = KeywordColoringStorage(string: text, attributes: attributes)
        let backed = HighlightingStorage()
        backed.append(NSAttributedString(string: text, attributes: attributes))
        #expect(restyling._primitives == .custom && backed._primitives == .custom)
        #expect(plain.count > 150)
        #expect(fragments(restyling, threads: 4) == plain)
        #expect(fragments(backed, threads: 4) == plain)
    }

    /// Separate text stacks on separate threads (each its own storage, layout manager and
    /// context) give the lines they give alone: the process-wide caches (faces, fallback, shaped
    /// words, break iterators) are shared safely. Run under ThreadSanitizer (README).
    @Test func separateStacksOnSeparateThreads() throws {
        let texts = (0..<4).map { String(repeating: loremParagraphs + "\nשלום \($0) 日本語 😀.\n", count: 6) }
        @Sendable func layOut(_ text: String) -> [CGRect] {
            let lm = NSLayoutManager()
            lm.maximumLayoutThreads = 2
            let stack = LayoutStack(text, layoutManager: lm)
            let context = CGContext(recordingSize: CGSize(width: 300, height: 300))
            UIGraphicsPushContext(context)
            lm.drawGlyphs(forGlyphRange: NSRange(location: 0, length: min(200, lm.numberOfGlyphs)), at: .zero)
            UIGraphicsPopContext()
            return stack.fragments().map(\.rect)
        }
        let alone = texts.map(layOut)
        let results = Mutex<[Int: [CGRect]]>([:])
        DispatchQueue.concurrentPerform(iterations: texts.count) { i in
            let rects = layOut(texts[i])
            results.withLock { $0[i] = rects }
        }
        for i in texts.indices { #expect(results.withLock { $0[i] } == alone[i]) }
    }
}

@Suite("Layout completion")
struct LayoutCompletionTests {
    final class Recorder: NSLayoutManagerDelegate {
        var completions: [(container: NSTextContainer?, atEnd: Bool)] = []
        func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool) {
            completions.append((textContainer, layoutFinishedFlag))
        }
    }

    @Test func theDelegateHearsWhereTheTextEnds() {
        let size = CGSize(width: 200, height: 120)
        let stack = LayoutStack(loremParagraphs, containerSizes: [size, size, size])
        let recorder = Recorder()
        stack.layoutManager.delegate = recorder
        _ = stack.layoutManager.glyphRange(for: stack.containers[2])
        let endContainer = stack.layoutManager.textContainer(forGlyphAt: stack.layoutManager.numberOfGlyphs - 1, effectiveRange: nil)
        #expect(recorder.completions.contains { $0.container === stack.containers[0] && !$0.atEnd })
        #expect(recorder.completions.last.map { $0.container === endContainer && $0.atEnd } == true)
        // Too little room: a nil container.
        let tight = LayoutStack(loremParagraphs, containerSizes: [size])
        let tightRecorder = Recorder()
        tight.layoutManager.delegate = tightRecorder
        _ = tight.layoutManager.extraLineFragmentRect
        #expect(tightRecorder.completions.last.map { $0.container == nil && !$0.atEnd } == true)
    }

    /// `enumerateLineFragments` gives, for any glyph range, the fragments that the per-glyph
    /// queries report, in order, across containers, and stops when asked.
    @Test(arguments: [[CGSize(width: 260, height: 1e12)], Array(repeating: CGSize(width: 260, height: 300), count: 4)])
    func enumeratedFragmentsAgreeWithPerGlyphQueries(containerSizes: [CGSize]) {
        let stack = LayoutStack(loremParagraphs + "\n" + loremParagraphs, containerSizes: containerSizes)
        let lm = stack.layoutManager
        let count = lm.numberOfGlyphs
        // The reference: walk the glyphs, one fragment per effective range.
        var reference: [String] = [], lines: [NSRange] = []
        var g = 0
        while g < count {
            var range = NSRange()
            let rect = lm.lineFragmentRect(forGlyphAt: g, effectiveRange: &range)
            guard range.location != NSNotFound, let container = lm.textContainer(forGlyphAt: g, effectiveRange: nil) else { break }
            let index = stack.containers.firstIndex { $0 === container }!
            reference.append("\(range) \(rect) \(lm.lineFragmentUsedRect(forGlyphAt: g, effectiveRange: nil)) \(index)")
            lines.append(range)
            g = NSMaxRange(range)
        }
        #expect(reference.count > 20)
        func enumerated(_ range: NSRange, stopAfter limit: Int = .max) -> [String] {
            var found: [String] = []
            lm.enumerateLineFragments(forGlyphRange: range) { rect, used, container, glyphs, stop in
                let index = stack.containers.firstIndex { $0 === container }!
                found.append("\(glyphs) \(rect) \(used) \(index)")
                if found.count == limit { stop.pointee = true }
            }
            return found
        }
        #expect(enumerated(NSRange(location: 0, length: count)) == reference)
        // From the middle of one line to the middle of another: the lines it touches.
        let from = lines[5].location + 3, to = lines[17].location + 2
        #expect(enumerated(NSRange(location: from, length: to - from)) == Array(reference[5...17]))
        #expect(enumerated(NSRange(location: lines[9].location, length: 1)) == [reference[9]])
        #expect(enumerated(NSRange(location: 0, length: count), stopAfter: 3) == Array(reference.prefix(3)))
    }
}
