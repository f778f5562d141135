import ModelTestSupport
import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Containers with no room for any glyph — zero or coerced (NaN, ∞, negative) sizes, indents
/// wider than the line, an exclusion over everything — between, before and after ordinary ones.
/// The rule: glyphs that fit no container belong to no container, and the text stops where it
/// stops fitting. Every query must say the same thing: the line fragments enumerated, the first
/// unlaid glyph and character, each glyph's container and line fragment, each container's glyph
/// range and used rect.
@Suite("Degenerate geometry: every layout query agrees")
struct DegenerateGeometryTests {
    static let widths: [CGFloat] = [0, 3, 300, .nan, .infinity, -50, 0.5]
    static let heights: [CGFloat] = [0, 5, 15, 100, .greatestFiniteMagnitude, .nan, -1]
    static let texts = ["hello world\nsecond line", "a", "\n\n", "", "שלום world مرحبا\tx", "e\u{301}\u{302} 😀👩‍👩‍👧 end\n"]

    static func paragraphStyle(_ random: inout SeededGenerator) -> NSParagraphStyle? {
        let style = NSMutableParagraphStyle()
        switch Int.random(in: 0..<6, using: &random) {
        case 0: style.headIndent = 400; style.firstLineHeadIndent = 400
        case 1: style.firstLineHeadIndent = 400
        case 2: style.tailIndent = -400
        case 3: style.tailIndent = 2
        default: return nil
        }
        return style
    }

    @Test("Random stacks of degenerate and ordinary containers (seeded)")
    func queriesAgree() {
        // OTK_TEST_SEED replays a failure (its seed is in every message).
        let seed = ProcessInfo.processInfo.environment["OTK_TEST_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        for round in 0..<300 {
            var attributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif()]
            if let style = Self.paragraphStyle(&random) { attributes[.paragraphStyle] = style }
            let sizes = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                CGSize(width: Self.widths.randomElement(using: &random)!, height: Self.heights.randomElement(using: &random)!)
            }
            let stack = LayoutStack(Self.texts.randomElement(using: &random)!, attributes: attributes, containerSizes: sizes)
            // Or only one paragraph without room, between ordinary ones.
            let paragraphs = (stack.storage.string as NSString).components(separatedBy: "\n")
            if attributes[.paragraphStyle] == nil, paragraphs.count > 1, Bool.random(using: &random) {
                let k = Int.random(in: 0..<paragraphs.count, using: &random)
                let start = paragraphs[..<k].reduce(0) { $0 + ($1 as NSString).length + 1 }
                let style = NSMutableParagraphStyle()
                style.headIndent = 400
                style.firstLineHeadIndent = 400
                stack.storage.addAttribute(.paragraphStyle, value: style,
                                           range: NSRange(location: start, length: (paragraphs[k] as NSString).length))
            }
            if Bool.random(using: &random), let container = stack.containers.randomElement(using: &random) {
                container.exclusionPaths = [UIBezierPath(rect: CGRect(x: -10, y: -10, width: 1_000, height: 1_000))]
            }
            let context = "seed \(seed), round \(round), sizes \(sizes), text \(stack.storage.string.debugDescription), attributes \(stack.storage)"
            if let only = ProcessInfo.processInfo.environment["OTK_TEST_ROUND"].flatMap(Int.init), only != round { continue }
            Self.checkAgreement(stack, context)
        }
    }

    static func checkAgreement(_ stack: LayoutStack, _ context: String) {
        let manager = stack.layoutManager
        let glyphCount = manager.numberOfGlyphs
        // The line fragments, in order, tile the laid glyphs from 0.
        var fragments: [(container: Int, glyphs: NSRange, rect: CGRect)] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: glyphCount)) { rect, _, container, glyphs, _ in
            fragments.append((stack.containers.firstIndex { $0 === container } ?? -1, glyphs, rect))
        }
        var laidEnd = 0
        for fragment in fragments {
            #expect(fragment.glyphs.location == laidEnd, "fragments tile the glyphs: \(context)")
            #expect(fragment.container >= 0, "a fragment's container is one of the manager's: \(context)")
            laidEnd = NSMaxRange(fragment.glyphs)
        }
        #expect(zip(fragments, fragments.dropFirst()).allSatisfy { $0.container <= $1.container }, "containers in order: \(context)")
        // The first unlaid glyph and character are where the fragments end.
        var firstCharacter = -1, firstGlyph = -1
        manager.getFirstUnlaidCharacterIndex(&firstCharacter, glyphIndex: &firstGlyph)
        #expect(firstGlyph == laidEnd, "first unlaid glyph \(firstGlyph), fragments end at \(laidEnd): \(context)")
        let expectedCharacter = laidEnd < glyphCount ? manager.characterIndexForGlyph(at: laidEnd) : stack.storage.length
        #expect(firstCharacter == expectedCharacter, "first unlaid character: \(context)")
        // Each glyph's container and line fragment: its fragment's, or none past the laid glyphs.
        for glyph in 0..<glyphCount {
            var effective = NSRange(location: -1, length: -1)
            let container = manager.textContainer(forGlyphAt: glyph, effectiveRange: &effective)
            let rect = manager.lineFragmentRect(forGlyphAt: glyph, effectiveRange: nil)
            if let fragment = fragments.first(where: { NSLocationInRange(glyph, $0.glyphs) }) {
                #expect(container === stack.containers[fragment.container], "glyph \(glyph)'s container: \(context)")
                #expect(effective == manager.glyphRange(for: stack.containers[fragment.container]), "glyph \(glyph)'s effective range: \(context)")
                #expect(rect == fragment.rect, "glyph \(glyph)'s line fragment: \(context)")
            } else {
                #expect(glyph >= laidEnd && container == nil, "glyph \(glyph) fits no container: \(context)")
                #expect(rect == .zero, "glyph \(glyph) has no line fragment: \(context)")
            }
        }
        // Each container's glyph range is its fragments' union, or empty where its glyphs would begin.
        var start = 0
        for (index, container) in stack.containers.enumerated() {
            let range = manager.glyphRange(for: container)
            let own = fragments.filter { $0.container == index }
            if let first = own.first, let last = own.last {
                #expect(range == NSRange(location: first.glyphs.location, length: NSMaxRange(last.glyphs) - first.glyphs.location), "container \(index)'s range: \(context)")
            } else {
                #expect(range == NSRange(location: start, length: 0), "empty container \(index) at \(start), got \(range): \(context)")
                if manager.extraLineFragmentTextContainer !== container {
                    #expect(manager.usedRect(for: container) == .zero, "empty container \(index)'s used rect: \(context)")
                }
            }
            start = NSMaxRange(range)
            // Point queries in any container answer without trapping.
            _ = manager.glyphIndex(for: CGPoint(x: 1, y: 1), in: container)
            _ = manager.characterIndex(for: CGPoint(x: 1, y: 1), in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            _ = manager.boundingRect(forGlyphRange: NSRange(location: 0, length: glyphCount), in: container)
        }
        #expect(start == laidEnd, "the containers' ranges end where the fragments do: \(context)")
    }
}
