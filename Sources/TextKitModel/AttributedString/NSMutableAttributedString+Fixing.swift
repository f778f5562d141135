extension NSMutableAttributedString {
    /// The built-in work of ``NSMutableAttributedString/fixAttributes(in:)``.
    package func _fixAttributes(in range: NSRange) {
        _checkRange(range)
        guard length > 0 else { return }
        // The built-in storage knows when no character has a paragraph style or an attachment
        // (a subclass's primitives are asked every time).
        let custom = _primitives == .custom
        let fixesStyles = custom || _storage.table.holdsParagraphStyles
        let fixesAttachments = custom || _storage.table.holdsAttachments
        guard fixesStyles || fixesAttachments else { return }
        let whole = paragraphRange(for: range)
        beginEditing()
        if fixesStyles { fixParagraphStyleAttribute(in: whole) }
        if fixesAttachments { fixAttachmentAttribute(in: whole) }
        endEditing()
    }

    /// Makes `.paragraphStyle` uniform over each paragraph meeting `range`, the first character's winning.
    public func fixParagraphStyleAttribute(in range: NSRange) {
        _checkRange(range)
        var location = range.location
        let end = range.location + range.length
        while location < end {
            let paragraph = paragraphRange(for: NSRange(location: location, length: 0))
            guard paragraph.length > 0 else { break }
            var uniform = NSRange()
            let style = attribute(.paragraphStyle, at: paragraph.location, longestEffectiveRange: &uniform, in: paragraph)
            if uniform != paragraph {
                if let style {
                    addAttribute(.paragraphStyle, value: style, range: paragraph)
                } else {
                    removeAttribute(.paragraphStyle, range: paragraph)
                }
            }
            location = paragraph.location + paragraph.length
        }
    }

    /// Removes `.attachment` from the characters in `range` that are not U+FFFC.
    public func fixAttachmentAttribute(in range: NSRange) {
        _checkRange(range)
        var stray: [NSRange] = []
        enumerateAttribute(.attachment, in: range, options: []) { value, run, _ in
            guard value != nil else { return }
            let units = _utf16(in: run)
            var i = 0
            while i < units.count {
                if units[i] == UInt16(NSTextAttachment.character) { i += 1; continue }
                var j = i + 1
                while j < units.count, units[j] != UInt16(NSTextAttachment.character) { j += 1 }
                stray.append(NSRange(location: run.location + i, length: j - i))
                i = j
            }
        }
        for r in stray { removeAttribute(.attachment, range: r) }
    }
}
