import TextKitGraphics

// The text of a subclass, indexed. A subclass's characters can only be read through its `string`
// primitive, and reading a long `String` by UTF-16 offsets is O(n). A subclass that reports each
// change of its characters (an `NSTextStorage` subclass must call `edited(_:range:changeInLength:)`)
// gets a rope of its text, made once and then patched with the changed units at each change, so
// paragraph queries and the layout layer's reads cost O(log n) and a keystroke O(its edit) plus one
// read of `string`.

extension NSAttributedString {
    /// Notes that the characters in `range` (in the text before the change) were replaced by
    /// `range.length + delta` others, for the subclass's text rope.
    package final func _charactersDidChange(in range: NSRange, changeInLength delta: Int) {
        guard _cachedTextRope != nil else { return }
        let changed = NSRange(location: range.location, length: range.length + delta)
        guard let lag = _textRopeLag else {
            _textRopeLag = (changed, delta)
            return
        }
        _textRopeLag = (NSUnionRange(Self.shift(lag.changed, by: range, delta: delta), changed), lag.delta + delta)
    }

    /// Runs `body` on the built-in text rope, or on a rope of ``string`` for a subclass. For a
    /// subclass that reports its changes (`_reportsCharacterChanges`) the rope is kept and patched
    /// with the units of the changed range; otherwise it is built at every call, O(n).
    func _withTextRope<R>(_ body: (_UTF16Rope) -> R) -> R {
        if _primitives != .custom { return body(_storage.text) }
        guard _reportsCharacterChanges else { return body(_UTF16Rope(string)) }
        if let rope = _cachedTextRope, _textRopeLag == nil { return body(rope) }
        let rope = _updatedTextRope()
        _cachedTextRope = rope
        _textRopeLag = nil
        return body(rope)
    }

    /// The cached rope with the lagging changes applied, or a new one when there is none or the
    /// subclass's text does not match what it reported (its length differs from the rope's plus the
    /// reported changes). Reads `string` once: O(n) for the scan of its UTF-8 (all ASCII?), or its
    /// transcoding when it is not.
    private func _updatedTextRope() -> _UTF16Rope {
        var text = string
        return text.withUTF8 { utf8 in
            guard var rope = _cachedTextRope, let lag = _textRopeLag else {
                return _UTF16Rope(units: _UTF16Rope.utf16Units(ofUTF8: utf8))
            }
            // All ASCII: UTF-16 offsets are byte offsets, and only the changed bytes are widened.
            let ascii = _UTF16Rope.isASCII(utf8)
            let all = ascii ? [] : _UTF16Rope.utf16Units(ofUTF8: utf8)
            let count = ascii ? utf8.count : all.count
            let oldEnd = lag.changed.location + lag.changed.length - lag.delta
            guard count == rope.count + lag.delta, lag.changed.location >= 0,
                  lag.changed.location <= oldEnd, oldEnd <= rope.count else {
                return _UTF16Rope(units: ascii ? _UTF16Rope.utf16Units(ofUTF8: utf8) : all)
            }
            _cachedTextRope = nil  // the only reference to the rope's nodes, so the patch does not copy them
            // One more unit on each side: `string` shows a lone surrogate as U+FFFD, and a change
            // beside one can pair it (or part it from its partner).
            let lo = max(0, lag.changed.location - 1)
            let hi = min(count, lag.changed.location + lag.changed.length + 1)
            let units = ascii ? utf8[lo..<hi].map { UInt16($0) } : Array(all[lo..<hi])
            rope.replace(lo..<(hi - lag.delta), with: units)
            return rope
        }
    }
}
