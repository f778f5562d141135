import TextKitGraphics

/// What a text container tells the layout manager it belongs to. `NSLayoutManager` (module
/// TextKit, above this one) adopts it; the container is declared here so that the types below the
/// layout manager (`NSTextAttachmentContainer`) can name it, as UIKit's do.
package protocol TextContainerOwner: AnyObject {
    /// The container's size, exclusion paths, padding or line limit changed: lay out again.
    func textContainerChangedGeometry(_ container: NSTextContainer)
    /// The container's size changed from `oldSize`: tell the delegate.
    func textContainer(_ container: NSTextContainer, didChangeSizeFrom oldSize: CGSize)
}

/// A region where text is laid out, as TextKit's `NSTextContainer`: a rectangle of `size`, minus
/// its `exclusionPaths`, or any shape a subclass gives by overriding
/// ``lineFragmentRect(forProposedRect:at:writingDirection:remaining:)``.
///
/// Coordinates are the container's own: origin at its top-left corner, y growing downward, as
/// UIKit's. Either dimension may be `CGFloat.greatestFiniteMagnitude` for "unbounded".
open class NSTextContainer: NSObject, NSTextLayoutOrientationProvider {
    // Unchecked exclusivity (as the other geometry read at every line): plain values, only read
    // or set whole.
    /// The container's size. Setting it tells the layout manager to lay text out again, then its
    /// delegate (`layoutManager(_:textContainer:didChangeGeometryFrom:)`, with the old size).
    ///
    /// Sizes from data are made usable as they are stored: a NaN or negative dimension becomes 0
    /// (a container that holds no text), an infinite one `CGFloat.greatestFiniteMagnitude`
    /// (unbounded).
    @exclusivity(unchecked) open var size: CGSize {
        didSet {
            let usable = Self.usable(size)
            if usable != size { size = usable }
            guard size != oldValue else { return }
            geometryChanged()
            owner?.textContainer(self, didChangeSizeFrom: oldValue)
        }
    }

    static func usable(_ size: CGSize) -> CGSize {
        func dimension(_ v: CGFloat) -> CGFloat { v.isNaN || v < 0 ? 0 : min(v, .greatestFiniteMagnitude) }
        return CGSize(width: dimension(size.width), height: dimension(size.height))
    }

    /// Paths (in container coordinates) that text flows around. A line that crosses one is split
    /// into fragments on either side, filled left to right.
    ///
    /// The paths are indexed by height (at the first line laid out after they are set), a path of
    /// many separate subpaths as so many shapes, so that each line only looks at the shapes near
    /// it: 100,000 paths, or one path of 100,000 rectangles, cost some tens of microseconds a line
    /// (release build), and paths far from a line nothing. A path changed in place after it was
    /// set is not seen: set the array again, as TextKit also requires.
    @exclusivity(unchecked) open var exclusionPaths: [UIBezierPath] = [] {
        didSet {
            exclusionRegion = exclusionPaths.isEmpty ? nil : ExclusionRegion(exclusionPaths)
            geometryChanged()
        }
    }

    /// The exclusion paths' shapes, indexed by height, with the answer for the last band asked
    /// (nil without paths).
    @exclusivity(unchecked) private var exclusionRegion: ExclusionRegion?

    /// What the band queries of the exclusion paths have visited since they were set (or since
    /// ``resetExclusionQueryStatistics()``): for tests that hold a line to the shapes near it.
    package var exclusionQueryStatistics: ExclusionQueryStatistics { exclusionRegion?.statistics ?? ExclusionQueryStatistics() }

    /// Zeroes ``exclusionQueryStatistics`` and forgets the last band's answer.
    package func resetExclusionQueryStatistics() { exclusionRegion?.resetStatistics() }

    /// How the last line is broken when ``maximumNumberOfLines`` cuts the text off (a truncating
    /// mode draws an ellipsis); `.byWordWrapping` by default. (Unchecked exclusivity: read at
    /// every paragraph laid out, only ever read or set whole.)
    @exclusivity(unchecked) open var lineBreakMode: NSLineBreakMode = .byWordWrapping {
        didSet { if lineBreakMode != oldValue { geometryChanged() } }
    }

    /// The inset of text inside each line fragment, at both ends (5 points by default, as TextKit).
    /// A NaN or negative padding is stored as 0, an infinite one as 10¹² points.
    @exclusivity(unchecked) open var lineFragmentPadding: CGFloat = 5 {
        didSet {
            let usable = lineFragmentPadding.isNaN ? 0 : min(max(lineFragmentPadding, 0), LayoutLimits.coordinate)
            if usable != lineFragmentPadding { lineFragmentPadding = usable }
            if lineFragmentPadding != oldValue { geometryChanged() }
        }
    }

