import TextKitGraphics
import TextKitModel

/// The positions OpenTextKit's text views hand out: a UTF-16 offset in the text.
@MainActor
final class IndexedPosition: UITextPosition {
    /// UTF-16 offset from the start of the text.
    let offset: Int

    init(_ offset: Int) {
        self.offset = offset
        super.init()
    }

    override var description: String { "IndexedPosition(\(offset))" }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? IndexedPosition)?.offset == offset
    }

    override var hash: Int { offset.hashValue }
}

/// The ranges OpenTextKit's text views hand out: a UTF-16 range of the text.
@MainActor
final class IndexedRange: UITextRange {
    /// The range, in UTF-16 offsets.
    let range: NSRange

    init(_ range: NSRange) {
        self.range = range
        super.init()
    }

    convenience init(_ lower: Int, _ upper: Int) {
        self.init(NSRange(location: min(lower, upper), length: abs(upper - lower)))
    }

    override var start: UITextPosition { IndexedPosition(range.location) }
    override var end: UITextPosition { IndexedPosition(range.location + range.length) }
    override var isEmpty: Bool { range.length == 0 }

    override var description: String { "IndexedRange(\(range.location), \(range.length))" }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? IndexedRange)?.range == range
    }

    override var hash: Int { range.location.hashValue ^ range.length.hashValue }
}

/// A selection rect from the layout manager, in the view's coordinates.
@MainActor
final class TextSelectionRect: UITextSelectionRect {
    private let values: (rect: CGRect, direction: NSWritingDirection, containsStart: Bool, containsEnd: Bool)

    init(rect: CGRect, writingDirection: NSWritingDirection, containsStart: Bool, containsEnd: Bool) {
        values = (rect, writingDirection, containsStart, containsEnd)
        super.init()
    }

    override var rect: CGRect { values.rect }
    override var writingDirection: NSWritingDirection { values.direction }
    override var containsStart: Bool { values.containsStart }
    override var containsEnd: Bool { values.containsEnd }
}
