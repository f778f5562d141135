import TextKitGraphics

// Where offsets and ranges of the text before an edit are in the text after it: how an edit
// (a replacement of `old` by `old.length + delta` units) moves what was recorded earlier —
// `NSTextStorage`'s pending edited ranges, and a subclass's text index (`_textRopeLag`).

extension NSAttributedString {
    /// Maps an offset in the text before a replacement of `old` (new length old.length + delta) to
    /// the text after it: offsets before the replacement stay, offsets after it move by `delta`, and
    /// offsets inside it go to its start (`isLower`) or its new end.
    package static func shift(_ x: Int, by old: NSRange, delta: Int, isLower: Bool) -> Int {
        if x >= old.location + old.length && !(old.length == 0 && x == old.location && !isLower) {
            return x + delta
        }
        if x > old.location { return isLower ? old.location : old.location + old.length + delta }
        return x
    }

    /// `range` (in the text before a replacement of `old`, new length old.length + delta) in the
    /// text after it: each end shifted as ``shift(_:by:delta:isLower:)`` says.
    package static func shift(_ range: NSRange, by old: NSRange, delta: Int) -> NSRange {
        let lo = shift(range.location, by: old, delta: delta, isLower: true)
        let hi = shift(range.location + range.length, by: old, delta: delta, isLower: false)
        return NSRange(location: lo, length: max(0, hi - lo))
    }
}
