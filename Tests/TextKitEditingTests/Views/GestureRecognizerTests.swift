import Foundation
import Testing
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A delegate with answers set per test.
@MainActor
final class TestGestureDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    var asked: [String] = []
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("shouldBegin"); return shouldBegin
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        asked.append("shouldReceive"); return shouldReceive
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        simultaneous
    }
}

/// A view that refuses to let its recognizers begin.
@MainActor
final class RefusingView: UIView {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

@Suite("Gesture recognizers")
@MainActor
struct GestureRecognizerTests {
    func setUp() -> (root: UIView, target: RecordingView, delivery: TouchDelivery) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let target = RecordingView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        root.addSubview(target)
        return (root, target, TouchDelivery(rootView: root))
    }

    func click(_ delivery: TouchDelivery, at point: CGPoint, count: Int = 1, at time: TimeInterval = 0, holding: TimeInterval = 0.1) {
        delivery.pressBegan(at: point, tapCount: count, timestamp: time)
        delivery.pressEnded(at: point, timestamp: time + holding)
    }

    @Test("A tap is recognized at the release, its action runs once, and the view's touch is cancelled")
    func tap() {
        let (_, target, delivery) = setUp()
        var states: [UIGestureRecognizer.State] = []
        var location = CGPoint.zero
        let tap = UITapGestureRecognizer { recognizer in
            states.append(recognizer.state)
            location = recognizer.location(in: recognizer.view)
        }
        target.addGestureRecognizer(tap)
        #expect(tap.view === target)
        #expect(target.gestureRecognizers?.count == 1)
        click(delivery, at: CGPoint(x: 130, y: 140))
        #expect(states == [.recognized])
        #expect(location == CGPoint(x: 30, y: 40))
        #expect(target.log == ["began", "cancelled"])
        #expect(tap.state == .possible, "back to possible after the sequence")
        #expect(tap.numberOfTouches == 0)

        // Without cancelsTouchesInView the view's touch ends normally.
        tap.cancelsTouchesInView = false
        target.log = []
        click(delivery, at: CGPoint(x: 130, y: 140), at: 1)
        #expect(target.log == ["began", "ended"])
        #expect(states.count == 2)
    }

    @Test("A tap fails when the press moves too far or lasts too long; a recognizer on a superview sees subviews' touches")
    func tapFailures() {
        let (root, target, delivery) = setUp()
        var count = 0
        let tap = UITapGestureRecognizer { _ in count += 1 }
        root.addGestureRecognizer(tap)
        delivery.pressBegan(at: CGPoint(x: 130, y: 140), timestamp: 0)
        delivery.pressMoved(to: CGPoint(x: 160, y: 140), timestamp: 0.05)
        delivery.pressEnded(at: CGPoint(x: 160, y: 140), timestamp: 0.1)
        #expect(count == 0)
        #expect(target.log == ["began", "moved", "ended"])
        click(delivery, at: CGPoint(x: 130, y: 140), at: 1, holding: 2)
        #expect(count == 0)
        click(delivery, at: CGPoint(x: 130, y: 140), at: 5)
        #expect(count == 1, "a recognizer on the superview recognizes a tap on the subview")
    }

    @Test("A double tap needs the second press of a double click (the touch's tap count)")
    func doubleTap() {
        let (_, target, delivery) = setUp()
        var singles = 0, doubles = 0
        let single = UITapGestureRecognizer { _ in singles += 1 }
        let double = UITapGestureRecognizer { _ in doubles += 1 }
        double.numberOfTapsRequired = 2
        target.addGestureRecognizer(single)
        target.addGestureRecognizer(double)
        click(delivery, at: CGPoint(x: 150, y: 150), count: 1, at: 0)
        #expect(singles == 1 && doubles == 0)
        click(delivery, at: CGPoint(x: 150, y: 150), count: 2, at: 0.2)
        #expect(singles == 1 && doubles == 1)
        // Two fingers cannot be had from a mouse.
        let twoFinger = UITapGestureRecognizer { _ in Issue.record("a two-finger tap recognized") }
        twoFinger.numberOfTouchesRequired = 2
        target.addGestureRecognizer(twoFinger)
        click(delivery, at: CGPoint(x: 150, y: 150), at: 3)
    }

    @Test("A long press begins once it has lasted long enough at a later event, changes, and ends at the release")
    func longPress() {
        let (_, target, delivery) = setUp()
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        #expect(press.minimumPressDuration == 0.5)
        target.addGestureRecognizer(press)
        delivery.pressBegan(at: CGPoint(x: 150, y: 150), timestamp: 10)
        delivery.pressMoved(to: CGPoint(x: 152, y: 150), timestamp: 10.2)
        #expect(states.isEmpty)
        delivery.pressMoved(to: CGPoint(x: 153, y: 151), timestamp: 10.6)
        #expect(states == [.began])
        #expect(target.log == ["began", "moved", "cancelled"])
        delivery.pressMoved(to: CGPoint(x: 190, y: 190), timestamp: 10.7)  // far, but it already began
        delivery.pressEnded(at: CGPoint(x: 190, y: 190), timestamp: 10.8)
        #expect(states == [.began, .changed, .ended])

        // Held still: begins and ends at the release.
        states = []
        click(delivery, at: CGPoint(x: 150, y: 150), at: 20, holding: 0.7)
        #expect(states == [.began, .ended])
        // Too short, or moved too far before it began: fails.
        states = []
        click(delivery, at: CGPoint(x: 150, y: 150), at: 30, holding: 0.3)
        delivery.pressBegan(at: CGPoint(x: 150, y: 150), timestamp: 40)
        delivery.pressMoved(to: CGPoint(x: 170, y: 150), timestamp: 40.1)
        delivery.pressEnded(at: CGPoint(x: 170, y: 150), timestamp: 41)
        #expect(states.isEmpty)
    }