    /// The most lines the container holds; 0 (the default) for no limit.
    @exclusivity(unchecked) open var maximumNumberOfLines: Int = 0 {
        didSet { if maximumNumberOfLines != oldValue { geometryChanged() } }
    }

    /// Whether a text view should keep the container's width equal to its own (stored for
    /// `UITextView`-style hosts; the layout manager does not use it).
    open var widthTracksTextView = false
    /// Whether a text view should keep the container's height equal to its own.
    open var heightTracksTextView = false

    /// The layout manager the container belongs to (`layoutManager`, declared with it in TextKit),
    /// set when the container is added to one. (Unchecked exclusivity: read at every caret query
    /// and keystroke, only ever read or set whole.)
    @exclusivity(unchecked) package weak var owner: (any TextContainerOwner)?

    /// Whether a dimension of 0 means "unbounded", as for a TextKit 2 layout manager's container
    /// (`NSTextContainer(size: CGSize(width: 300, height: 0))` is a column of unlimited height
    /// there). Set by `NSTextLayoutManager` while the container is its own.
    package var zeroSizeMeansUnbounded = false {
        didSet { if zeroSizeMeansUnbounded != oldValue && (size.width == 0 || size.height == 0) { geometryChanged() } }
    }

    /// The size layout uses: ``size``, with a 0 dimension read as unbounded under TextKit 2.
    package var layoutSize: CGSize {
        guard zeroSizeMeansUnbounded else { return size }
        return CGSize(width: size.width == 0 ? .greatestFiniteMagnitude : size.width,
                      height: size.height == 0 ? .greatestFiniteMagnitude : size.height)
    }

    /// Horizontal text only; vertical layout is not supported on Linux yet.
    open var layoutOrientation: NSTextLayoutOrientation { .horizontal }

    /// A container of `size`.
    public init(size: CGSize) {
        self.size = Self.usable(size)
        super.init()
    }

    /// Keyed-archive decoding, which Apple's class has through `NSSecureCoding`. Apple's archive
    /// format is not read on Linux: this makes a container of size zero. It exists because
    /// subclasses written for iOS declare `required init(coder:)`, and that must compile.
    public required init(coder: NSCoder) {
        size = .zero
        super.init()
    }

