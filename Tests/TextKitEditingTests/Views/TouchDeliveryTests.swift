import Foundation
import Testing
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A view that records the touches it is sent, written as iOS code writes one.
@MainActor
final class RecordingView: UIView {
    var log: [String] = []
    var locations: [CGPoint] = []
    var tapCounts: [Int] = []
    var records = true

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard records else { return super.touchesBegan(touches, with: event) }
        log.append("began")
        if let touch = touches.first { locations.append(touch.location(in: self)); tapCounts.append(touch.tapCount) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard records else { return super.touchesMoved(touches, with: event) }
        log.append("moved")
        if let touch = touches.first { locations.append(touch.location(in: self)) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard records else { return super.touchesEnded(touches, with: event) }
        log.append("ended")
        if let touch = touches.first { locations.append(touch.location(in: self)) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard records else { return super.touchesCancelled(touches, with: event) }
        log.append("cancelled")
    }
}

/// A view whose hit area is 20 points wider on every side (a common iOS override).
@MainActor
final class WideHitView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

@Suite("Touch delivery and hit testing")
@MainActor
struct TouchDeliveryTests {
    /// A root 300 × 200 with a child at (50, 40) 100 × 80, and a grandchild at (10, 10) 30 × 30.
    func hierarchy() -> (root: RecordingView, child: RecordingView, grandchild: RecordingView) {
        let root = RecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let child = RecordingView(frame: CGRect(x: 50, y: 40, width: 100, height: 80))
        let grandchild = RecordingView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        root.addSubview(child)
        child.addSubview(grandchild)
        return (root, child, grandchild)
    }

    @Test("hitTest finds the deepest view, front to back, skipping hidden, non-interactive and transparent views")
    func hitTesting() {
        let (root, child, grandchild) = hierarchy()
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === grandchild)
        #expect(root.hitTest(CGPoint(x: 140, y: 110), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 250, y: 150), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 350, y: 150), with: nil) == nil)

        // A sibling added later is in front.
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === front)
        root.sendSubviewToBack(front)
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === grandchild)
        root.bringSubviewToFront(front)
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === front)

        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === grandchild)
        grandchild.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === child)
        child.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 65, y: 55), with: nil) === root, "a non-interactive view hides its subviews too")
    }

    @Test("point(inside:with:) overrides widen the hit area; a scrolled superview's bounds origin counts")
    func pointInsideAndBoundsOrigin() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let wide = WideHitView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        root.addSubview(wide)
        #expect(root.hitTest(CGPoint(x: 85, y: 85), with: nil) === wide)
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === root)
        root.bounds.origin = CGPoint(x: 0, y: 50)  // content scrolled up by 50
        #expect(root.hitTest(CGPoint(x: 110, y: 110), with: nil) === wide)
        #expect(root.hitTest(CGPoint(x: 110, y: 60), with: nil) !== wide)
    }

    @Test("A press, drag and release go to the view hitTest found, with locations in its coordinates and the tap count")
    func deliversTouches() throws {
        let (root, _, grandchild) = hierarchy()
        let delivery = TouchDelivery(rootView: root)
        let hit = delivery.pressBegan(at: CGPoint(x: 65, y: 55), tapCount: 2, timestamp: 1)
        #expect(hit === grandchild)
        #expect(delivery.activeTouch?.phase == .began)
        #expect(delivery.activeTouch?.view === grandchild)
        delivery.pressMoved(to: CGPoint(x: 200, y: 150), timestamp: 1.1)  // outside: still the same view
        #expect(delivery.activeTouch?.previousLocation(in: nil) == CGPoint(x: 65, y: 55))
        delivery.pressEnded(at: CGPoint(x: 201, y: 150), timestamp: 1.2)
        #expect(grandchild.log == ["began", "moved", "ended"])
        #expect(grandchild.locations == [CGPoint(x: 5, y: 5), CGPoint(x: 140, y: 100), CGPoint(x: 141, y: 100)])
        #expect(grandchild.tapCounts == [2])
        #expect(delivery.activeTouch == nil)
        #expect(root.log.isEmpty)
    }

    @Test("UIResponder's default passes touches up the chain, as UIKit's does")
    func forwardsToNext() {
        let (root, child, grandchild) = hierarchy()
        grandchild.records = false
        child.records = false
        let delivery = TouchDelivery(rootView: root)
        delivery.pressBegan(at: CGPoint(x: 65, y: 55), timestamp: 0)
        delivery.pressEnded(at: CGPoint(x: 65, y: 55), timestamp: 0.1)
        #expect(root.log == ["began", "ended"])
        #expect(root.locations == [CGPoint(x: 65, y: 55), CGPoint(x: 65, y: 55)])
    }

    @Test("A press where no view takes touches delivers nothing; a second press cancels a sequence in progress")
    func missesAndCancels() {
        let (root, _, grandchild) = hierarchy()
        root.isUserInteractionEnabled = false
        let delivery = TouchDelivery(rootView: root)
        #expect(delivery.pressBegan(at: CGPoint(x: 65, y: 55), timestamp: 0) == nil)
        delivery.pressEnded(at: CGPoint(x: 65, y: 55), timestamp: 0.1)
        #expect(grandchild.log.isEmpty)
        root.isUserInteractionEnabled = true
        delivery.pressBegan(at: CGPoint(x: 65, y: 55), timestamp: 1)
        delivery.pressBegan(at: CGPoint(x: 65, y: 55), timestamp: 2)
        delivery.pressCancelled(timestamp: 3)
        #expect(grandchild.log == ["began", "cancelled", "began", "cancelled"])
    }

    @Test("UIEvent reports its touches by view and by recognizer")
    func eventQueries() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let other = UIView()
        let touch = UITouch(location: .zero, view: view)
        let event = UIEvent(touches: [touch], timestamp: 4)
        #expect(event.allTouches == [touch])
        #expect(event.touches(for: view) == [touch])
        #expect(event.touches(for: other) == nil)
        #expect(event.type == .touches)
        #expect(event.timestamp == 4)
        #expect(UIEvent(touches: [], timestamp: 0).allTouches == nil)
    }
}
