import Foundation
import Testing
@testable import TextKitGraphics

@Suite("CGAffineTransform and geometry")
struct AffineTransformTests {
    func close(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool {
        abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps
    }

    @Test("Concatenation applies the left transform first, then the right one")
    func concatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
    }

    @Test("translatedBy, scaledBy and rotated(by:) act before the existing transform, as Core Graphics")
    func prependedOperations() {
        let t = CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 110, y: 0))
        let r = CGAffineTransform.identity.rotated(by: .pi / 2)
        #expect(CGPoint(x: 1, y: 0).applying(r) == CGPoint(x: 0, y: 1))  // exact at quarter turns
    }

    @Test("A transform composed with its inverse is the identity")
    func inverse() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: -0.5).translatedBy(x: 12, y: -4)
        let round = t.concatenating(t.inverted())
        let p = CGPoint(x: 17.5, y: -3.25)
        #expect(close(p.applying(round), p))
        #expect(close(p.applying(t).applying(t.inverted()), p))
        #expect(abs(t.determinant - (3 * -0.5)) < 1e-12)
    }

    @Test("A singular transform inverts to itself, as Core Graphics")
    func singularInverse() {
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
        #expect(flat.inverse == nil)
    }

    @Test("A rotated rectangle's bounding box holds the rotated corners")
    func rectApplying() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        let box = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(box == CGRect(x: -20, y: 0, width: 20, height: 10))
        let diagonal = CGRect(x: 0, y: 0, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(abs(diagonal.width - 2 * 2.0.squareRoot()) < 1e-12)
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        let flipped = rect.applying(CGAffineTransform(scaleX: 1, y: -1))
        #expect(flipped == CGRect(x: 0, y: -20, width: 10, height: 20))
    }

    @Test("Sizes map by the linear part only")
    func sizeApplying() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3)
        #expect(CGSize(width: 1, height: 1).applying(t) == CGSize(width: 2, height: 3))
    }

    @Test("maximumScale is the larger singular value")
    func maximumScale() {
        #expect(abs(CGAffineTransform(scaleX: 2, y: 5).maximumScale - 5) < 1e-12)
        #expect(abs(CGAffineTransform(rotationAngle: 1).scaledBy(x: 3, y: 3).maximumScale - 3) < 1e-12)
    }

    @Test("inset(by:) moves each edge inwards, UIKit's top being minY")
    func edgeInsets() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let inset = rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(inset == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.inset(by: .zero) == rect)
        let outset = rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5))
        #expect(outset == CGRect(x: 5, y: 15, width: 110, height: 60))
    }

    @Test("Transforms round-trip through Codable")
    func codable() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    }
}
