import OpenTextKit

/// What one page looks like before text is poured in: its size, the columns text flows
/// through, the shapes text flows around, and what is drawn on it besides the text.
///
/// Everything is in page coordinates: points from the page's top-left corner, y down.
struct PageTemplate {
    /// Something drawn on the page that is not part of the text flow.
    enum Decoration {
        /// A title (string drawing, wrapped to the rect's width).
        case title(NSAttributedString, CGRect)
        /// An image scaled into the rect.
        case image(UIImage, CGRect)
        /// A filled and outlined shape (the sample's tinted oval).
        case shape(UIBezierPath, fill: UIColor, stroke: UIColor)
    }

    var size: CGSize
    /// The text areas, in reading order.
    var columns: [CGRect]
    /// Shapes text flows around.
    var exclusions: [UIBezierPath] = []
    /// When set, text only goes inside this shape.
    var shape: UIBezierPath?
    var decorations: [Decoration] = []
    /// Whether this page is the same as every later regular page (false for a title page), so
    /// that a page of this template that takes no text means no page ever will.
    var isRegular = true
    /// The margin below the text: what scroll flow keeps under the last line.
    var bottomMargin: CGFloat = 0
    /// Where the page number goes (its centre), when pages are numbered.
    var pageNumberCenter: CGPoint?
}

extension PageTemplate {
    /// The exclusion paths for a container whose origin is `origin` on the page and whose size
    /// is `size`: the page's exclusions moved into container coordinates, plus, for a shape,
    /// a path covering everything outside it (a rectangle around container and shape with the
    /// shape as a hole, under the even-odd rule).
    func exclusionPaths(forContainerAt origin: CGPoint, size containerSize: CGSize) -> [UIBezierPath] {
        let toContainer = CGAffineTransform(translationX: -origin.x, y: -origin.y)
        var paths: [UIBezierPath] = exclusions.map { page in
            let path = page.copy() as! UIBezierPath  // swiftlint:disable:this force_cast — UIBezierPath.copy() returns a UIBezierPath
            path.apply(toContainer)
            return path
        }
        if let shape {
            let hole = shape.copy() as! UIBezierPath  // swiftlint:disable:this force_cast — as above
            hole.apply(toContainer)
            var outer = CGRect(origin: .zero, size: containerSize)
            if !hole.bounds.isNull { outer = outer.union(hole.bounds) }
            let path = UIBezierPath(rect: outer.insetBy(dx: -10, dy: -10))
            path.append(hole)
            path.usesEvenOddFillRule = true
            paths.append(path)
        }
        return paths
    }
}
