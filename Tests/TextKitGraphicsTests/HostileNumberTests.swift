import Foundation
import Testing
@testable import TextKitGraphics

/// The one conversion every float-to-integer step from callers or data goes through, and the
/// graphics calls that used to trap on NaN or infinity.
@Suite("Hostile numbers")
struct HostileNumberTests {
    @Test("Int(saturating:) never traps: NaN is 0, out-of-range values clamp")
    func saturatingConversion() {
        #expect(Int(saturating: CGFloat.nan) == 0)
        #expect(Int(saturating: CGFloat.infinity) == .max)
        #expect(Int(saturating: -CGFloat.infinity) == .min)
        #expect(Int(saturating: 9.3e18 as Double) == .max)
        #expect(Int(saturating: -9.3e18 as Double) == .min)
        #expect(Int64(saturating: 9.223372036854775807e18 as Double) == .max)
        #expect(Int32(saturating: Float(3e9)) == .max)
        #expect(UInt32(saturating: -1.5) == 0)
        #expect(Int(saturating: 12.9) == 12 && Int(saturating: -12.9) == -12)
    }

    @Test("Points and rects from callers are clamped: NaN acts as 0")
    func clamping() {
        #expect(CGPoint(x: CGFloat.nan, y: .infinity).clampedToLayoutLimits == CGPoint(x: 0, y: 1e12))
        let rect = CGRect(x: CGFloat.nan, y: -CGFloat.infinity, width: CGFloat.infinity, height: CGFloat.nan).clampedToLayoutLimits
        #expect(rect.minX == 0 && rect.maxX == 1e12 && rect.minY == -1e12 && rect.height == 0)
    }

    @Test("Cropping, arcs and shadows with NaN and infinite values do not trap")
    func graphics() throws {
        let image = try #require(CGImage(width: 2, height: 2, rgbaBytes: [UInt8](repeating: 255, count: 16)))
        for v in [CGFloat.nan, .infinity, -.infinity, .greatestFiniteMagnitude] {
            _ = image.cropping(to: CGRect(x: v, y: 0, width: 1, height: v))
            _ = image.cropping(to: CGRect(x: 0, y: 0, width: v, height: v))
            let path = CGMutablePath()
            path.addArc(center: .zero, radius: 10, startAngle: v, endAngle: 1, clockwise: false)
            path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: v, clockwise: true)
            let context = try CGContext(imageSize: CGSize(width: 20, height: 20))
            context.setShadow(offset: CGSize(width: v, height: v), blur: v)
            context.fill(CGRect(x: 2, y: 2, width: 5, height: 5))
            context.setShadow(offset: .zero, blur: v)
            context.fill(CGRect(x: 2, y: 2, width: 5, height: 5))
        }
    }
}

@Suite("Hostile band queries")
struct HostileBandTests {
    /// Found by the layout fuzzer: a band reaching far past a path's height made the edge index
    /// convert a bucket number beyond Int's range.
    @Test("A band of astronomical height over a small path answers")
    func hugeBand() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 1e-3))
        let intervals = path.coveredIntervals(inBandFrom: -1e300, to: 1e300, tolerance: 0.1)
        #expect(!intervals.isEmpty)
        #expect(intervals.allSatisfy { $0.lowerBound >= -0.001 && $0.upperBound <= 100.001 })
    }
}
