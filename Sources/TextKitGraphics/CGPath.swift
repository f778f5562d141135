import Foundation

/// One drawing command of a path, in the path's own coordinates.
public enum CGPathElementKind: Sendable, Equatable {
    case moveToPoint(CGPoint)
    case addLineToPoint(CGPoint)
    case addQuadCurveToPoint(control: CGPoint, end: CGPoint)
    case addCurveToPoint(control1: CGPoint, control2: CGPoint, end: CGPoint)
    case closeSubpath
}

/// An immutable graphics path, as Core Graphics' `CGPath`: subpaths of lines and Bézier curves.
open class CGPath: @unchecked Sendable {  // immutable unless it is a CGMutablePath
    /// The path's commands in order.
    public internal(set) var elements: [CGPathElementKind]

    public init(elements: [CGPathElementKind] = []) {
        self.elements = elements
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    /// An immutable copy (the same elements).
    public func copy() -> CGPath { CGPath(elements: elements) }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }
}

/// A path that can be built up, as Core Graphics' `CGMutablePath`.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public convenience init() { self.init(elements: []) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveToPoint(point.applying(transform)))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.addLineToPoint(point.applying(transform)))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.addQuadCurveToPoint(control: control.applying(transform), end: end.applying(transform)))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        elements.append(.addCurveToPoint(control1: control1.applying(transform),
                                         control2: control2.applying(transform),
                                         end: end.applying(transform)))
    }

    public func closeSubpath() {
        elements.append(.closeSubpath)
    }
}
