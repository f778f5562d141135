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
    /// subclass's text does not match what it reported (its UTF-8 length differs from the last
    /// one's plus the reported changes'). Reads `string` once; when the last text was all ASCII its
    /// offsets are byte offsets up to the change, so only the changed bytes are read, else the
    /// text is walked up to the change (eight ASCII bytes at a time).
    private func _updatedTextRope() -> _UTF16Rope {
        var text = string
        return text.withUTF8 { utf8 in
            func rebuilt() -> _UTF16Rope {
                _cachedTextUTF8Count = utf8.count
                return _UTF16Rope(units: _UTF16Rope.utf16Units(ofUTF8: utf8))
            }
            guard var rope = _cachedTextRope, let lag = _textRopeLag,
                  lag.changed.location >= 0, lag.changed.length >= 0 else { return rebuilt() }
            // One more unit on each side: `string` shows a lone surrogate as U+FFFD, and a change
            // beside one can pair it (or part it from its partner). Then out to whole scalars.
            let first = max(0, lag.changed.location - 1), last = lag.changed.location + lag.changed.length + 1
            let wasASCII = _cachedTextUTF8Count == rope.count  // then so is the text before the change
            // A subclass that did not report a change could put `first` inside a character.
            guard !wasASCII || first == utf8.count || (first < utf8.count && utf8[first] & 0xC0 != 0x80) else { return rebuilt() }
            let lower = wasASCII ? _UTF16Rope.TextPosition(utf8: first, utf16: first) : _UTF16Rope.walk(utf8, from: .init(), toUTF16: first)
            var upper = _UTF16Rope.walk(utf8, from: lower, toUTF16: last)
            if upper.utf16 < last, upper.utf8 < utf8.count {
                upper = _UTF16Rope.walk(utf8, from: upper, toUTF16: upper.utf16 + 2)  // the end fell inside a pair
            }
            let replaced = lower.utf16..<(upper.utf16 - lag.delta)  // in the rope, the text before the change
            guard replaced.lowerBound <= replaced.upperBound, replaced.upperBound <= rope.count,
                  _cachedTextUTF8Count - rope.utf8Count(in: replaced) + (upper.utf8 - lower.utf8) == utf8.count,
                  upper.utf16 - lag.delta == rope.count || upper.utf8 < utf8.count else { return rebuilt() }
            _cachedTextRope = nil  // the only reference to the rope's nodes, so the patch does not copy them
            rope.replace(replaced, with: _UTF16Rope.utf16Units(ofUTF8: UnsafeBufferPointer(rebasing: utf8[lower.utf8..<upper.utf8])))
            _cachedTextUTF8Count = utf8.count
            return rope
        }
    }
}
