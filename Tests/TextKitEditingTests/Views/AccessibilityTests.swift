import Foundation
import Testing
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A view that describes itself, as iOS code overrides the accessibility properties.
@MainActor
final class RatingView: UIView {
    var stars = 3
    override var isAccessibilityElement: Bool { get { true } set {} }
    override var accessibilityLabel: String? { get { "Rating" } set {} }
    override var accessibilityValue: String? { get { "\(stars) stars" } set {} }
    override var accessibilityTraits: UIAccessibilityTraits { get { .adjustable } set {} }
}

@Suite("Accessibility")
@MainActor
struct AccessibilityTests {
    @Test("UIKit's defaults: plain views are not elements; labels are static text named by their text")
    func defaults() {
        let view = UIView()
        #expect(!view.isAccessibilityElement)
        #expect(view.accessibilityLabel == nil)
        #expect(view.accessibilityTraits == .none)

        let label = UILabel()
        label.text = "Total"
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityLabel == "Total")
        #expect(label.accessibilityTraits == .staticText)
        label.isEnabled = false
        #expect(label.accessibilityTraits == [.staticText, .notEnabled])
        label.accessibilityLabel = "Sum"
        label.text = "Total 2"
        #expect(label.accessibilityLabel == "Sum", "a label set wins over the text")
        label.accessibilityTraits = [.header]
        #expect(label.accessibilityTraits.contains(.header) && !label.accessibilityTraits.contains(.staticText))
    }

    @Test("Text views and fields are elements whose value is their text (bullets when secure)")
    func textValues() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        textView.text = "Dear Ada"
        #expect(textView.isAccessibilityElement)
        #expect(textView.accessibilityValue == "Dear Ada")
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        field.placeholder = "Password"
        field.text = "abc"
        #expect(field.isAccessibilityElement)
        #expect(field.accessibilityLabel == "Password")
        #expect(field.accessibilityValue == "abc")
        field.isSecureTextEntry = true
        #expect(field.accessibilityValue == "•••")
    }

    @Test("Overrides in a subclass are what callers read; frames are in the top view's coordinates")
    func overridesAndFrames() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let rating = RatingView(frame: CGRect(x: 20, y: 30, width: 100, height: 20))
        root.addSubview(rating)
        let asView: UIView = rating
        #expect(asView.accessibilityValue == "3 stars")
        #expect(asView.accessibilityTraits == .adjustable)
        #expect(rating.accessibilityFrame == CGRect(x: 20, y: 30, width: 100, height: 20))
        rating.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rating.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("convertToScreenCoordinates(_:in:) gives the rect in the top view's coordinates")
    func convertToScreenCoordinates() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = UIView(frame: CGRect(x: 40, y: 50, width: 200, height: 200))
        let label = UILabel(frame: CGRect(x: 10, y: 20, width: 100, height: 30))
        root.addSubview(card)
        card.addSubview(label)
        let rect = CGRect(x: 2, y: 3, width: 50, height: 12)
        #expect(UIAccessibility.convertToScreenCoordinates(rect, in: label) == CGRect(x: 52, y: 73, width: 50, height: 12))
        #expect(UIAccessibility.convertToScreenCoordinates(rect, in: root) == rect, "the top view's own coordinates")
        card.frame.origin = CGPoint(x: 0, y: 100)
        #expect(UIAccessibility.convertToScreenCoordinates(label.bounds, in: label) == CGRect(x: 10, y: 120, width: 100, height: 30))
        let element = UIAccessibilityElement(accessibilityContainer: label)
        element.accessibilityFrameInContainerSpace = rect
        #expect(element.accessibilityFrame == UIAccessibility.convertToScreenCoordinates(rect, in: label),
                "the coordinates accessibility frames use")
    }

    @Test("UIAccessibilityElement: frame from container space; custom actions run their closures")
    func elementsAndActions() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let container = UIView(frame: CGRect(x: 50, y: 60, width: 100, height: 100))
        root.addSubview(container)
        let element = UIAccessibilityElement(accessibilityContainer: container)
        element.accessibilityLabel = "Link"
        element.accessibilityTraits = .link
        element.accessibilityFrameInContainerSpace = CGRect(x: 5, y: 5, width: 10, height: 10)
        #expect(element.isAccessibilityElement)
        #expect(element.accessibilityFrame == CGRect(x: 55, y: 65, width: 10, height: 10))
        container.frame.origin = CGPoint(x: 0, y: 0)
        #expect(element.accessibilityFrame == CGRect(x: 5, y: 5, width: 10, height: 10), "follows the container")
        #expect((element.accessibilityContainer as AnyObject?) === container)
        container.accessibilityElements = [element]
        #expect(container.accessibilityElements?.count == 1)

        var performed: [String] = []
        let action = UIAccessibilityCustomAction(name: "Delete") { action in performed.append(action.name); return true }
        container.accessibilityCustomActions = [action]
        let handler = try #require(container.accessibilityCustomActions?.first?.actionHandler)
        #expect(handler(action))
        #expect(performed == ["Delete"])
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        #expect(UIAccessibility.Notification.screenChanged != .layoutChanged)
    }

    @Test("Traits are distinct options")
    func traitsAreDistinct() {
        let all: [UIAccessibilityTraits] = [.button, .link, .header, .staticText, .image, .selected, .notEnabled,
                                            .updatesFrequently, .adjustable, .allowsDirectInteraction, .causesPageTurn,
                                            .searchField, .keyboardKey, .summaryElement, .playsSound, .startsMediaSession, .tabBar,
                                            .supportsZoom, .toggleButton]
        #expect(Set(all.map(\.rawValue)).count == all.count)
        #expect(all.allSatisfy { $0.rawValue.nonzeroBitCount == 1 })
        #expect(UIAccessibilityTraits.none.isEmpty)
    }
}