    /// An unbounded container (`greatestFiniteMagnitude` both ways), as `init()` in TextKit.
    public override convenience init() {
        self.init(size: CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
    }

    /// Whether the container is a plain rectangle, so that a line's fragment never depends on where
    /// it is: true when there are no exclusion paths and the class is `NSTextContainer` itself.
    /// TextKit asks subclasses that override ``lineFragmentRect(forProposedRect:at:writingDirection:remaining:)``
    /// to return false here; this implementation assumes any subclass may, which only costs the
    /// layout manager a faster path. The layout manager asks once after each change of its
    /// containers' geometry: a subclass whose answer changes calls
    /// `layoutManager?.textContainerChangedGeometry(self)`, as for any change of its shape.
    open var isSimpleRectangularTextContainer: Bool {
        exclusionPaths.isEmpty && type(of: self) == NSTextContainer.self
    }

    /// The part of `proposedRect` where a line can go: the proposed rect clipped to the container,
    /// minus the exclusion paths; the first free piece (leftmost for left-to-right text, rightmost
    /// for right-to-left) is returned and what lies beyond it comes back in `remainingRect`, for the
    /// next fragment of the same line: as Apple documents, the unused portion available for more
    /// text, so it begins past the excluded stretch (at the next free piece). A zero rect means no
    /// room in this band (or the band lies outside the container).
    ///
    /// The exclusion test uses the whole band from the proposed rect's top to its bottom: a path that
    /// touches any part of the band removes that stretch of x.
    open func lineFragmentRect(forProposedRect proposedRect: CGRect, at characterIndex: Int,
                               writingDirection baseWritingDirection: NSWritingDirection,
                               remaining remainingRect: UnsafeMutablePointer<CGRect>?) -> CGRect {
        remainingRect?.pointee = .zero
        let bounds = CGRect(origin: .zero, size: layoutSize)
        guard proposedRect.minY >= 0, proposedRect.maxY <= bounds.maxY + 0.001,
              proposedRect.width > 0, proposedRect.height >= 0 else { return .zero }
        let minX = max(proposedRect.minX, 0)
        let maxX = min(proposedRect.maxX, bounds.maxX)
        guard maxX > minX else { return .zero }
        let band = CGRect(x: minX, y: proposedRect.minY, width: maxX - minX, height: proposedRect.height)
        guard !exclusionPaths.isEmpty, let exclusionRegion else { return band }
        // Free pieces of a thousandth of a point or less are dropped (below): a band that narrow has
        // none, whatever the paths are (a container 5e-324 points wide beside 2,535 huge ovals asked
        // every one of them at every band: FuzzExclusion).
        guard maxX - minX > 0.001 else { return .zero }

        // The free pieces of [minX, maxX]: what the paths leave of it in the band. The region keeps
        // the band's covered intervals (those that matter inside [minX, maxX]), so the queries for
        // the rest of a row, which lies inside it, find their pieces by binary search.
        let rightToLeft = baseWritingDirection == .rightToLeft
        let (chosen, next) = exclusionRegion.withCoveredIntervals(inBandFrom: band.minY, to: band.maxY, within: minX...maxX) { covered in
            Self.freePieces(of: minX...maxX, outside: covered, fromTheRight: rightToLeft)
        }
        guard let chosen else { return .zero }
        if let next {
            // Apple: "the unused, possibly shifted, portion of proposedRect that's available for
            // further text": it starts at the next free piece, past the excluded stretch.
            if rightToLeft {
                let end = next.upperBound
                remainingRect?.pointee = CGRect(x: minX, y: band.minY, width: end - minX, height: band.height)
            } else {
                let start = next.lowerBound
                remainingRect?.pointee = CGRect(x: start, y: band.minY, width: maxX - start, height: band.height)
            }
        }
        return CGRect(x: chosen.lowerBound, y: band.minY, width: chosen.upperBound - chosen.lowerBound, height: band.height)
    }

    /// The first two pieces of `span` outside the sorted, disjoint `covered` intervals, from the left
    /// (or from the right), leaving out slivers of a thousandth of a point or less. Binary search
    /// finds where `span` starts among the intervals: O(log n) and the intervals passed over.
    static func freePieces(of span: ClosedRange<CGFloat>, outside covered: UnsafeBufferPointer<ClosedRange<CGFloat>>,
                           fromTheRight: Bool) -> (ClosedRange<CGFloat>?, ClosedRange<CGFloat>?) {
        var found: (ClosedRange<CGFloat>?, ClosedRange<CGFloat>?) = (nil, nil)
        /// Keeps `piece` unless it is a sliver; true once two are found.
        func take(_ piece: ClosedRange<CGFloat>) -> Bool {
            guard piece.upperBound - piece.lowerBound > 0.001 else { return false }
            if found.0 == nil { found.0 = piece; return false }
            found.1 = piece
            return true
        }
        func partition(_ isBefore: (ClosedRange<CGFloat>) -> Bool) -> Int {
            var low = 0, high = covered.count
            while low < high {
                let mid = (low + high) / 2
                if isBefore(covered[mid]) { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let (minX, maxX) = (span.lowerBound, span.upperBound)
        if !fromTheRight {
            var x = minX
            var i = partition { $0.upperBound <= minX }  // intervals ending before the span change nothing
            while i < covered.count {
                let interval = covered[i]
                if interval.lowerBound > x, take(x...min(interval.lowerBound, maxX)) { return found }
                x = max(x, interval.upperBound)
                if x >= maxX { return found }
                i += 1
            }
            _ = take(x...maxX)
        } else {
            var x = maxX
            var i = partition { $0.lowerBound < maxX } - 1  // nor do those starting after it
            while i >= 0 {
                let interval = covered[i]
                if interval.upperBound < x, take(max(interval.upperBound, minX)...x) { return found }
                x = min(x, interval.lowerBound)
                if x <= minX { return found }
                i -= 1
            }
            _ = take(minX...x)
        }
        return found
    }

    private func geometryChanged() {
        owner?.textContainerChangedGeometry(self)
    }
}

/// Whether text runs horizontally or vertically (only horizontal is laid out on Linux); UIKit's
/// `NSTextLayoutOrientation`, also spelled `NSLayoutManager.TextLayoutOrientation`.
public enum NSTextLayoutOrientation: Int, Sendable {
    /// Lines run left to right or right to left and stack downwards: the only orientation laid out here.
    case horizontal = 0
    /// Lines run top to bottom and stack right to left (CJK vertical text). Accepted for compatibility; laid out as `.horizontal`.
    case vertical = 1
}

/// What provides a layout orientation (TextKit's `NSTextLayoutOrientationProvider`).
public protocol NSTextLayoutOrientationProvider {
    /// The orientation text is laid out in.
    var layoutOrientation: NSTextLayoutOrientation { get }
}
