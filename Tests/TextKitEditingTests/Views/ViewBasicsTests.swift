import Foundation
import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A view written as iOS code writes one: its own designated initializer, and the
/// `required init?(coder:)` Swift then asks for.
@MainActor
final class BadgeView: UIView {
    let title: String
    var awoke = false
    var traitChanges: [UITraitCollection?] = []
    var invalidations = 0

    init(title: String) {
        self.title = title
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) {
        title = "decoded"
        super.init(coder: coder)
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = true
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        traitChanges.append(previousTraitCollection)
    }

    override func invalidateIntrinsicContentSize() {
        invalidations += 1
        super.invalidateIntrinsicContentSize()
    }
}

/// Subclasses of the text classes that declare `required init?(coder:)`, as iOS code does.
@MainActor final class CoderLabel: UILabel {
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class CoderTextView: UITextView {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
@MainActor final class CoderTextField: UITextField {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@Suite("View basics")
@MainActor
struct ViewBasicsTests {
    let coder = NSKeyedArchiver(requiringSecureCoding: false)

    @Test("init?(coder:) makes each view as init(frame: .zero) does (nothing is decoded)")
    func coderInitializers() throws {
        let view = try #require(UIView(coder: coder))
        #expect(view.frame == .zero)
        let label = try #require(CoderLabel(coder: coder))
        #expect(!label.isUserInteractionEnabled)
        #expect(label.contentMode == .redraw)
        #expect(label.font.pointSize == 17)
        let textView = try #require(CoderTextView(coder: coder))
        textView.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        textView.insertText("Hello")
        #expect(textView.text == "Hello")
        #expect(textView.textContainer.widthTracksTextView)
        let field = try #require(CoderTextField(coder: coder))
        field.text = "Ada"
        #expect(field.text == "Ada")
        #expect(field.subviews.count == 1, "the field editor is made")
        let badge = try #require(BadgeView(coder: coder))
        #expect(badge.title == "decoded")
        badge.awakeFromNib()
        #expect(badge.awoke)
        #expect(UIScrollView(coder: coder) != nil)
        #expect(UIWindow(coder: coder) != nil)
    }

    @Test("contentMode defaults: .scaleToFill for views, .redraw for labels; isOpaque, margins, safe area")
    func defaults() {
        let view = UIView()
        #expect(view.contentMode == .scaleToFill)
        #expect(UILabel().contentMode == .redraw)
        #expect(view.isOpaque)
        #expect(view.tag == 0)
        #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(view.safeAreaInsets == .zero)
        #expect(view.window == nil)
    }

    @Test("viewWithTag searches the view, then its subviews depth first")
    func tags() {
        let root = UIView(), a = UIView(), b = UIView(), c = UIView()
        root.addSubview(a); a.addSubview(b); root.addSubview(c)
        b.tag = 7; c.tag = 7; root.tag = 3
        #expect(root.viewWithTag(7) === b)
        #expect(root.viewWithTag(3) === root)
        #expect(root.viewWithTag(9) == nil)
        root.insertSubview(c, belowSubview: a)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(c), ObjectIdentifier(a)])
        root.insertSubview(c, aboveSubview: a)
        #expect(root.subviews.last === c)
    }

    @Test("window is the hierarchy's top when that is a UIWindow")
    func windows() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView()
        window.addSubview(view)
        #expect(view.window === window)
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow)
        view.removeFromSuperview()
        #expect(view.window == nil)
    }

    @Test("Animations happen at once and complete with true")
    func animations() {
        let view = UIView()
        var finished: [Bool] = []
        UIView.animate(withDuration: 0.3) { view.alpha = 0.5 }
        #expect(view.alpha == 0.5)
        UIView.animate(withDuration: 0.3, animations: { view.alpha = 0.2 }) { finished.append($0) }
        UIView.animate(withDuration: 1, delay: 2, options: [.curveEaseOut, .allowUserInteraction],
                       animations: { view.tag = 4 }, completion: { finished.append($0) })
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [], animations: { view.tag = 5 }, completion: nil)
        #expect(view.alpha == 0.2)
        #expect(view.tag == 5)
        #expect(finished == [true, true])
    }

    @Test("Trait collections: the screen's scale, light, regular, left to right; changes reach every view")
    func traits() {
        let saved = UIScreen.main.scale
        defer { UIScreen.main.scale = saved }
        UIScreen.main.scale = 1
        let root = BadgeView(title: "root")
        let child = BadgeView(title: "child")
        root.addSubview(child)
        let traits = child.traitCollection
        #expect(traits.displayScale == 1)
        #expect(traits.userInterfaceStyle == .light)
        #expect(traits.horizontalSizeClass == .regular && traits.verticalSizeClass == .regular)
        #expect(traits.layoutDirection == .leftToRight)
        #expect(traits.preferredContentSizeCategory == UIContentSizeCategory.preferred)
        #expect(traits.containsTraits(in: UITraitCollection(userInterfaceStyle: .light)))
        #expect(!traits.containsTraits(in: UITraitCollection(displayScale: 2)))
        #expect(UITraitCollection(traitsFrom: [UITraitCollection(displayScale: 2), UITraitCollection(userInterfaceStyle: .dark)])
                == UITraitCollection(displayScale: 2, userInterfaceStyle: .dark, preferredContentSizeCategory: .unspecified,
                                     horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified))

        let previous = root.traitCollection
        UIScreen.main.scale = 2
        root.propagateTraitCollectionChange(from: previous)
        #expect(child.traitCollection.displayScale == 2)
        #expect(child.traitChanges.count == 1 && child.traitChanges.first??.displayScale == 1)
        #expect(root.traitChanges.count == 1)
        #expect(UIScreen.main.nativeScale == 2)
        #expect(UIScreen.main.nativeBounds.width == UIScreen.main.bounds.width * 2)
    }

    @Test("invalidateIntrinsicContentSize is open (an override runs) and marks the superview for layout")
    func intrinsicInvalidation() {
        let badge = BadgeView(title: "x")
        badge.invalidateIntrinsicContentSize()
        #expect(badge.invalidations == 1)
    }

    @Test("layoutIfNeeded lays out the whole subtree that needs it, as UIKit does")
    func layoutIfNeededRecurses() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let root = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Counting(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let grandchild = Counting(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(child)
        child.addSubview(grandchild)
        root.layoutIfNeeded()
        #expect(root.layouts == 1 && child.layouts == 1 && grandchild.layouts == 1)
        grandchild.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(root.layouts == 1 && child.layouts == 1 && grandchild.layouts == 2)
    }

    @Test("A text field's spellCheckingType reaches the editor that underlines misspellings")
    func fieldSpellChecking() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        field.spellCheckingType = .no
        #expect(field.fieldEditor.spellCheckingType == .no)
        field.spellCheckingType = .yes
        #expect(field.fieldEditor.spellCheckingType == .yes)
    }

    @Test("The optional UITextInput members are overridable in text views and fields")
    func optionalInputMembers() throws {
        final class Recording: UITextView {
            var offsets: [Int] = []
            override func characterOffset(of position: UITextPosition, within range: UITextRange) -> Int {
                let offset = super.characterOffset(of: position, within: range)
                offsets.append(offset)
                return offset
            }
        }
        let view = Recording(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.text = "hello world"
        let all = try #require(view.textRange(from: view.beginningOfDocument, to: view.endOfDocument))
        let six = try #require(view.position(within: all, atCharacterOffset: 6))
        #expect(view.characterOffset(of: six, within: all) == 6)
        #expect(view.offsets == [6])
        view.setAttributedMarkedText(NSAttributedString(string: "ka"), selectedRange: NSRange(location: 2, length: 0))
        #expect(view.text == "hello worldka")
        view.unmarkText()
        view.insertText("!", alternatives: ["?"], style: .none)
        #expect(view.text == "hello worldka!")
    }
}
