import Foundation
import OpenTextKit

// A layout manager subclass as editors write them: rounded highlight backgrounds, line numbers in
// a gutter, and an extra line fragment no taller than a limit.
class DecoratingLayoutManager: NSLayoutManager {
    var cornerRadius: CGFloat = 4
    var gutterWidth: CGFloat = 30
    var maximumExtraLineHeight: CGFloat = 8
    private(set) var lineNumbersDrawn = 0
    private(set) var backgroundCalls = 0

    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        backgroundCalls += 1
        super.drawBackground(forGlyphRange: glyphsToShow, at: origin)
    }

    override func fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int,
                                          forCharacterRange charRange: NSRange, color: UIColor) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        // The colour is already set in the graphics state: fill rounded rects instead of square ones.
        for i in 0..<rectCount {
            let path = UIBezierPath(roundedRect: rectArray[i].insetBy(dx: -2, dy: 0), cornerRadius: cornerRadius)
            context.addPath(path.cgPath)
        }
        context.fillPath()
    }

    override func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        super.drawGlyphs(forGlyphRange: glyphsToShow, at: origin)
        var lineNumber = 0
        enumerateLineFragments(forGlyphRange: glyphsToShow) { rect, _, _, glyphRange, _ in
            lineNumber += 1
            let label = "\(lineNumber)" as NSString
            let attributes: [NSAttributedString.Key: Any] = [
                .font: UIFont.systemFont(ofSize: 9), .foregroundColor: UIColor.gray,
            ]
            let size = label.size(withAttributes: attributes)
            label.draw(at: CGPoint(x: origin.x - size.width - 6, y: origin.y + rect.minY), withAttributes: attributes)
            self.lineNumbersDrawn += 1
        }
    }

    override func setExtraLineFragmentRect(_ fragmentRect: CGRect, usedRect: CGRect, textContainer container: NSTextContainer) {
        var fragmentRect = fragmentRect
        fragmentRect.size.height = min(fragmentRect.height, maximumExtraLineHeight)
        var usedRect = usedRect
        usedRect.size.height = min(usedRect.height, maximumExtraLineHeight)
        super.setExtraLineFragmentRect(fragmentRect, usedRect: usedRect, textContainer: container)
    }
}
