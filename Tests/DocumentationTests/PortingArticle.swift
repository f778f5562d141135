import Foundation
import OpenTextKit
import Testing

// The code of "Porting TextKit code from iOS" (PortingFromiOS.md). Each file of this target
// imports Foundation beside OpenTextKit, as iOS code imports Foundation beside UIKit.

// snippet: delegate
/// Gives every line the same height, whatever fonts it holds: one of the delegate's methods is
/// implemented; the others keep TextKit's default behaviour.
final class FixedLineSpacing: NSObject, NSLayoutManagerDelegate {
    func layoutManager(_ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
                       lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
                       in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange) -> Bool {
        lineFragmentRect.pointee.size.height = 24
        lineFragmentUsedRect.pointee.size.height = 24
        baselineOffset.pointee = 18
        return true
    }
}
// end snippet

// snippet: gestures
/// A label that opens its link on a tap: iOS code, but for the closure the recognizer takes.
final class LinkLabel: UILabel {
    var url: URL?
    var opened: [URL] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = true
        accessibilityTraits = .link
        addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in
            if let url { opened.append(url) }
        })
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
// end snippet

@Suite("Documentation: porting from iOS")
struct PortingArticle {
    @Test("A label with a tap recognizer opens its link when a host delivers a click")
    @MainActor
    func gestures() throws {
        let label = LinkLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        label.url = URL(string: "https://swift.org")
        label.text = "swift.org"
        let delivery = TouchDelivery(rootView: label)
        delivery.pressBegan(at: CGPoint(x: 10, y: 10), tapCount: 1, timestamp: 0)
        delivery.pressEnded(at: CGPoint(x: 10, y: 10), timestamp: 0.1)
        #expect(label.opened == [try #require(URL(string: "https://swift.org"))])
        #expect(label.accessibilityTraits == .link)
        #expect(label.accessibilityLabel == "swift.org")
    }

    @Test("UIKit-style sizing code compiles and measures text")
    func sizing() {
        // snippet: sizing
        let title = NSAttributedString(string: "Porting TextKit code", attributes: [
            .font: UIFont.preferredFont(forTextStyle: .headline),
            .kern: 0.5,
        ])
        let bounds = title.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude),
                                        options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
        // end snippet
        #expect(bounds.width <= 120)
        #expect(bounds.height > UIFont.preferredFont(forTextStyle: .headline).lineHeight * 1.5)  // wrapped
    }

    @Test("A delegate that implements one method; the rest keep their defaults")
    func delegate() {
        let storage = NSTextStorage(string: String(repeating: "Every line is 24 points high. ", count: 10),
                                    attributes: [.font: UIFont(name: "DejaVu Sans", size: 12)!])
        let layoutManager = NSLayoutManager()
        let spacing = FixedLineSpacing()
        layoutManager.delegate = spacing
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 200, height: 1000))
        layoutManager.addTextContainer(container)
        var heights: [CGFloat] = []
        layoutManager.enumerateLineFragments(forGlyphRange: layoutManager.glyphRange(for: container)) { rect, _, _, _, _ in
            heights.append(rect.height)
        }
        #expect(heights.count > 3)
        #expect(heights.allSatisfy { $0 == 24 })
    }

    @Test("Core Foundation names: kCT keys are strings with Apple's raw values")
    func coreTextKeys() {
        // snippet: ct-keys
        let red = UIColor.red.cgColor
        let key = NSAttributedString.Key(kCTForegroundColorAttributeName as String)   // not `as NSAttributedString.Key`
        let string = NSAttributedString(string: "red", attributes: [key: red])
        let line = CTLineCreateWithAttributedString(string as CFAttributedString)
        let runs = CTLineGetGlyphRuns(line)
        // end snippet
        #expect(key.rawValue == "CTForegroundColor")
        #expect(runs.count == 1)
    }

    @Test("Foundation's attributed string converts to and from OpenTextKit's")
    func foundationConversion() {
        // snippet: foundation
        let fromFoundation = Foundation.NSAttributedString(string: "made by Foundation")
        let ours = NSAttributedString(fromFoundation)                 // OpenTextKit's class
        let storage = NSTextStorage(attributedString: ours)
        let swiftValue = AttributedString(storage)                    // Swift's value type
        // end snippet
        #expect(storage.string == "made by Foundation")
        #expect(String(swiftValue.characters) == "made by Foundation")
    }
}
