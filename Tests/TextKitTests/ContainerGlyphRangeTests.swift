import ModelTestSupport
import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel

/// `glyphRange(for:)` and `usedRect(for:)` of a container among many start their walk at the
/// containers before it (`TextFlow.fragmentWalkStart(beforeContainer:)`), not at the first line:
/// the same answers as the line fragments enumerated one by one.
@Suite("A container's glyph range and used rect among many containers")
struct ContainerGlyphRangeTests {
    /// Paragraphs of random length (some long enough to cross many containers, some empty).
    static func document(_ random: inout SeededGenerator) -> String {
        let words = ["page", "column", "a", "paragraph", "שלום", "typesetting", "of", "e\u{301}", "日本"]
        var text = ""
        for _ in 0..<Int.random(in: 1...30, using: &random) {
            let count = Bool.random(using: &random) ? Int.random(in: 0...20, using: &random) : Int.random(in: 100...600, using: &random)
            text += (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") + "\n"
        }
        return text
    }

    /// Each container's answers by enumerating every line fragment: its first glyph to the end of
    /// its last, or the empty range where the containers before it ended; the union of used rects.
    static func reference(_ stack: LayoutStack) -> [(NSRange, CGRect)] {
        let lm = stack.layoutManager
        lm.ensureLayout(for: stack.containers[stack.containers.count - 1])
        var ranges = [NSRange?](repeating: nil, count: stack.containers.count)
        var rects = [CGRect](repeating: .null, count: stack.containers.count)
        var ends = [Int](repeating: 0, count: stack.containers.count)  // the last glyph end up to each container
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { _, used, container, range, _ in
            let c = stack.containers.firstIndex { $0 === container }!
            if let known = ranges[c] {
                ranges[c] = NSRange(location: known.location, length: NSMaxRange(range) - known.location)
            } else {
                ranges[c] = range
            }
            rects[c] = rects[c].union(used)
            ends[c] = NSMaxRange(range)
        }
        if let extra = lm.extraLineFragmentTextContainer, let c = stack.containers.firstIndex(where: { $0 === extra }) {
            rects[c] = rects[c].union(lm.extraLineFragmentUsedRect)
        }
        var before = 0
        return stack.containers.indices.map { c in
            defer { if ranges[c] != nil { before = ends[c] } }
            return (ranges[c] ?? NSRange(location: before, length: 0), rects[c].isNull ? .zero : rects[c])
        }
    }

    @Test("Random documents over many containers, some too short for a line, asked in random order (seeded)")
    func answersAsTheEnumeration() {
        for seed in UInt64(1)...25 {
            var random = SeededGenerator(seed: seed)
            let text = Self.document(&random)
            let sizes = (0..<Int.random(in: 2...60, using: &random)).map { _ in
                CGSize(width: CGFloat.random(in: 60...300, using: &random),
                       height: Int.random(in: 0..<6, using: &random) == 0 ? 5 : CGFloat.random(in: 20...200, using: &random))
            }
            let expected = Self.reference(LayoutStack(text, containerSizes: sizes))
            let stack = LayoutStack(text, containerSizes: sizes)
            for c in stack.containers.indices.shuffled(using: &random) {
                let container = stack.containers[c]
                #expect(stack.layoutManager.glyphRange(for: container) == expected[c].0, "seed \(seed), container \(c)")
                #expect(stack.layoutManager.usedRect(for: container) == expected[c].1, "seed \(seed), container \(c)")
            }
        }
    }

    @Test("The walk for a late page starts at the previous page's last line, not at the first line")
    func walkStartsNearTheContainer() throws {
        let text = String(repeating: "one long paragraph over many pages ", count: 600) + "\nand a short one\n"
        let stack = LayoutStack(text, containerSizes: Array(repeating: CGSize(width: 200, height: 100), count: 80))
        let lm = stack.layoutManager
        lm.ensureLayout(for: stack.containers[79])
        for index in [1, 40, 79] {
            let start = lm.flow.fragmentWalkStart(beforeContainer: index)
            let glyph = try #require(start.glyph)
            // The line there is the last one of the page before.
            let container = try #require(lm.textContainer(forGlyphAt: glyph.rawValue, effectiveRange: nil))
            #expect(container === stack.containers[index - 1])
            let previous = lm.glyphRange(for: stack.containers[index - 1])
            var lastLineStart = -1
            lm.enumerateLineFragments(forGlyphRange: previous) { _, _, _, range, _ in lastLineStart = range.location }
            #expect(glyph.rawValue == lastLineStart)
        }
        #expect(lm.flow.fragmentWalkStart(beforeContainer: 0).glyph == nil)
    }
}
