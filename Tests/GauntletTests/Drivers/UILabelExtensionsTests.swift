import Foundation
import Testing
import UIKit

// Drives Ported/UILabelExtensions/UILabelExtensions.swift (SwifterSwift), compiled unchanged: its
// `#if canImport(UIKit) && !os(watchOS)` holds here, since this package has a module named UIKit.
// The checks are SwifterSwift's own tests (UILabelExtensionsTests) and UILabel's documented
// sizeToFit behaviour.

@Suite("Gauntlet: SwifterSwift UILabel extensions")
@MainActor
struct UILabelExtensionsTests {
    @Test("init(text:) sets the text")
    func initWithText() {
        let label = UILabel(text: "Hello world")
        #expect(label.text == "Hello world")
    }

    @Test("init(text:style:) sets the text and the style's preferred font")
    func initWithTextAndStyle() {
        let label = UILabel(text: "Hello world", style: .headline)
        #expect(label.text == "Hello world")
        #expect(label.font == UIFont.preferredFont(forTextStyle: .headline))
        #expect(label.font != UIFont.preferredFont(forTextStyle: .caption2))
    }

    @Test("requiredHeight of one line in the default font is between 20 and 25, as upstream checks on iOS")
    func requiredHeightOneLine() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        label.text = "Hello world"
        #expect(label.requiredHeight >= 20)
        #expect(label.requiredHeight < 25)
    }

    @Test("requiredHeight of a wrapping text is the height of its lines at the label's width")
    func requiredHeightWraps() {
        let font = UIFont(name: "DejaVu Sans", size: 14)!
        let text = "A label long enough to wrap onto several lines at this width"
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.font = font
        label.text = text
        let height = label.requiredHeight
        let lines = (height / font.lineHeight).rounded()
        #expect(lines >= 3)
        #expect(abs(height - lines * font.lineHeight) < 1)
        let bounding = (text as NSString).boundingRect(
            with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude),
            options: [.usesLineFragmentOrigin], attributes: [.font: font], context: nil)
        #expect(height == ceil(bounding.height))
        // The label itself is untouched.
        #expect(label.frame.height == 30)
        #expect(label.numberOfLines == 1)
    }

    @Test("requiredHeight uses the attributed text when there is one")
    func requiredHeightAttributed() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
        label.attributedText = NSAttributedString(string: "Big", attributes: [.font: UIFont(name: "DejaVu Sans", size: 40)!])
        let height = label.requiredHeight
        #expect(height == ceil(UIFont(name: "DejaVu Sans", size: 40)!.lineHeight))
    }
}
