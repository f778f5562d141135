@testable import TextKit
import TextKitFonts
import TextKitModel

/// A storage + layout manager + containers stack, built the way TextKit users build it.
struct LayoutStack {
    let storage: NSTextStorage
    let layoutManager: NSLayoutManager
    var containers: [NSTextContainer] { layoutManager.textContainers }

    init(_ text: String, attributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif()],
         containerSizes: [CGSize] = [CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)],
         layoutManager: NSLayoutManager = NSLayoutManager()) {
        storage = NSTextStorage(string: text, attributes: attributes)
        self.layoutManager = layoutManager
        storage.addLayoutManager(layoutManager)
        for size in containerSizes { layoutManager.addTextContainer(NSTextContainer(size: size)) }
    }

    /// The stack for an attributed text.
    init(_ text: NSAttributedString, containerSizes: [CGSize] = [CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)]) {
        storage = NSTextStorage(attributedString: text)
        layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        for size in containerSizes { layoutManager.addTextContainer(NSTextContainer(size: size)) }
    }

    static func serif(_ size: CGFloat = 12) -> UIFont {
        try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: size)
    }

    /// The text of each line fragment, in order.
    func lineStrings() -> [String] {
        var lines: [String] = []
        let ns = storage.string as NSString
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, range, _ in
            let chars = layoutManager.characterRange(forGlyphRange: range, actualGlyphRange: nil)
            lines.append(ns.substring(with: chars))
        }
        return lines
    }

    /// Every line fragment rect, in order, with its container's index.
    func fragments() -> [(rect: CGRect, used: CGRect, container: Int, glyphs: NSRange)] {
        var result: [(CGRect, CGRect, Int, NSRange)] = []
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { rect, used, container, range, _ in
            result.append((rect, used, layoutManager.textContainers.firstIndex { $0 === container }!, range))
        }
        return result
    }
}

/// Prose that nobody needs to read, long enough to fill several containers.
let loremParagraphs = """
    Typesetting is the composition of text by means of arranging physical type or its digital equivalents. Stored letters and other symbols are retrieved and ordered according to a language's orthography for visual display.
    The layout manager turns characters into glyphs, and glyphs into lines; the text container says where the lines may go. Exclusion paths make room for pictures, and several containers make columns and pages.
    A paragraph style sets the alignment, the indents, the spacing between lines and between paragraphs, and where tabs stop. Hyphenation breaks long words when a line would otherwise be too empty.
    """

/// Seeded pseudo-random numbers for randomized tests (a 64-bit linear congruential generator:
/// the same sequence on every machine and run).
struct SeededNumbers {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Advances the generator and returns its new state.
    mutating func step() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// A number in `0..<bound` (0 for a bound below 1).
    mutating func next(_ bound: Int) -> Int {
        Int((step() >> 33) % UInt64(max(1, bound)))
    }
}
