import Foundation
import Testing
@testable import TextKitGraphics

/// A five-pointed star drawn by joining every second vertex: its centre pentagon is wound twice.
func pentagram(center: CGPoint = CGPoint(x: 50, y: 50), radius: CGFloat = 40) -> CGMutablePath {
    let path = CGMutablePath()
    for i in 0..<5 {
        let angle = -CGFloat.pi / 2 + CGFloat(i * 2) * 2 * .pi / 5
        let p = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
    }
    path.closeSubpath()
    return path
}

@Suite("CGPath and UIBezierPath geometry")
struct PathTests {
    func near(_ a: CGRect, _ b: CGRect, _ eps: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= eps && abs(a.minY - b.minY) <= eps
            && abs(a.maxX - b.maxX) <= eps && abs(a.maxY - b.maxY) <= eps
    }

    @Test("A rectangle path is move, three lines and close, and reports itself as a rectangle")
    func rectangleElements() {
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        var types: [CGPathElementType] = []
        var firstPoint = CGPoint.zero
        path.applyWithBlock { element in
            if types.isEmpty { firstPoint = element.pointee.points[0] }
            types.append(element.pointee.type)
        }
        #expect(types == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(firstPoint == CGPoint(x: 1, y: 2))
        var rect = CGRect.zero
        #expect(path.isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(!CGPath(ellipseIn: rect, transform: nil).isRect(nil))
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))  // back at the start after close
    }

    @Test("The bounding box of a half-circle arc is exact")
    func arcBoundingBox() {
        let half = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi,
                                clockwise: true)
        #expect(half.cgPath.boundingBoxOfPath == CGRect(x: 40, y: 50, width: 20, height: 10))
        #expect(half.currentPoint == CGPoint(x: 40, y: 50))
        // A three-quarter sweep across two axes: the extremes at 0 and π/2 are exact.
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 10, startAngle: -.pi / 4, endAngle: 3 * .pi / 4, clockwise: false)
        let s = 10 / 2.0.squareRoot()
        #expect(near(arc.boundingBoxOfPath, CGRect(x: -s, y: -s, width: s + 10, height: s + 10), 1e-12))
        // boundingBox also holds the control points.
        #expect(arc.boundingBox.contains(arc.boundingBoxOfPath))
    }

    @Test("CGPath's clockwise is UIKit's counter-clockwise")
    func clockwiseFlags() {
        let cg = CGMutablePath()
        cg.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)  // decreasing: 3/4 turn
        #expect(cg.boundingBoxOfPath == CGRect(x: -1, y: -1, width: 2, height: 2))
        let ui = UIBezierPath(arcCenter: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(ui.cgPath.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test("Rounded rectangles and ellipses have exact bounds")
    func roundedRectBounds() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let rounded = UIBezierPath(roundedRect: rect, cornerRadius: 8)
        #expect(rounded.cgPath.boundingBoxOfPath == rect)
        #expect(rounded.bounds == rect)  // control points lie on the edges
        let huge = UIBezierPath(roundedRect: rect, cornerRadius: 500)  // clamped to a stadium
        #expect(huge.cgPath.boundingBoxOfPath == rect)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        #expect(ellipse.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 30, height: 20))
        let some = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight],
                                cornerRadii: CGSize(width: 10, height: 10))
        #expect(some.cgPath.boundingBoxOfPath == rect)
        #expect(some.contains(CGPoint(x: 109, y: 21)))   // sharp top-right corner
        #expect(!some.contains(CGPoint(x: 11, y: 21)))   // rounded top-left corner
    }

    @Test("A cubic's tight bounds come from its extremes, not its control points")
    func cubicBounds() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 3, y: 0), control1: CGPoint(x: 1, y: 3), control2: CGPoint(x: 2, y: 3))
        // B(1/2).y = 3/4·3 = 2.25
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 3, height: 2.25))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 3, height: 3))
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test("A self-overlapping star holds its centre under winding but not under even-odd")
    func starContainment() {
        let star = pentagram()
        let center = CGPoint(x: 50, y: 50)
        #expect(star.contains(center, using: .winding))
        #expect(!star.contains(center, using: .evenOdd))
        let arm = CGPoint(x: 50, y: 15)  // inside the top point, wound once
        #expect(star.contains(arm, using: .winding))
        #expect(star.contains(arm, using: .evenOdd))
        #expect(!star.contains(CGPoint(x: 5, y: 5)))
        let bezier = UIBezierPath(cgPath: star)
        #expect(bezier.contains(center))
        bezier.usesEvenOddFillRule = true
        #expect(!bezier.contains(center))
    }

    @Test("contains(_:using:transform:) tests against the transformed path")
    func containsWithTransform() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let moved = CGAffineTransform(translationX: 100, y: 0)
        #expect(square.contains(CGPoint(x: 105, y: 5), transform: moved))
        #expect(!square.contains(CGPoint(x: 5, y: 5), transform: moved))
    }

    @Test("copy(using:) maps every point and keeps the structure")
    func transformedCopy() throws {
        var t = CGAffineTransform(scaleX: 2, y: 2)
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let copy = try #require(path.copy(using: &t))
        #expect(copy.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(copy.elements.count == path.elements.count)
        #expect(path.copy(using: nil) == path)
    }

    @Test("addArc(tangent1End:tangent2End:radius:) rounds a corner tangent to both lines")
    func tangentArc() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        #expect(abs(path.currentPoint.x - 10) < 1e-12 && abs(path.currentPoint.y - 4) < 1e-12)
        let box = path.boundingBoxOfPath
        #expect(abs(box.maxX - 10) < 1e-12 && abs(box.maxY - 4) < 1e-12)
        guard case .addLineToPoint(let tangentPoint) = path.elements[1] else {
            Issue.record("expected a line to the first tangent point, got \(path.elements[1])")
            return
        }
        #expect(abs(tangentPoint.x - 6) < 1e-12 && tangentPoint.y == 0)
    }

    @Test("reversing() keeps the shape and closedness but runs the other way")
    func reversing() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 10), controlPoint1: CGPoint(x: 15, y: 2), controlPoint2: CGPoint(x: 15, y: 8))
        path.close()
        path.lineWidth = 3
        let reversed = path.reversing()
        #expect(reversed.lineWidth == 3)
        #expect(reversed.cgPath.elements == [
            .moveToPoint(CGPoint(x: 10, y: 10)),
            .addCurveToPoint(control1: CGPoint(x: 15, y: 8), control2: CGPoint(x: 15, y: 2), end: CGPoint(x: 10, y: 0)),
            .addLineToPoint(CGPoint(x: 0, y: 0)),
            .closeSubpath,
        ])
        #expect(reversed.cgPath.boundingBoxOfPath == path.cgPath.boundingBoxOfPath)
        #expect(reversed.reversing().cgPath == path.cgPath)
    }

    @Test("UIBezierPath builds, appends, transforms and reports emptiness")
    func bezierBuilding() {
        let path = UIBezierPath()
        #expect(path.isEmpty)
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 1))
        path.addQuadCurve(to: CGPoint(x: 5, y: 5), controlPoint: CGPoint(x: 7, y: 3))
        #expect(!path.isEmpty)
        #expect(path.currentPoint == CGPoint(x: 5, y: 5))
        path.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 1, height: 1)))
        #expect(path.bounds == CGRect(x: 1, y: 1, width: 10, height: 10))
        path.apply(CGAffineTransform(translationX: 1, y: 0))
        #expect(path.bounds.minX == 2)
        let snapshot = path.cgPath
        #expect(path.cgPath === snapshot)   // no mutation: the same snapshot (and its caches)
        path.addLine(to: .zero)
        #expect(path.cgPath !== snapshot)
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    @Test("Flattening keeps every chord within the tolerance of a circle")
    func flattening() throws {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        let subpaths = circle.flattenedSubpaths(tolerance: 0.1)
        let points = try #require(subpaths.first)
        #expect(subpaths.count == 1)
        #expect(points.first == points.last)
        for (p, q) in zip(points, points.dropFirst()) {
            let mid = CGPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            let sagitta = 100 - hypot(mid.x, mid.y)
            #expect(sagitta < 0.1 + 0.03)  // chord error + the Bézier circle's own error (≤ 0.027)
        }
        #expect(points.count < 200)
    }
}
