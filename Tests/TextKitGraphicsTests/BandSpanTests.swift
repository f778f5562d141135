import Foundation
import Testing
@testable import TextKitGraphics

@Suite("Band spans of filled paths (exclusion paths)")
struct BandSpanTests {
    func near(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>], _ eps: CGFloat) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            abs($0.lowerBound - $1.lowerBound) <= eps && abs($0.upperBound - $1.upperBound) <= eps
        }
    }

    let rect = CGPath(rect: CGRect(x: 10, y: 20, width: 100, height: 50), transform: nil)

    @Test("A rectangle covers exactly its width in any band that overlaps it")
    func rectangle() {
        #expect(rect.coveredIntervals(inBandFrom: 0, to: 30) == [10...110])
        #expect(rect.coveredIntervals(inBandFrom: 25, to: 35) == [10...110])
        #expect(rect.coveredIntervals(inBandFrom: 0, to: 200) == [10...110])
        #expect(rect.coveredIntervals(inBandFrom: 69.9, to: 80) == [10...110])
    }

    @Test("A band that only touches a shape's top or bottom edge gets nothing")
    func touching() {
        #expect(rect.coveredIntervals(inBandFrom: 0, to: 20).isEmpty)
        #expect(rect.coveredIntervals(inBandFrom: 70, to: 90).isEmpty)
        #expect(rect.coveredIntervals(inBandFrom: 200, to: 300).isEmpty)
    }

    @Test("A zero-height band is the cross-section with the half-open fill rule")
    func zeroHeight() {
        #expect(rect.coveredIntervals(inBandFrom: 20, to: 20) == [10...110])
        #expect(rect.coveredIntervals(inBandFrom: 45, to: 45) == [10...110])
        #expect(rect.coveredIntervals(inBandFrom: 70, to: 70).isEmpty)
    }

    @Test("An oval's span is its widest chord within the band, within the tolerance")
    func oval() {
        let oval = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)  // r = 40
        // Through the middle: the full diameter (the flattening keeps the extreme points).
        #expect(near(oval.coveredIntervals(inBandFrom: 45, to: 55), [10...90], 1e-9))
        // The top quarter: widest at the band's bottom, y = 20 (30 above the centre).
        let half = (40.0 * 40 - 30 * 30).squareRoot()
        let eps = CGPath.defaultFlatteningTolerance * 40 / half + 0.02  // tolerance along x, plus Bézier error
        #expect(near(oval.coveredIntervals(inBandFrom: 10, to: 20), [(50 - half)...(50 + half)], eps))
        // The bottom part: widest at the band's top.
        #expect(near(oval.coveredIntervals(inBandFrom: 80, to: 95), [(50 - half)...(50 + half)], eps))
        // Touching only the top point.
        #expect(oval.coveredIntervals(inBandFrom: 0, to: 10).isEmpty)
        // Overlapping the top by a little gives a small interval around x = 50.
        let sliver = oval.coveredIntervals(inBandFrom: 0, to: 10.5)
        #expect(sliver.count == 1)
        #expect(sliver.first.map { $0.contains(50) && $0.upperBound - $0.lowerBound < 20 } == true)
    }

    @Test("A square with a square hole: even-odd leaves the hole, winding fills it")
    func hole() {
        let frame = CGMutablePath()
        frame.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        frame.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))  // same direction
        #expect(frame.coveredIntervals(inBandFrom: 40, to: 60, fillRule: .evenOdd) == [0...25, 75...100])
        #expect(frame.coveredIntervals(inBandFrom: 40, to: 60, fillRule: .winding) == [0...100])
        // A band reaching above the hole is covered across (the union over the band).
        #expect(frame.coveredIntervals(inBandFrom: 10, to: 30, fillRule: .evenOdd) == [0...100])
        // UIBezierPath uses its own rule.
        let bezier = UIBezierPath(cgPath: frame)
        bezier.usesEvenOddFillRule = true
        #expect(bezier.coveredIntervals(inBandFrom: 40, to: 60) == [0...25, 75...100])
    }

    @Test("A reversed inner contour makes a hole under winding too")
    func reversedHole() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addPath(CGPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50), transform: nil).reversed())
        #expect(path.coveredIntervals(inBandFrom: 40, to: 60, fillRule: .winding) == [0...25, 75...100])
    }

    @Test("Crossing edges inside a band are handled exactly (a bow tie)")
    func bowTie() {
        let tie = CGMutablePath()
        tie.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 100)])
        tie.closeSubpath()
        #expect(tie.coveredIntervals(inBandFrom: 0, to: 20) == [0...20, 80...100])
        #expect(tie.coveredIntervals(inBandFrom: 30, to: 45) == [0...45, 55...100])
        // The two triangles meet at x = 50, y = 50, inside this band: one merged interval.
        #expect(tie.coveredIntervals(inBandFrom: 40, to: 60) == [0...100])
    }

    @Test("The pentagram's doubly wound centre depends on the fill rule")
    func star() {
        let star = pentagram()
        let y = CGFloat(55)  // a thin band through the centre pentagon, below the arms' inner corners
        let winding = star.coveredIntervals(inBandFrom: y, to: y + 0.01, fillRule: .winding)
        let evenOdd = star.coveredIntervals(inBandFrom: y, to: y + 0.01, fillRule: .evenOdd)
        #expect(winding.count == 1)
        #expect(evenOdd.count == 2)
        #expect(winding.first?.contains(50) == true)
        #expect(!evenOdd.contains { $0.contains(50) })
    }

    @Test("Degenerate paths cover nothing")
    func degenerate() {
        #expect(CGMutablePath().coveredIntervals(inBandFrom: 0, to: 10).isEmpty)
        let line = CGMutablePath()
        line.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10)])
        #expect(line.coveredIntervals(inBandFrom: 0, to: 10).isEmpty)
        let point = CGMutablePath()
        point.move(to: CGPoint(x: 5, y: 5))
        #expect(point.coveredIntervals(inBandFrom: 0, to: 10).isEmpty)
        #expect(rect.coveredIntervals(inBandFrom: .nan, to: 10).isEmpty)
    }

    @Test("Open subpaths are filled as if closed")
    func openSubpath() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 100)])
        #expect(triangle.coveredIntervals(inBandFrom: 50, to: 60) == [0...50])
    }

    @Test("Many shapes in one path: intervals are sorted and merged")
    func manyShapes() {
        let path = CGMutablePath()
        for i in stride(from: 0, to: 1000, by: 10) {
            path.addRect(CGRect(x: CGFloat(i), y: CGFloat(i % 50), width: 5, height: 20))
        }
        let spans = path.coveredIntervals(inBandFrom: 0, to: 5)
        // Rects with y = i % 50 in [0, 5): i % 50 == 0 only.
        let expected: [ClosedRange<CGFloat>] = stride(from: 0, to: 1000, by: 50).map { i in
            let x = CGFloat(i)
            return x...(x + 5)
        }
        #expect(spans == expected)
        let all = path.coveredIntervals(inBandFrom: 0, to: 100)
        #expect(all.count == 100)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
    }
}
