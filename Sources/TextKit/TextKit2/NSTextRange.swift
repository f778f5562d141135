import TextKitGraphics
import TextKitModel

/// A range between two locations of a TextKit 2 document, as TextKit's `NSTextRange`: from
/// ``location`` (included) to ``endLocation`` (excluded). Ranges are values in spirit: they never
/// change after they are made.
open class NSTextRange: NSObject {
    private let start: any NSTextLocation
    private let end: any NSTextLocation

    /// The start (the first location in the range).
    open var location: any NSTextLocation { start }
    /// The end (the first location after the range; equal to ``location`` when empty).
    open var endLocation: any NSTextLocation { end }

    /// The range from `location` to `end` (an empty range at `location` when `end` is nil); nil
    /// when `end` comes before `location`.
    public init?(location: any NSTextLocation, end: (any NSTextLocation)?) {
        let end = end ?? location
        guard location.compare(end) != .orderedDescending else { return nil }
        self.start = location
        self.end = end
        super.init()
    }

    /// The empty range at `location`.
    public convenience init(location: any NSTextLocation) {
        self.init(location: location, end: nil)!
    }

    /// Whether the range holds no location (its start is its end).
    open var isEmpty: Bool { location.compare(endLocation) == .orderedSame }

    /// Whether both ranges start and end at the same locations.
    open func isEqual(to textRange: NSTextRange) -> Bool {
        location.isAt(textRange.location) && endLocation.isAt(textRange.endLocation)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSTextRange else { return false }
        return isEqual(to: other)
    }

    open override var hash: Int { location.hash &* 31 &+ endLocation.hash }

    /// Whether `location` lies in the range: at or after its start and before its end (an empty
    /// range contains nothing).
    open func contains(_ location: any NSTextLocation) -> Bool {
        !location.isBefore(self.location) && location.isBefore(endLocation)
    }

    /// Whether `textRange` lies wholly within this range (an empty range at this range's end
    /// included).
    open func contains(_ textRange: NSTextRange) -> Bool {
        !textRange.location.isBefore(location) && !endLocation.isBefore(textRange.endLocation)
    }

    /// Whether the ranges share a location, or an empty one lies within the other (ranges that
    /// only touch do not intersect).
    open func intersects(_ textRange: NSTextRange) -> Bool {
        if isEmpty || textRange.isEmpty {
            let (empty, other) = isEmpty ? (self, textRange) : (textRange, self)
            return other.isEmpty ? empty.location.isAt(other.location) : other.contains(empty.location)
        }
        return location.isBefore(textRange.endLocation) && textRange.location.isBefore(endLocation)
    }

    /// The locations both ranges hold; nil when they do not ``intersects(_:)``.
    open func intersection(_ textRange: NSTextRange) -> NSTextRange? {
        guard intersects(textRange) else { return nil }
        let start = location.isBefore(textRange.location) ? textRange.location : location
        let end = endLocation.isBefore(textRange.endLocation) ? endLocation : textRange.endLocation
        return NSTextRange(location: start, end: end)
    }

    /// The smallest range holding both ranges (and anything between them).
    open func union(_ textRange: NSTextRange) -> NSTextRange {
        let start = textRange.location.isBefore(location) ? textRange.location : location
        let end = endLocation.isBefore(textRange.endLocation) ? textRange.endLocation : endLocation
        return NSTextRange(location: start, end: end)!
    }

    open override var description: String { "{\(location), \(endLocation)}" }
}
