import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Geometry asked for text beyond what is laid out must lay out up to it first and give the same
/// answer as after a full layout (found by the text view scrolling to the end of a long text).
@Suite("Selection rects and carets beyond the laid-out text")
struct SelectionRectsBeyondLayoutTests {
    func makeStack(_ text: String) -> (NSTextStorage, NSLayoutManager, NSTextContainer) {
        let storage = NSTextStorage(string: text, attributes: [.font: UIFont(name: "DejaVu Sans", size: 14)!])
        let manager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude))
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        return (storage, manager, container)
    }

    @Test("selectionRects and caretGeometry far below the first screen match a full layout's")
    func beyondFirstScreen() {
        let text = (0..<400).map { "Paragraph \($0) has a mistaek in it." }.joined(separator: "\n")
        let target = NSRange(location: (text as NSString).range(of: "mistaek", options: .backwards).location, length: 7)
        let (storage, lazy, lazyContainer) = makeStack(text)
        lazy.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 400, height: 100), in: lazyContainer)
        let lazyRects = lazy.selectionRects(forCharacterRange: target).map(\.rect)
        let lazyCaret = lazy.caretGeometry(forCharacterAt: target.location)?.caretRect()
        let (fullStorage, full, fullContainer) = makeStack(text)
        full.ensureLayout(for: fullContainer)
        #expect(lazyRects == full.selectionRects(forCharacterRange: target).map(\.rect))
        #expect(lazyCaret == full.caretGeometry(forCharacterAt: target.location)?.caretRect())
        withExtendedLifetime((storage, fullStorage)) {}
    }
}