    @Test("A pan begins past a few points; translation, setTranslation and velocity")
    func pan() {
        let (root, target, delivery) = setUp()
        var states: [UIGestureRecognizer.State] = []
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { recognizer in
            states.append(recognizer.state)
            translations.append((recognizer as! UIPanGestureRecognizer).translation(in: root))
        }
        target.addGestureRecognizer(pan)
        delivery.pressBegan(at: CGPoint(x: 120, y: 120), timestamp: 0)
        delivery.pressMoved(to: CGPoint(x: 125, y: 120), timestamp: 0.1)
        #expect(states.isEmpty, "5 points is within the hysteresis")
        delivery.pressMoved(to: CGPoint(x: 140, y: 120), timestamp: 0.2)
        #expect(states == [.began])
        #expect(pan.translation(in: nil) == CGPoint(x: 20, y: 0))
        #expect(pan.velocity(in: root) == CGPoint(x: 150, y: 0))
        pan.setTranslation(.zero, in: target)
        #expect(pan.translation(in: target) == .zero)
        delivery.pressMoved(to: CGPoint(x: 150, y: 130), timestamp: 0.3)
        #expect(pan.translation(in: target) == CGPoint(x: 10, y: 10))
        delivery.pressEnded(at: CGPoint(x: 150, y: 130), timestamp: 0.4)
        #expect(states == [.began, .changed, .ended])
        #expect(translations.last == CGPoint(x: 10, y: 10))
        #expect(target.log == ["began", "moved", "cancelled"])

        // A press that never moves far enough fails.
        states = []
        delivery.pressBegan(at: CGPoint(x: 120, y: 120), timestamp: 1)
        delivery.pressEnded(at: CGPoint(x: 122, y: 120), timestamp: 1.1)
        #expect(states.isEmpty)
    }

    @Test("gestureRecognizerShouldBegin (delegate and view) and shouldReceive are consulted")
    func delegateQuestions() {
        let (root, target, delivery) = setUp()
        var count = 0
        let delegate = TestGestureDelegate()
        let tap = UITapGestureRecognizer { _ in count += 1 }
        tap.delegate = delegate
        target.addGestureRecognizer(tap)

        delegate.shouldReceive = false
        click(delivery, at: CGPoint(x: 150, y: 150))
        #expect(count == 0)
        #expect(delegate.asked == ["shouldReceive"])
        #expect(target.log == ["began", "ended"], "a recognizer that does not receive the touch does not cancel it")

        delegate.shouldReceive = true
        delegate.shouldBegin = false
        delegate.asked = []
        click(delivery, at: CGPoint(x: 150, y: 150), at: 1)
        #expect(count == 0)
        #expect(delegate.asked == ["shouldReceive", "shouldBegin"])

        delegate.shouldBegin = true
        click(delivery, at: CGPoint(x: 150, y: 150), at: 2)
        #expect(count == 1)

        let refusing = RefusingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(refusing)
        let other = UITapGestureRecognizer { _ in count += 100 }
        refusing.addGestureRecognizer(other)
        click(delivery, at: CGPoint(x: 10, y: 10), at: 3)
        #expect(count == 1, "the view's gestureRecognizerShouldBegin said no")
    }

    @Test("Only one recognizer recognizes unless the delegate allows it; require(toFail:) and isEnabled")
    func exclusivity() {
        let (root, target, delivery) = setUp()
        var inner = 0, outer = 0
        let innerTap = UITapGestureRecognizer { _ in inner += 1 }
        let outerTap = UITapGestureRecognizer { _ in outer += 1 }
        target.addGestureRecognizer(innerTap)
        root.addGestureRecognizer(outerTap)
        click(delivery, at: CGPoint(x: 150, y: 150))
        #expect(inner == 1 && outer == 0, "the deepest recognizer wins")

        let delegate = TestGestureDelegate()
        delegate.simultaneous = true
        outerTap.delegate = delegate
        click(delivery, at: CGPoint(x: 150, y: 150), at: 1)
        #expect(inner == 2 && outer == 1)

        // With both allowed together, requiring the inner tap to fail stops the outer one.
        outerTap.require(toFail: innerTap)
        click(delivery, at: CGPoint(x: 150, y: 150), at: 2)
        #expect(inner == 3 && outer == 1)

        innerTap.isEnabled = false
        click(delivery, at: CGPoint(x: 150, y: 150), at: 3)
        #expect(inner == 3 && outer == 2, "a disabled recognizer receives nothing (and so never recognizes)")

        root.removeGestureRecognizer(outerTap)
        #expect(outerTap.view == nil)
        #expect(root.gestureRecognizers == nil)
        click(delivery, at: CGPoint(x: 150, y: 150), at: 4)
        #expect(outer == 2)
    }
}
