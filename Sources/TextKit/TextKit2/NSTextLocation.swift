import TextKitModel
import TextKitGraphics

/// A position in a TextKit 2 document, as TextKit's `NSTextLocation`: an opaque object that a
/// content manager hands out and can compare, offset and measure (`NSTextContentManager`'s
/// `location(_:offsetBy:)` and `offset(from:to:)`).
///
/// A content manager of your own may use any class that adopts the protocol. The locations of an
/// ``NSTextContentStorage`` count UTF-16 units from the start of its text storage; like Apple's,
/// they describe a place in the text as it was when they were made, and do not follow later
/// edits.
public protocol NSTextLocation: NSObjectProtocol {
    /// Whether this location is before (`.orderedAscending`), at or after `location`.
    func compare(_ location: any NSTextLocation) -> ComparisonResult
}

/// The locations an ``NSTextContentStorage`` makes: a UTF-16 offset into its text storage (Apple's
/// private `NSCountableTextLocation`). Equal offsets are equal locations and hash alike, so they
/// can key dictionaries and be compared with `isEqual`.
final class CountableTextLocation: NSObject, NSTextLocation {
    /// UTF-16 units from the start of the document.
    let offset: Int

    init(_ offset: Int) {
        self.offset = offset
    }

    func compare(_ location: any NSTextLocation) -> ComparisonResult {
        let other = CountableTextLocation.offset(of: location)
        return offset < other ? .orderedAscending : offset > other ? .orderedDescending : .orderedSame
    }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? CountableTextLocation)?.offset == offset
    }

    override var hash: Int { offset.hashValue }

    override var description: String { "\(offset)" }

    /// The offset of a location made by a content storage. Mixing locations of different kinds is
    /// a programmer error (Apple's comparisons raise as well).
    static func offset(of location: any NSTextLocation) -> Int {
        guard let countable = location as? CountableTextLocation else {
            preconditionFailure("NSTextLocation: \(type(of: location)) is not a location of an NSTextContentStorage; compare locations of one content manager only")
        }
        return countable.offset
    }
}

extension NSTextLocation {
    /// `compare(_:) == .orderedAscending`.
    func isBefore(_ other: any NSTextLocation) -> Bool { compare(other) == .orderedAscending }
    /// `compare(_:) == .orderedSame`.
    func isAt(_ other: any NSTextLocation) -> Bool { compare(other) == .orderedSame }
}
