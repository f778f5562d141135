import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The layout manager's memory stays bounded: glyphs beyond its budget are dropped and made again
/// identically when needed, and very long paragraphs are laid out in pieces.
@Suite("Bounded memory: evicted glyphs, long paragraphs in pieces")
struct BoundedMemoryTests {
    static func document(paragraphs: Int) -> String {
        let words = ["layout", "of", "a", "long", "document", "with", "many", "paragraphs", "שלום", "and", "ffi", "e\u{301}"]
        var text = ""
        for p in 0..<paragraphs {
            for w in 0..<(20 + p % 17) { text += words[(p * 7 + w * 3) % words.count] + " " }
            text += "\n"
        }
        return text
    }

    /// Everything a client can ask of the glyphs and lines, in one comparable value.
    static func snapshot(_ lm: NSLayoutManager, _ container: NSTextContainer) -> [String] {
        var lines: [String] = []
        let count = lm.numberOfGlyphs
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: count)) { rect, used, _, range, _ in
            lines.append("\(range) \(rect) \(used)")
        }
        for g in stride(from: 0, to: count, by: 7) {
            lines.append("\(g): \(lm.glyph(at: g)) \(lm.characterIndexForGlyph(at: g)) \(lm.location(forGlyphAt: g)) \(lm.propertyForGlyph(at: g).rawValue)")
        }
        for y in stride(from: 3.0, to: 2000, by: 37) {
            let point = CGPoint(x: 40 + y.truncatingRemainder(dividingBy: 200), y: y)
            lines.append("hit \(point): \(lm.characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: nil))")
        }
        return lines
    }

    static func drawn(_ lm: NSLayoutManager) -> [String] {
        let context = CGContext(recordingSize: CGSize(width: 400, height: 3000))
        DrawingHarness.draw(lm, in: context)
        return context.recording!.operations.compactMap {
            guard case .glyphs(let run) = $0 else { return nil }
            return "\(run.glyphs) \(run.positions)"
        }
    }

    @Test func evictedGlyphsComeBackIdentical() throws {
        let text = Self.document(paragraphs: 120)
        let reference = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 1e7)])
        let lm = NSLayoutManager()
        lm.flow.analysisBudget.limit = 1  // keep only the paragraph made last
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 1e7)], layoutManager: lm)
        lm.ensureLayout(for: stack.containers[0])
        var evicted = 0
        lm.flow.store.forEach { _, record in
            if record.isAnalysisEvicted { evicted += 1 }
            return true
        }
        #expect(evicted >= 100)
        #expect(lm.flow.analysisBudget.bytes < 64 * 1024)
        #expect(Self.snapshot(lm, stack.containers[0]) == Self.snapshot(reference.layoutManager, reference.containers[0]))
        #expect(Self.drawn(lm) == Self.drawn(reference.layoutManager))
        // Edits after eviction: the kept lines and glyph counts of other paragraphs stay right.
        for stack in [stack, reference] {
            stack.storage.replaceCharacters(in: NSRange(location: 500, length: 3), with: "inserted words\nand a new paragraph ")
            stack.storage.deleteCharacters(in: NSRange(location: 3000, length: 40))
        }
        #expect(Self.snapshot(lm, stack.containers[0]) == Self.snapshot(reference.layoutManager, reference.containers[0]))
    }

    @Test func glyphsChangedOutsideGenerationAreNeverEvicted() throws {
        let text = Self.document(paragraphs: 40)
        let lm = NSLayoutManager()
        lm.flow.analysisBudget.limit = 1
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 1e7)], layoutManager: lm)
        lm.setNotShownAttribute(true, forGlyphAt: 3)
        lm.setDrawsOutsideLineFragment(true, forGlyphAt: 5)
        lm.ensureLayout(for: stack.containers[0])
        // Later paragraphs were made after glyph 3's and pushed the budget over many times.
        #expect(lm.flow.store.record(0).analysis != nil)
        #expect(lm.notShownAttribute(forGlyphAt: 3))
        #expect(lm.drawsOutsideLineFragment(forGlyphAt: 5))
        _ = lm.glyph(at: lm.numberOfGlyphs - 1)
        #expect(lm.notShownAttribute(forGlyphAt: 3))
    }

    /// The paragraphs whose glyphs are held.
    static func keptAnalyses(_ lm: NSLayoutManager) -> [Int] {
        var kept: [Int] = []
        lm.flow.store.forEach { p, record in
            if record.analysis != nil { kept.append(p) }
            return true
        }
        return kept
    }

    /// One column of unbounded height (the stacked flow, on one thread or two), or pages (the
    /// general flow, container after container).
    enum Flow: CaseIterable { case stacked, stackedOnTwoThreads, pages }

    @Test("Layout managers of one text share its glyph budget: two keep what one would, and a removed one keeps its whole budget again")
    func layoutManagersOfOneTextShareTheBudget() throws {
        let text = Self.document(paragraphs: 400)
        let limit = 60_000
        let storage = NSTextStorage(string: text, attributes: [.font: LayoutStack.serif()])
        var managers: [NSLayoutManager] = []
        for width in [300.0, 200.0] {
            let lm = NSLayoutManager()
            lm.flow.analysisBudget.limit = limit
            lm.addTextContainer(NSTextContainer(size: CGSize(width: width, height: 1e12)))
            storage.addLayoutManager(lm)
            managers.append(lm)
            lm.ensureLayout(for: lm.textContainers[0])
        }
        // The first kept its whole budget until the second came, then dropped to its share at once.
        #expect(managers[0].flow.analysisBudget.bytes <= limit / 2)
        for lm in managers { #expect(lm.flow.analysisBudget.sharers == 2) }
        #expect(managers.map(\.flow.analysisBudget.bytes).reduce(0, +) <= limit)
        for lm in managers { #expect(lm.flow.analysisBudget.bytes <= limit / 2) }
        // Glyphs the budget dropped come back the same in each.
        for (lm, width) in zip(managers, [300.0, 200.0]) {
            let fresh = LayoutStack(text, containerSizes: [CGSize(width: width, height: 1e12)])
            #expect(Self.snapshot(lm, lm.textContainers[0]) == Self.snapshot(fresh.layoutManager, fresh.containers[0]))
        }
        storage.removeLayoutManager(managers[1])
        #expect(managers[0].flow.analysisBudget.sharers == 1)
        #expect(managers[1].flow.analysisBudget.sharers == 1)
    }

    @Test(arguments: Flow.allCases)
    func aLongPassFreesAtOnceTheGlyphsItWouldDrop(flow: Flow) throws {
        let text = Self.document(paragraphs: 400)
        let sizes = flow == .pages ? Array(repeating: CGSize(width: 300, height: 1500), count: 30) : [CGSize(width: 300, height: 1e12)]
        let limit = 24_000  // the glyphs of about fifteen paragraphs
        let lm = NSLayoutManager()
        lm.maximumLayoutThreads = flow == .stackedOnTwoThreads ? 2 : 1
        lm.flow.analysisBudget.limit = limit
        let stack = LayoutStack(text, containerSizes: sizes, layoutManager: lm)
        // The first paragraph alone, so the budget knows the text's bytes per character; then
        // the rest in one pass.
        let all = NSRange(location: 0, length: stack.storage.length)
        lm.ensureLayout(forCharacterRange: NSRange(location: 0, length: 1))
        lm.ensureLayout(forCharacterRange: all)
        #expect(lm.flow.analysisBudget.unkeptCount > 300)
        #expect(lm.flow.analysisBudget.bytes <= limit)

        // Laid out a paragraph at a time, nothing is freed at once, and the budget drops the
        // oldest as it goes: the same paragraphs keep their glyphs in the end.
        let stepwise = NSLayoutManager()
        stepwise.flow.analysisBudget.limit = limit
        let reference = LayoutStack(text, containerSizes: sizes, layoutManager: stepwise)
        var start = 0
        for line in text.split(separator: "\n") {
            stepwise.ensureLayout(forCharacterRange: NSRange(location: start, length: 1))
            start += line.utf16.count + 1
        }
        stepwise.ensureLayout(forCharacterRange: all)  // the empty paragraph after the last break
        #expect(stepwise.flow.analysisBudget.unkeptCount == 0)
        let kept = Self.keptAnalyses(lm)
        #expect(kept.count >= 5 && kept.last == lm.flow.store.count - 1)
        #expect(kept == Self.keptAnalyses(stepwise))
        // What was freed is made again, the same.
        let fresh = LayoutStack(text, containerSizes: sizes)
        #expect(Self.snapshot(lm, stack.containers[0]) == Self.snapshot(fresh.layoutManager, fresh.containers[0]))
        withExtendedLifetime(reference) {}  // its storage owns `stepwise`
    }

    @Test func anEditedParagraphLaidOutAmongLaidOutOnesKeepsItsGlyphs() throws {
        let text = Self.document(paragraphs: 400)
        let lm = NSLayoutManager()
        lm.flow.analysisBudget.limit = 24_000
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 1e12)], layoutManager: lm)
        let all = { NSRange(location: 0, length: stack.storage.length) }
        lm.ensureLayout(forCharacterRange: NSRange(location: 0, length: 1))
        lm.ensureLayout(forCharacterRange: all())
        let unkept = lm.flow.analysisBudget.unkeptCount
        #expect(unkept > 300)
        // A keystroke in paragraph 100 takes its lines; laying out the whole text again lays out
        // only it, with hundreds of laid-out paragraphs after it: its glyphs are kept.
        let start = lm.flow.store.start(ofParagraph: 100).rawValue
        stack.storage.replaceCharacters(in: NSRange(location: start + 3, length: 0), with: "x")
        #expect(lm.flow.store.record(100).layout == nil)
        lm.ensureLayout(forCharacterRange: all())
        #expect(lm.flow.analysisBudget.unkeptCount == unkept)
        #expect(lm.flow.store.record(100).analysis != nil)
    }

    @Test func glyphsKeptThroughANewColourStayWithinTheBudget() throws {
        let text = Self.document(paragraphs: 120)
        let limit = 24_000  // the glyphs of about fifteen paragraphs
        let lm = NSLayoutManager()
        lm.flow.analysisBudget.limit = limit
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 1e12)], layoutManager: lm)
        let analyses = lm.flow.analyzer.analysisCount  // an analyzer taken over from an earlier layout manager counts on
        // A paragraph at a time: laid out, then its first word coloured. The glyphs stay, their
        // runs cut anew: the budget counts them again, and drops them in their turn.
        var start = 0
        for line in text.split(separator: "\n") {
            lm.ensureLayout(forCharacterRange: NSRange(location: start, length: 1))
            let word = line.prefix { $0 != " " }.utf16.count
            stack.storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: start, length: word))
            start += line.utf16.count + 1
        }
        var held = 0, largest = 0
        lm.flow.store.forEach { _, record in
            if let analysis = record.analysis {
                held += analysis.byteCount
                largest = max(largest, analysis.byteCount)
            }
            return true
        }
        #expect(lm.flow.analysisBudget.bytes <= limit)
        #expect(held <= limit + largest)
        // Most colours kept the glyphs (not those over the ligature "ffi" or the Hebrew word,
        // in a fallback font).
        #expect(lm.flow.analyzer.analysisCount - analyses < 120 + 40)
    }

    // MARK: Line fragments

    /// The fragment count and the capacity of the array holding them, of every laid-out paragraph.
    static func fragmentRoom(_ lm: NSLayoutManager) -> [(count: Int, capacity: Int)] {
        var room: [(count: Int, capacity: Int)] = []
        lm.flow.store.forEach { _, record in
            if let fragments = record.layout?.fragments { room.append((fragments.count, fragments.capacity)) }
            return true
        }
        return room
    }

    @Test("A paragraph's line fragments are kept with little spare room, and none past a line limit")
    func lineFragmentsReservedToSize() throws {
        // Paragraphs of 20 to 36 words in a 300-point column: several lines each.
        let stack = LayoutStack(Self.document(paragraphs: 120))
        stack.layoutManager.ensureLayout(for: stack.containers[0])
        let room = Self.fragmentRoom(stack.layoutManager)
        let lines = room.reduce(0) { $0 + $1.count }, capacity = room.reduce(0) { $0 + $1.capacity }
        #expect(room.count >= 120 && lines >= 3 * 120)
        #expect(room.allSatisfy { $0.capacity >= $0.count })
        // Appended one by one, the arrays doubled: about 1.3 times the room the lines take.
        #expect(Double(capacity) <= 1.12 * Double(lines), "\(capacity) fragments of room for \(lines) lines")

        // A container of two lines, and paragraphs whose style truncates them (a line each): no
        // room reserved for lines that cannot come.
        let truncating = NSMutableParagraphStyle()
        truncating.lineBreakMode = .byTruncatingTail
        for limited in [true, false] {
            let attributes: [NSAttributedString.Key: Any] = limited ? [.font: LayoutStack.serif()]
                : [.font: LayoutStack.serif(), .paragraphStyle: truncating]
            let stack = LayoutStack(Self.document(paragraphs: 8), attributes: attributes)
            let container = try #require(stack.containers.first)
            if limited { container.maximumNumberOfLines = 2 }
            stack.layoutManager.ensureLayout(for: container)
            let room = Self.fragmentRoom(stack.layoutManager)
            #expect(room.count >= (limited ? 1 : 8), "\(room)")
            #expect(room.allSatisfy { $0.count <= (limited ? 2 : 1) && $0.capacity <= 2 }, "\(room)")
        }
    }

    // MARK: Long paragraphs

    static func longParagraph(_ word: String, units: Int) -> String {
        var text = ""
        text.reserveCapacity(units + word.utf16.count)
        var n = 0
        var i = 0
        while n < units {
            let w = "\(word)\(i % 10) "
            text += w
            n += w.utf16.count
            i += 1
        }
        return text
    }

    @Test func aLongParagraphIsLaidOutInPiecesThatEndLines() throws {
        let text = Self.longParagraph("piece", units: 150_000) + "\nnext paragraph"
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 30
        style.paragraphSpacingBefore = 7
        let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(10), .paragraphStyle: style],
                                containerSizes: [CGSize(width: 400, height: 1e8)])
        let lm = stack.layoutManager
        // Three pieces of at most 65,536 units, cut after a space, then the next paragraph.
        let lengths = (0..<lm.flow.store.count).map { lm.flow.store.record($0).length }
        #expect(lengths.count == 4)
        #expect(lengths.prefix(3).allSatisfy { $0 <= TextFlow.maximumPieceLength })
        #expect(lengths.reduce(0, +) == stack.storage.length)
        let units = Array(stack.storage.string.utf16)
        #expect(units[lengths[0] - 1] == 0x20 && units[lengths[0] + lengths[1] - 1] == 0x20)
        // Every character in exactly one fragment, and a fragment ends at each piece's end.
        var next = 0
        var ends: Set<Int> = []
        var fragments: [(rect: CGRect, used: CGRect, characters: NSRange)] = []
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { rect, used, _, range, _ in
            let characters = lm.characterRange(forGlyphRange: range, actualGlyphRange: nil)
            #expect(characters.location == next)
            next = characters.location + characters.length
            ends.insert(next)
            fragments.append((rect, used, characters))
        }
        #expect(next == stack.storage.length)
        #expect(ends.contains(lengths[0]) && ends.contains(lengths[0] + lengths[1]))
        // The first-line indent and the spacing before go to the paragraph's first line only.
        let second = try #require(fragments.firstIndex { $0.characters.location == lengths[0] })
        #expect(fragments[0].used.minX >= 30)
        #expect(fragments[second].used.minX < 1)
        #expect(abs(fragments[second].rect.height - fragments[second - 1].rect.height) < 0.01)
        #expect(abs(fragments[second].rect.minY - fragments[second - 1].rect.maxY) < 0.01)
    }

    @Test func aParagraphMadeLongByAnEditIsLaidOutInPieces() throws {
        // Short paragraphs first (no record is a piece: the layout manager skips asking the text
        // where paragraphs start), then a paste makes the second one long enough to be cut.
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 30
        let attributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif(10), .paragraphStyle: style]
        let stack = LayoutStack("first paragraph\nsecond\nthird", attributes: attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
        let lm = stack.layoutManager
        lm.ensureLayout(for: stack.containers[0])
        stack.storage.replaceCharacters(in: NSRange(location: 22, length: 0), with: Self.longParagraph(" paste", units: 80_000))
        lm.ensureLayout(for: stack.containers[0])
        #expect(lm.flow.store.count == 4)
        let secondPiece = lm.flow.store.start(ofParagraph: 2).rawValue
        let used = lm.lineFragmentUsedRect(forGlyphAt: lm.glyphIndexForCharacter(at: secondPiece), effectiveRange: nil)
        #expect(used.minX < 1, "the second piece continues its paragraph: no first-line indent")
        let fresh = LayoutStack(stack.storage.string, attributes: attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
        #expect(stack.fragments().map(\.rect) == fresh.fragments().map(\.rect))
    }

    @Test func aLongRightToLeftParagraphKeepsItsDirectionInEveryPiece() throws {
        let text = Self.longParagraph("שלום", units: 70_000)
        let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(10)], containerSizes: [CGSize(width: 300, height: 1e8)])
        let lm = stack.layoutManager
        #expect(lm.flow.store.count == 2)
        // The second piece starts with a digit (a weak character): still right to left, so its
        // lines stand against the right edge.
        let start = lm.flow.store.record(0).length
        let glyph = lm.glyphIndexForCharacter(at: start)
        let used = lm.lineFragmentUsedRect(forGlyphAt: glyph, effectiveRange: nil)
        #expect(used.maxX > 290)
        #expect(lm.flow.store.record(1).analysis?.baseLevel == 1)
    }

    @Test func editingALongParagraphMatchesAFreshLayout() throws {
        let text = Self.longParagraph("edit", units: 140_000)
        let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(10)], containerSizes: [CGSize(width: 350, height: 1e8)])
        let lm = stack.layoutManager
        lm.ensureLayout(for: stack.containers[0])
        stack.storage.replaceCharacters(in: NSRange(location: 65_530, length: 20), with: "a few new words in the middle ")
        stack.storage.replaceCharacters(in: NSRange(location: 100, length: 0), with: String(repeating: "x", count: 70_000))
        let fresh = LayoutStack(stack.storage.string, attributes: [.font: LayoutStack.serif(10)], containerSizes: [CGSize(width: 350, height: 1e8)])
        let lengths = (0..<lm.flow.store.count).map { lm.flow.store.record($0).length }
        #expect(lengths == (0..<fresh.layoutManager.flow.store.count).map { fresh.layoutManager.flow.store.record($0).length })
        #expect(stack.fragments().map(\.glyphs) == fresh.fragments().map(\.glyphs))
        #expect(stack.fragments().map(\.rect) == fresh.fragments().map(\.rect))
    }

    @Test func randomEditsInAnEvictedLongParagraphMatchAFreshLayout() throws {
        // Two pieces, a budget that keeps one analysis, and edits on both sides of the cut.
        var numbers = SeededNumbers(seed: 0x5EED)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let text = Self.longParagraph("cut", units: 80_000) + "\nshort paragraph\n" + Self.longParagraph("word", units: 3_000)
        let lm = NSLayoutManager()
        lm.flow.analysisBudget.limit = 1
        let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(10)], containerSizes: [CGSize(width: 320, height: 1e8)],
                                layoutManager: lm)
        lm.ensureLayout(for: stack.containers[0])
        let pieces = ["x", " ", "\n", "שלום ", "word ", ""]
        for _ in 0..<5 {
            let length = stack.storage.length
            let at = next(length)
            let range = NSRange(location: at, length: min(next(40), length - at))
            stack.storage.replaceCharacters(in: range, with: pieces[next(pieces.count)])
            let fresh = LayoutStack(stack.storage.string, attributes: [.font: LayoutStack.serif(10)],
                                    containerSizes: [CGSize(width: 320, height: 1e8)])
            #expect(stack.fragments().map(\.glyphs) == fresh.fragments().map(\.glyphs))
            #expect(stack.fragments().map(\.rect) == fresh.fragments().map(\.rect))
            #expect(lm.glyph(at: lm.numberOfGlyphs / 2) == fresh.layoutManager.glyph(at: lm.numberOfGlyphs / 2))
        }
    }

    /// What the demo's Configuration page does on each click of a control: a new font and a new
    /// paragraph style over the whole text, then layout. Every round makes new glyphs for every
    /// paragraph; the budget must not keep an entry for each analysis ever made (it did: 8,701
    /// entries after these 3,000 rounds, freed only once their counted bytes passed the 16 MB
    /// limit).
    @Test func restylingTheWholeTextKeepsTheBudgetsQueueSmall() throws {
        let text = Self.document(paragraphs: 3)
        let stack = LayoutStack(text)
        let lm = stack.layoutManager
        let families = ["DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono"]
        let rounds = 3000
        for round in 0..<rounds {
            let style = NSMutableParagraphStyle()
            style.alignment = round % 2 == 0 ? .justified : .left
            style.firstLineHeadIndent = CGFloat(round % 3) * 20
            let font = try #require(UIFont(name: families[round % families.count], size: CGFloat(11 + round % 7)))
            let all = NSRange(location: 0, length: stack.storage.length)
            stack.storage.beginEditing()
            stack.storage.addAttributes([.font: font, .paragraphStyle: style], range: all)
            stack.storage.endEditing()
            lm.ensureLayout(for: stack.containers[0])
        }
        // Every paragraph (the three and the empty one after the last line break) holds its
        // glyphs; the queue holds stale entries only until its next sweep.
        #expect(Self.keptAnalyses(lm) == [0, 1, 2, 3])
        #expect(lm.flow.analysisBudget.entryCount <= AnalysisBudget.minimumSweepLength)
        // Nor do the stale entries' bytes pile up to the limit (they reached it before: 16 MB
        // counted for some 6 KB of glyphs; now at most a sweep length's worth).
        #expect(lm.flow.analysisBudget.bytes < AnalysisBudget.defaultLimit / 4)
    }

    /// String drawing reuses one layout manager per thread (StringDrawingStack), whose single
    /// paragraph record gets new glyphs for every string measured or drawn: a long-lived app that
    /// draws its controls' titles kept a budget entry for each (a 3 MB queue after 2,200 clicks on
    /// the Configuration page; here 5,000 entries).
    @Test func stringDrawingKeepsTheBudgetsQueueSmall() {
        let titles = ["Serif", "Libertine", "Sans", "Mono", "Font", "Off", "Loose", "None", "Default", "All"]
        let font = LayoutStack.serif(12)
        for round in 0..<5000 {
            _ = (titles[round % titles.count] as NSString).size(withAttributes: [.font: font])
        }
        let entries = StringDrawingStack.with { $0.layoutManager.flow.analysisBudget.entryCount }
        #expect(entries <= AnalysisBudget.minimumSweepLength)
    }
    /// Typing lays its paragraph out again at each keystroke, and the caret asks for the new
    /// line's geometry (positions and caret stops). The geometry of the lines it replaced can
    /// never be asked for again: it must go, not fill the layout manager's 256 kept lines (it
    /// did: some 2–3 MB in each edited text view of the demo after half an hour's typing).
    @Test func typingKeepsOnlyTheGeometryOfLinesThatStand() throws {
        let stack = LayoutStack(loremParagraphs)
        let lm = stack.layoutManager
        let keystrokes = 300
        for keystroke in 0..<keystrokes {
            let at = 40 + keystroke
            stack.storage.replaceCharacters(in: NSRange(location: at, length: 0), with: keystroke % 6 == 5 ? " " : "x")
            _ = try #require(lm.caretGeometry(forCharacterAt: at + 1))
            // A line elsewhere, asked about once in a while, is kept beside the typed one.
            if keystroke % 50 == 0 { _ = lm.caretGeometry(forCharacterAt: stack.storage.length - 5) }
        }
        let kept = lm.flow.lineGeometries
        #expect(kept.allSatisfy { geometry in geometry.record?.layoutVersion == geometry.version },
                "kept geometry of lines laid out again since")
        #expect(kept.count <= 2, "\(kept.count) lines kept for two asked about")
        #expect(lm.flow.keptLineCharacters == kept.reduce(0) { $0 + $1.characters })
    }
}
